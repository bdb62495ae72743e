import type { InternalApi } from '@mcs/contracts';
import { ADMIN, USER } from './support/api';
import { newMovie, newSeries } from './support/factories';
import {
  deliver,
  jellyfinUser,
  played,
  plexUser,
  request,
  requestsOf,
  watchItem,
  type PlaybackUser,
  type Request,
  type WatchItem,
} from './support/inputs';
import { conditionsRule, ruleCalls, type RuleProblem } from './support/rules';
import { runScan, setSources } from './support/scan';
import { useWorld } from './support/world';

/**
 * seerr.requester_has_watched and GET /api/rules/requester-watch-explain (domain.md 10, seed
 * rule 3): for every requester case the report's verdict is the scan's.
 */
const world = useWorld();
type Report = InternalApi.components['schemas']['RequesterWatchReport'];

const alice = jellyfinUser(3, 'jf-alice', { username: 'alice', email: 'Alice@Example.com' });
const bob = plexUser(4, '777', { username: 'bobby' });
const carol = jellyfinUser(3, 'jf-carol', { username: 'carol' });

beforeEach(() => setSources(world, { catalog: 'ok', seerr: 'ok', playback: 'ok' }));
afterEach(async () => {
  await world.service.db.$executeRaw`TRUNCATE rules, candidates, protections, media_items,
    movie_versions, seasons, episodes, episode_files, watch_data, request_snapshots,
    playback_users`;
});

const explain = (query: string, principal = ADMIN) =>
  world.api<Report & RuleProblem>('GET', `/api/rules/requester-watch-explain?${query}`, {
    principal,
  });

/** A watched / not-watched rule pair over `scope`, the scan, and what it decided. */
async function scanVerdict(mediaType: 'movie' | 'series', scope: string) {
  const rules = ruleCalls(world);
  const ids: Record<string, number> = {};
  for (const [name, operator] of [
    ['watched', 'is_true'],
    ['not_watched', 'is_false'],
  ] as const) {
    const body = conditionsRule(name, [{ field: 'seerr.requester_has_watched', operator }], {
      media_type: mediaType,
      target_scope: scope,
    });
    ids[name] = (await rules.create(body)).body.id;
  }
  const summary = await runScan(world);
  const [candidate] = await world.service.db.candidate.findMany();
  if (summary.unknown > 0) return 'unknown';
  if (!candidate) return 'not_requested';
  return candidate.matchedRuleIds.map(Number).includes(ids.watched ?? 0)
    ? 'watched'
    : 'not_watched';
}

async function movieCase(
  states: (m: number) => WatchItem['watch_states'],
  requests: Request[],
  users: PlaybackUser[],
) {
  const movie = await newMovie(world.service.db);
  await deliver(world, 'media.watch_data_changed', {
    items: [watchItem(movie, states(movie.media_id))],
    playback_users: users,
  });
  if (requests.length > 0)
    await deliver(world, 'media.requests_changed', requestsOf(movie, requests));
  return movie;
}

