/**
 * Overseerr/Jellyseerr API v1 (§2.7): MediaRequest, User, PageInfo, as in their OpenAPI
 * document. Jellyseerr adds the `jellyfin*` user fields; Overseerr omits them.
 */
import {
  array,
  boolean,
  integer,
  list,
  object,
  optional,
  raw,
  string,
  type Decoder,
} from '../decode';

export interface SeerrUserResource {
  id: number;
  email: string | null;
  username: string | null;
  displayName: string | null;
  plexId: number | null;
  plexUsername: string | null;
  jellyfinUserId: string | null;
  jellyfinUsername: string | null;
}

export interface SeerrMediaResource {
  id: number;
  tmdbId: number | null;
  tvdbId: number | null;
  /** `movie` or `tv`. */
  mediaType: string;
}

export interface SeerrMediaRequestResource {
  id: number;
  /** 1 pending, 2 approved, 3 declined, 4 failed, 5 completed. */
  status: number;
  is4k: boolean | null;
  createdAt: unknown;
  updatedAt: unknown;
  media: SeerrMediaResource;
  seasons: { seasonNumber: number }[];
  requestedBy: SeerrUserResource | null;
}

export interface SeerrPage<T> {
  pageInfo: { pages: number; pageSize: number | null; results: number; page: number | null };
  results: T[];
}

export const user: Decoder<SeerrUserResource> = object({
  id: integer,
  email: optional(string),
  username: optional(string),
  displayName: optional(string),
  plexId: optional(integer),
  plexUsername: optional(string),
  jellyfinUserId: optional(string),
  jellyfinUsername: optional(string),
});

export const mediaRequest: Decoder<SeerrMediaRequestResource> = object({
  id: integer,
  status: integer,
  is4k: optional(boolean),
  createdAt: raw,
  updatedAt: raw,
  media: object({
    id: integer,
    tmdbId: optional(integer),
    tvdbId: optional(integer),
    mediaType: string,
  }),
  seasons: list(object({ seasonNumber: integer })),
  requestedBy: optional(user),
});

export function page<T>(item: Decoder<T>): Decoder<SeerrPage<T>> {
  return object({
    pageInfo: object({
      pages: integer,
      pageSize: optional(integer),
      results: integer,
      page: optional(integer),
    }),
    results: array(item),
  });
}

export const status: Decoder<{ version: string }> = object({ version: string });
