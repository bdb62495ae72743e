/**
 * Plex Media Server JSON (`Accept: application/json`): everything is wrapped in a
 * `MediaContainer`; lists are `Metadata`, `Directory`, `Account`. Names as in Plex's API.
 * Plex omits empty lists entirely, hence `list` (absent = empty) for the nested ones.
 */
import {
  boolean,
  idString,
  integer,
  list,
  number,
  object,
  optional,
  raw,
  record,
  ShapeError,
  string,
  type Decoder,
} from '../decode';

export interface PlexStream {
  /** 1 video, 2 audio, 3 subtitle. */
  streamType: number;
  codec: string | null;
  colorTrc: string | null;
  DOVIPresent: boolean | null;
}

export interface PlexPart {
  id: string;
  file: string | null;
  size: number | null;
  duration: number | null;
  container: string | null;
  Stream: PlexStream[];
}

export interface PlexMedia {
  id: string;
  duration: number | null;
  /** kbps. */
  bitrate: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  /** `sd`, `480`, `720`, `1080`, `4k`. */
  videoResolution: string | null;
  container: string | null;
  Part: PlexPart[];
}

export interface PlexMetadata {
  ratingKey: string;
  /** `movie`, `show`, `season`, `episode`, `collection`. */
  type: string | null;
  title: string | null;
  originalTitle: string | null;
  year: number | null;
  /** Epoch seconds. */
  addedAt: unknown;
  updatedAt: unknown;
  /** `YYYY-MM-DD`. */
  originallyAvailableAt: unknown;
  parentRatingKey: string | null;
  grandparentRatingKey: string | null;
  index: number | null;
  parentIndex: number | null;
  Guid: { id: string }[];
  Genre: { tag: string }[];
  Media: PlexMedia[];
}

export interface PlexDirectory {
  key: string;
  title: string;
  /** `movie`, `show`, `artist`, `photo`. */
  type: string;
  Location: { path: string }[];
}

export interface PlexHistoryEntry {
  historyKey: string;
  ratingKey: string | null;
  parentRatingKey: string | null;
  grandparentRatingKey: string | null;
  type: string | null;
  accountID: string;
  viewedAt: unknown;
}

export interface PlexContainer<T> {
  size: number | null;
  totalSize: number | null;
  items: T[];
}

const stream: Decoder<PlexStream> = object({
  streamType: integer,
  codec: optional(string),
  colorTrc: optional(string),
  // Plex sends `DOVIPresent: true`; older builds sent `1`.
  DOVIPresent: (v) => (v === 1 ? true : v === 0 ? false : optional(boolean)(v)),
});

const part: Decoder<PlexPart> = object({
  id: idString,
  file: optional(string),
  size: optional(number),
  duration: optional(number),
  container: optional(string),
  Stream: list(stream),
});

const media: Decoder<PlexMedia> = object({
  id: idString,
  duration: optional(number),
  bitrate: optional(number),
  width: optional(integer),
  height: optional(integer),
  videoCodec: optional(string),
  videoResolution: optional(idString),
  container: optional(string),
  Part: list(part),
});

export const metadata: Decoder<PlexMetadata> = object({
  ratingKey: idString,
  type: optional(string),
  title: optional(string),
  originalTitle: optional(string),
  year: optional(integer),
  addedAt: raw,
  updatedAt: raw,
  originallyAvailableAt: raw,
  parentRatingKey: optional(idString),
  grandparentRatingKey: optional(idString),
  index: optional(integer),
  parentIndex: optional(integer),
  Guid: list(object({ id: string })),
  Genre: list(object({ tag: string })),
  Media: list(media),
});

export const directory: Decoder<PlexDirectory> = object({
  key: idString,
  title: string,
  type: string,
  Location: list(object({ path: string })),
});

export const historyEntry: Decoder<PlexHistoryEntry> = object({
  historyKey: string,
  ratingKey: optional(idString),
  parentRatingKey: optional(idString),
  grandparentRatingKey: optional(idString),
  type: optional(string),
  accountID: idString,
  viewedAt: raw,
});

export const account: Decoder<{ id: string; name: string }> = object({
  id: idString,
  name: string,
});

export const identity: Decoder<{ MediaContainer: { machineIdentifier: string; version: string } }> =
  object({
    MediaContainer: object({ machineIdentifier: string, version: string }),
  });

/** Unwraps `MediaContainer` and its list under `key` (`Metadata`, `Directory`, `Account`). */
export function container<T>(key: string, item: Decoder<T>): Decoder<PlexContainer<T>> {
  const outer = object({ MediaContainer: record });
  const counts = object({ size: optional(integer), totalSize: optional(integer) });
  const items = list(item);
  return (value) => {
    const inner = outer(value).MediaContainer;
    try {
      const { size, totalSize } = counts(inner);
      return { size, totalSize, items: within(key, () => items(inner[key])) };
    } catch (error) {
      throw error instanceof ShapeError ? error.within('MediaContainer') : error;
    }
  };
}

function within<T>(key: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw error instanceof ShapeError ? error.within(key) : error;
  }
}
