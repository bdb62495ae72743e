import type { InternalApi } from '@mcs/contracts';
import type { PlaybackUser, RequestFacts, WatchState } from './inputs';
import { requesterKey, serverName } from './inputs';

/**
 * Requester watch (domain.md 10): the single implementation of `seerr.requester_has_watched`.
 * The scan's facts take its `value`; `GET /api/rules/requester-watch-explain` returns the whole
 * report. Pure. Source availability is applied by the caller exactly as the evaluator applies it
 * to every field (2.13), so the report and the scan cannot disagree.
 */

type NonEmpty<T> = [T, ...T[]];

/** One movie or episode a requester must have completed. */
export interface RequiredItem {
  movieId: number | null;
  episodeId: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  airDate: string | null;
}

/** Completed watch states by item (`itemKey`), built once per root. */
export type Completions = ReadonlyMap<string, readonly WatchState[]>;

export const itemKey = (item: { movieId?: number | null; episodeId?: number | null }) =>
  item.movieId ? `m:${item.movieId}` : `e:${item.episodeId}`;

export function completionsOf(states: readonly WatchState[]): Completions {
  const byItem = new Map<string, WatchState[]>();
  for (const state of states) {
    if (!state.completed) continue;
    const key = itemKey({ movieId: state.movie_id, episodeId: state.episode_id });
    const list = byItem.get(key) ?? [];
    list.push(state);
    byItem.set(key, list);
  }
  return byItem;
}

/** The report's shapes are the contract's (internal.yaml RequesterWatchRequester). */
export type RequesterReport = InternalApi.components['schemas']['RequesterWatchRequester'];
export type IdentityTried = RequesterReport['identities_tried'][number];
type MatchedBy = IdentityTried['matched_by'];
export type RequesterVerdict = RequesterReport['verdict'];

export type IdentityCache = Map<string, IdentityTried[]>;

export interface RequesterWatch {
  /** null: not requested; `unknown`: the fact is unknown (3.10). */
  value: boolean | null | 'unknown';
  verdict: RequesterVerdict | 'not_requested';
  reason: string;
  requesters: RequesterReport[];
}

/** Lists in the report stop here (§10: capped at 500 with counts). */
export const REPORT_CAP = 500;

export function explainRequesterWatch(input: {
  /** Requests that count for the target (liveRequests). */
  requests: readonly RequestFacts[];
  required: readonly RequiredItem[];
  completions: Completions;
  users: readonly PlaybackUser[];
  /** Resolutions already made against the same `users`, by requester key; filled as it goes. */
  identities?: IdentityCache;
}): RequesterWatch {
  const byRequester = new Map<string, NonEmpty<RequestFacts>>();
  for (const request of input.requests) {
    const list = byRequester.get(requesterKey(request));
    if (list) list.push(request);
    else byRequester.set(requesterKey(request), [request]);
  }
  if (byRequester.size === 0)
    return {
      value: null,
      verdict: 'not_requested',
      reason: 'No request counts for this target.',
      requesters: [],
    };
  const requesters = [...byRequester].map(([key, requests]) =>
    requesterReport(key, requests, input),
  );
  const verdicts = requesters.map((requester) => requester.verdict);
  if (verdicts.every((verdict) => verdict === 'watched'))
    return {
      value: true,
      verdict: 'watched',
      reason: 'Every requester completed every required item.',
      requesters,
    };
  if (verdicts.includes('unknown'))
    return {
      value: 'unknown',
      verdict: 'unknown',
      reason: 'A requester could not be matched to any media server account.',
      requesters,
    };
  return {
    value: false,
    verdict: 'not_watched',
    reason: 'A requester has not completed every required item.',
    requesters,
  };
}

