/**
 * Tautulli API v2 (§2.8). Every answer is wrapped in `{response: {result, message, data}}`;
 * `result: "error"` can come with HTTP 200, so the envelope is checked, not just the status.
 */
import {
  array,
  idString,
  integer,
  numeric,
  object,
  optional,
  raw,
  string,
  type Decoder,
} from '../decode';

export interface TautulliEnvelope {
  response: { result: string; message: string | null; data: unknown };
}

export interface TautulliUser {
  user_id: string;
  username: string;
  email: string | null;
  friendly_name: string | null;
}

export interface TautulliHistoryRow {
  /** Row id of the history table; null for a session still in progress. */
  id: string | null;
  user_id: string;
  rating_key: string;
  parent_rating_key: string | null;
  grandparent_rating_key: string | null;
  /** `movie`, `episode`, `track`, … */
  media_type: string;
  started: unknown;
  stopped: unknown;
  play_duration: number | null;
  percent_complete: number | null;
  /** 0, 0.5 or 1 (1 = watched). */
  watched_status: number | null;
}

export interface TautulliHistoryData {
  recordsFiltered: number;
  data: TautulliHistoryRow[];
}

export const envelope: Decoder<TautulliEnvelope> = object({
  response: object({ result: string, message: optional(string), data: raw }),
});

export const info: Decoder<{ tautulli_version: string }> = object({ tautulli_version: string });

export const users: Decoder<TautulliUser[]> = array(
  object({
    user_id: idString,
    username: string,
    email: optional(string),
    friendly_name: optional(string),
  }),
);

/** Empty strings stand for "none" in Tautulli's parent keys of movies. */
const optionalKey: Decoder<string | null> = (value) =>
  value === '' ? null : optional(idString)(value);

export const history: Decoder<TautulliHistoryData> = object({
  recordsFiltered: integer,
  data: array(
    object({
      id: optionalKey,
      user_id: idString,
      rating_key: idString,
      parent_rating_key: optionalKey,
      grandparent_rating_key: optionalKey,
      media_type: string,
      started: raw,
      stopped: raw,
      play_duration: optional(numeric),
      percent_complete: optional(numeric),
      watched_status: optional(numeric),
    }),
  ),
});
