import type { Events } from '@mcs/contracts';

/**
 * The rule inputs besides the media facts, as catalog sends them (domain.md 1.7, 1.8): watch data
 * and requests of one root, and what every root of a page shares (playback users, free space per
 * disk).
 */
type Schemas = Events.components['schemas'];
export type WatchItem = Schemas['WatchDataItem'];
export type WatchState = Schemas['WatchState'];
export type EpisodeWatch = Schemas['EpisodeWatchData'];
export type PlaybackUser = Schemas['PlaybackUser'];
export type RequestFacts = Schemas['SeerrRequestFacts'];
/** Free percent per opaque disk id. */
export type DiskFree = ReadonlyMap<string, number>;

export interface RootInputs {
  /**
   * null: catalog reported no play and no favourite for the root. It publishes watch data only
   * for items that have some, so with the playback source available this means "never played".
   */
  watch: WatchItem | null;
  /** Every request of the root, all statuses; [] when it has none. */
  requests: readonly RequestFacts[];
  users: readonly PlaybackUser[];
  diskFree: DiskFree;
}

/** A root with no watch data and no request, on a library with no known user or disk. */
export const NO_INPUTS: RootInputs = { watch: null, requests: [], users: [], diskFree: new Map() };

/** Requests that count (1.8): not declined, and for a season or episode covering its season. */
export function liveRequests(
  requests: readonly RequestFacts[],
  seasonNumber: number | null,
): RequestFacts[] {
  return requests.filter(
    (request) =>
      request.status !== 'declined' &&
      (seasonNumber === null ||
        request.season_numbers.length === 0 ||
        request.season_numbers.includes(seasonNumber)),
  );
}

/** The Seerr user key of a request's requester (rule field seerr.requested_by). */
export const requesterKey = (request: RequestFacts) =>
  `${request.service_config_id}:${request.requested_by}`;

/**
 * How a media server is named in reports. Service names are catalog's settings, which this
 * service does not hold; the type and the service id name the server unambiguously.
 */
export const serverName = (type: string | null, serviceConfigId: number) =>
  `${type ?? 'service'} ${serviceConfigId}`;