function requesterReport(
  key: string,
  requests: NonEmpty<RequestFacts>,
  input: {
    required: readonly RequiredItem[];
    completions: Completions;
    users: readonly PlaybackUser[];
    identities?: IdentityCache;
  },
): RequesterReport {
  // The newest request carries the newest copy of the requester's linked identities.
  const latest = requests.reduce((a, b) =>
    (b.requested_at ?? '') > (a.requested_at ?? '') ? b : a,
  );
  const identities = latest.requester_identities;
  const tried = input.identities?.get(key) ?? resolveIdentities(identities, input.users);
  input.identities?.set(key, tried);
  const matched = new Set(
    tried.flatMap((attempt) =>
      attempt.matched_user
        ? [`${attempt.service_config_id}:${attempt.matched_user.external_user_id}`]
        : [],
    ),
  );
  const completed: RequesterReport['completed_watches'] = [];
  const missing: RequesterReport['missing'] = [];
  for (const item of input.required) {
    const states = (input.completions.get(itemKey(item)) ?? []).filter((state) =>
      matched.has(state.playback_user_key),
    );
    if (states.length === 0)
      missing.push({
        episode_id: item.episodeId,
        season_number: item.seasonNumber,
        episode_number: item.episodeNumber,
      });
    for (const state of states) completed.push(watchOf(state));
  }
  const verdict: RequesterVerdict =
    matched.size === 0 ? 'unknown' : missing.length === 0 ? 'watched' : 'not_watched';
  return {
    seerr_user_key: key,
    seerr_user_id: latest.requested_by,
    display_name: identities.display_name,
    request_ids: requests.map((request) => request.seerr_request_id).sort((a, b) => a - b),
    last_requested_at: latest.requested_at,
    identities_tried: tried,
    completed_watches: completed.slice(0, REPORT_CAP),
    missing: missing.slice(0, REPORT_CAP),
    missing_count: missing.length,
    verdict,
    reason: REASONS[verdict](missing.length, input.required.length),
  };
}

const REASONS: Record<RequesterVerdict, (missing: number, required: number) => string> = {
  watched: (_, required) => `Completed all ${required} required item(s).`,
  not_watched: (missing, required) => `${missing} of ${required} required item(s) not completed.`,
  unknown: () => 'No account on any media server matches this requester.',
};

function watchOf(state: WatchState): RequesterReport['completed_watches'][number] {
  const [service, ...rest] = state.playback_user_key.split(':');
  return {
    service_config_id: Number(service),
    external_user_id: rest.join(':'),
    movie_id: state.movie_id,
    episode_id: state.episode_id,
    completed_at: state.last_played_at,
    source: 'watch_state',
  };
}

type Identities = RequestFacts['requester_identities'];

/**
 * Per server, the identities tried in §10's order until one matches: Plex and Tautulli by
 * account id, account name, e-mail; Jellyfin and Emby by user id, user name, Seerr user name,
 * e-mail. Names and e-mails compare case-insensitively, ids exactly. A try without a value to
 * try is left out.
 */
export function resolveIdentities(
  identities: Identities,
  users: readonly PlaybackUser[],
): IdentityTried[] {
  const servers = new Map<number, NonEmpty<PlaybackUser>>();
  for (const user of users) {
    const list = servers.get(user.service_config_id);
    if (list) list.push(user);
    else servers.set(user.service_config_id, [user]);
  }
  const tried: IdentityTried[] = [];
  for (const [serviceConfigId, accounts] of [...servers].sort((a, b) => a[0] - b[0])) {
    const type = accounts[0].service_type;
    for (const [by, value, field] of triesFor(type, identities)) {
      if (value === null || value === '') continue;
      const user = accounts.find((account) =>
        same(account[field], value, field !== 'external_user_id'),
      );
      tried.push({
        service_config_id: serviceConfigId,
        server_name: serverName(type, serviceConfigId),
        server_type: type,
        matched_by: by,
        tried_value: value,
        matched_user: user
          ? { external_user_id: user.external_user_id, username: user.username }
          : null,
      });
      if (user) break;
    }
  }
  return tried;
}

type Try = [MatchedBy, string | null, 'external_user_id' | 'username' | 'email'];

function triesFor(type: PlaybackUser['service_type'], ids: Identities): Try[] {
  if (type === 'plex' || type === 'tautulli')
    return [
      ['plex_id', ids.plex_id, 'external_user_id'],
      ['plex_username', ids.plex_username, 'username'],
      ['email', ids.email, 'email'],
    ];
  return [
    ['jellyfin_user_id', ids.jellyfin_user_id, 'external_user_id'],
    ['jellyfin_username', ids.jellyfin_username, 'username'],
    ['username', ids.username, 'username'],
    ['email', ids.email, 'email'],
  ];
}

function same(value: string | null, wanted: string, caseless: boolean): boolean {
  if (value === null) return false;
  return caseless ? value.toLowerCase() === wanted.toLowerCase() : value === wanted;
}