describe('a movie', () => {
  test('a requester matched by Jellyfin user id who completed it has watched it', async () => {
    const movie = await movieCase(
      (id) => [played(alice, { movie_id: id })],
      [request(1, { jellyfin_user_id: 'jf-alice' })],
      [alice, bob],
    );
    const { body, status } = await explain(`media_type=movie&tmdb_id=${movie.tmdb_id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ media_id: movie.media_id, value: true, verdict: 'watched' });
    expect(body.episodes_required).toEqual({ count: 1, items: [] });
    const [requester] = body.requesters;
    expect(requester?.identities_tried).toEqual([
      expect.objectContaining({
        service_config_id: 3,
        matched_by: 'jellyfin_user_id',
        matched_user: { external_user_id: 'jf-alice', username: 'alice' },
      }),
    ]);
    expect(requester?.completed_watches).toEqual([
      expect.objectContaining({ external_user_id: 'jf-alice', movie_id: movie.media_id }),
    ]);
    expect(await scanVerdict('movie', 'movie_version')).toBe(body.verdict);
  });

  test('identities are tried in order per server; a name or e-mail matches whatever its case', async () => {
    const movie = await movieCase(
      () => [],
      [request(2, { plex_id: '999', plex_username: 'BOBBY', email: 'alice@example.COM' })],
      [alice, bob],
    );
    const { body } = await explain(`media_type=movie&catalog_id=${movie.tmdb_id}`);
    expect(
      body.requesters[0]?.identities_tried.map((t) => [
        t.service_config_id,
        t.matched_by,
        t.matched_user?.external_user_id ?? null,
      ]),
    ).toEqual([
      [3, 'email', 'jf-alice'],
      [4, 'plex_id', null],
      [4, 'plex_username', '777'],
    ]);
    expect(body).toMatchObject({ value: false, verdict: 'not_watched' });
    expect(body.requesters[0]).toMatchObject({ missing_count: 1, verdict: 'not_watched' });
    expect(await scanVerdict('movie', 'movie_version')).toBe('not_watched');
  });

  test('a requester no server account matches makes the answer unknown, even beside one who watched', async () => {
    const movie = await movieCase(
      (id) => [played(alice, { movie_id: id })],
      [request(1, { jellyfin_user_id: 'jf-alice' }), request(3, { username: 'nobody' })],
      [alice],
    );
    const { body } = await explain(`media_type=movie&tmdb_id=${movie.tmdb_id}`);
    expect(body).toMatchObject({ value: null, verdict: 'unknown' });
    expect(body.requesters.map((r) => r.verdict)).toEqual(['watched', 'unknown']);
    expect(await scanVerdict('movie', 'movie_version')).toBe('unknown');
  });

  test('declined requests do not count: nothing is requested and neither rule matches', async () => {
    const movie = await movieCase(() => [], [request(1, {}, { status: 'declined' })], [alice]);
    const { body } = await explain(`media_type=movie&tmdb_id=${movie.tmdb_id}`);
    expect(body).toMatchObject({ value: null, verdict: 'not_requested', requesters: [] });
    expect(await scanVerdict('movie', 'movie_version')).toBe('not_requested');
  });

  test('with playback unavailable the answer is unknown and the server is listed', async () => {
    const movie = await movieCase(
      (id) => [played(alice, { movie_id: id })],
      [request(1, { jellyfin_user_id: 'jf-alice' })],
      [alice],
    );
    await setSources(world, { catalog: 'ok', seerr: 'ok', playback: 'unavailable' });
    const { body } = await explain(`media_type=movie&tmdb_id=${movie.tmdb_id}`);
    expect(body).toMatchObject({ value: null, verdict: 'unknown' });
    expect(body.requesters[0]?.verdict).toBe('watched');
    expect(body.servers_unable_to_report).toEqual([
      { service_config_id: null, server_name: null, reason: 'connection refused' },
    ]);
    expect(await scanVerdict('movie', 'movie_version')).toBe('unknown');
  });
});

describe('a series', () => {
  /** Two seasons of two episodes; the second episode of season 2 airs in the future. */
  async function seriesCase(
    requests: Request[],
    states: (episodes: number[]) => WatchItem['watch_states'],
  ) {
    const series = await newSeries(world.service.db, { episodes: [2, 2] });
    const ids = series.episodes.map((e) => e.episode_id);
    await world.service.db.$executeRaw`
      UPDATE episodes SET facts = facts || '{"air_date": "2999-01-01T00:00:00.000Z"}'::jsonb
       WHERE id = ${ids[3]}`;
    await deliver(world, 'media.watch_data_changed', {
      items: [watchItem({ ...series, episodes: series.episodes }, states(ids))],
      playback_users: [alice, carol],
    });
    await deliver(world, 'media.requests_changed', requestsOf(series, requests));
    return { series, ids };
  }

  test('a season request requires that season only; another season is not requested', async () => {
    const { series } = await seriesCase(
      [request(1, { jellyfin_username: 'ALICE' }, { season_numbers: [1] })],
      (ids) => [
        played(alice, { episode_id: ids[0] ?? 0 }),
        played(alice, { episode_id: ids[1] ?? 0 }),
      ],
    );
    const base = `media_type=series&tmdb_id=${series.tmdb_id}&target_scope=season`;
    const first = (await explain(`${base}&season_number=1`)).body;
    expect(first).toMatchObject({ verdict: 'watched', target_scope: 'season', season_number: 1 });
    expect(first.episodes_required.count).toBe(2);
    expect((await explain(`${base}&season_number=2`)).body.verdict).toBe('not_requested');
    expect((await explain(`media_type=series&tmdb_id=${series.tmdb_id}`)).body.verdict).toBe(
      'watched',
    );
    expect(await scanVerdict('series', 'series')).toBe('watched');
  });

  test('a whole-series request requires every aired episode with a file; unaired ones are not required', async () => {
    const { series, ids } = await seriesCase(
      [request(1, { jellyfin_user_id: 'jf-alice' }), request(2, { jellyfin_user_id: 'jf-carol' })],
      (episodes) => [
        ...episodes.slice(0, 3).map((id) => played(alice, { episode_id: id })),
        played(carol, { episode_id: episodes[0] ?? 0 }),
      ],
    );
    const { body } = await explain(`media_type=series&tmdb_id=${series.tmdb_id}`);
    expect(body.episodes_required.items.map((e) => e.episode_id)).toEqual(ids.slice(0, 3));
    expect(body.requesters.map((r) => [r.verdict, r.missing.map((m) => m.episode_id)])).toEqual([
      ['watched', []],
      ['not_watched', ids.slice(1, 3)],
    ]);
    expect(body.verdict).toBe('not_watched');
    expect(await scanVerdict('series', 'series')).toBe('not_watched');
  });

  test('an episode target is explained on its own', async () => {
    const { series, ids } = await seriesCase(
      [request(2, { jellyfin_user_id: 'jf-carol' })],
      (episodes) => [played(carol, { episode_id: episodes[2] ?? 0 })],
    );
    const query = `media_type=series&tmdb_id=${series.tmdb_id}&target_scope=episode&season_number=2&episode_number=1`;
    const { body } = await explain(query);
    expect(body).toMatchObject({ verdict: 'watched', target_scope: 'episode', episode_number: 1 });
    expect(body.episodes_required.items.map((e) => e.episode_id)).toEqual([ids[2]]);
  });
});

describe('bad queries', () => {
  test('inconsistent parameters are 422 naming the field; unknown media 404; users 403', async () => {
    const movie = await newMovie(world.service.db);
    const cases: [string, number, string | null][] = [
      [`media_type=movie&tmdb_id=${movie.tmdb_id}&target_scope=season`, 422, 'target_scope'],
      [`media_type=series&tmdb_id=1&target_scope=season`, 422, 'season_number'],
      [`media_type=series&tmdb_id=1&target_scope=episode&season_number=1`, 422, 'episode_number'],
      [`media_type=movie`, 422, 'tmdb_id'],
      [`media_type=movie&tmdb_id=1&catalog_id=1`, 422, 'catalog_id'],
      [`media_type=movie&tmdb_id=424242`, 404, null],
    ];
    for (const [query, status, field] of cases) {
      const response = await explain(query);
      expect([query, response.status]).toEqual([query, status]);
      if (field) expect((response.body.errors ?? []).map((e) => e.name)).toContain(field);
    }
    expect((await explain(`media_type=movie&tmdb_id=${movie.tmdb_id}`, USER)).status).toBe(403);
  });
});
