/** Seerr resources → neutral records (§1.8, §2.12). */
import type { DateSanitiser } from '../dates';
import { tmdbIdOf, tvdbIdOf } from '../ids';
import type { SeerrMediaRequestResource, SeerrUserResource } from './api-types';
import type { SeerrRequest, SeerrRequestStatus, SeerrUser } from './records';

const STATUSES: Record<number, SeerrRequestStatus> = {
  1: 'pending',
  2: 'approved',
  3: 'declined',
  4: 'failed',
  5: 'completed',
};

export function toSeerrUser(user: SeerrUserResource): SeerrUser {
  return {
    externalId: user.id,
    displayName:
      user.displayName ??
      user.username ??
      user.plexUsername ??
      user.jellyfinUsername ??
      user.email ??
      `#${user.id}`,
    username: user.username,
    email: user.email,
    plexId: user.plexId === null ? null : String(user.plexId),
    plexUsername: user.plexUsername,
    jellyfinUserId: user.jellyfinUserId,
    jellyfinUsername: user.jellyfinUsername,
  };
}

/**
 * Returns null for media types we do not catalog (music in some forks). A status number added
 * by a later Seerr version counts as pending: a request in an unknown state still protects.
 */
export function toSeerrRequest(
  request: SeerrMediaRequestResource,
  dates: DateSanitiser,
): SeerrRequest | null {
  const mediaType =
    request.media.mediaType === 'movie'
      ? 'movie'
      : request.media.mediaType === 'tv'
        ? 'series'
        : null;
  if (mediaType === null) return null;
  return {
    externalId: request.id,
    seerrMediaId: request.media.id,
    mediaType,
    tmdbId: tmdbIdOf(request.media.tmdbId),
    tvdbId: tvdbIdOf(request.media.tvdbId),
    status: STATUSES[request.status] ?? 'pending',
    is4k: request.is4k ?? false,
    requestedBy: request.requestedBy ? toSeerrUser(request.requestedBy) : null,
    requestedAt: dates.event('requested_at', request.createdAt),
    updatedAt: dates.event('updated_at', request.updatedAt),
    seasonNumbers:
      mediaType === 'series' ? request.seasons.map((season) => season.seasonNumber) : [],
  };
}
