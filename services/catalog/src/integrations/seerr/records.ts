/** Neutral Seerr records (§1.8). */
import type { Events } from '@mcs/contracts';

/** Seerr's numeric status, normalized as the requests event carries it. */
export type SeerrRequestStatus = Events.components['schemas']['SeerrRequestFacts']['status'];

export interface SeerrUser {
  externalId: number;
  displayName: string;
  username: string | null;
  email: string | null;
  plexId: string | null;
  plexUsername: string | null;
  jellyfinUserId: string | null;
  jellyfinUsername: string | null;
}

export interface SeerrRequest {
  externalId: number;
  /** Seerr's media id: what `DELETE /api/v1/media/{id}` clears. */
  seerrMediaId: number;
  mediaType: 'movie' | 'series';
  tmdbId: number | null;
  tvdbId: string | null;
  status: SeerrRequestStatus;
  is4k: boolean;
  requestedBy: SeerrUser | null;
  requestedAt: Date | null;
  updatedAt: Date | null;
  /** Series only; empty = all seasons. */
  seasonNumbers: number[];
}

export interface SeerrStatus {
  version: string;
  /** The account the API key belongs to. */
  userId: number;
  userName: string;
}
