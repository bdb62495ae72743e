// End-to-end (issue 31, item 2): the two guards that hold destructive work for an administrator
// (decision 016; domain.md 2.11 and 6.2, checks 7 and 28), on the whole product started as
// `pnpm demo` starts it. What an integrator sees goes through the typed external client; the
// settings, rules and alerts through the internal API, as the UI calls it.
import type { InternalApi } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { conditionsRule } from '../../services/cleanup/test/support/rules';
import {
  type Api,
  enableDeleting,
  endedRun,
  fedAndDelivered,
  internal,
  runTask,
  type Schemas,
  untouchedMovies,
  useDemo,
} from './support';

type Alert = InternalApi.components['schemas']['Alert'];
type AlertPage = InternalApi.components['schemas']['AlertPage'];
type Job = InternalApi.components['schemas']['Job'];

const world = useDemo();

async function activeAlert(kind: Alert['kind']): Promise<Alert> {
  return waitFor(
    async () => (await internal<AlertPage>(world, 'GET', `/api/alerts?kind=${kind}`)).body.items[0],
    { timeoutMs: 30_000, what: `an active ${kind} alert` },
  );
}

const activeAlerts = async (kind: Alert['kind']) =>
  (await internal<AlertPage>(world, 'GET', `/api/alerts?kind=${kind}`)).body.total;

/** Confirms the alert as an administrator and answers the confirmation's job once it ended. */
async function confirm(alert: Alert): Promise<Job> {
  const reply = await internal<{ job_id: number }>(
    world,
    'POST',
    `/api/alerts/${alert.id}/confirm`,
  );
  expect(reply.status).toBe(202);
  return waitFor(
    async () => {
      const job = (await internal<Job>(world, 'GET', `/api/jobs/${reply.body.job_id}`)).body;
      return job.status === 'queued' || job.status === 'running' ? undefined : job;
    },
    { timeoutMs: 90_000, what: `the confirmation's job ${reply.body.job_id} to end` },
  );
}

async function movie(api: Api, tmdbId: number): Promise<Schemas['Media']> {
  const { data } = await api.GET('/api/v1/movies', {
    params: { query: { tmdb_id: tmdbId, include_removed: true } },
  });
  return data?.items[0] as Schemas['Media'];
}

async function liveMovies(api: Api): Promise<number | undefined> {
  const { data } = await api.GET('/api/v1/movies', { params: { query: { per_page: 1 } } });
  return data?.total;
}

test('a library that shrinks suspiciously is held until an administrator confirms through the alert', async () => {
  const { api, demo } = world;
  const live = (await liveMovies(api)) as number;
  // More than the guard's 10 % (sync_removal_guard_ratio) of the movies leave the server.
  const gone = [...Array(demo.sim.library.counts().movies).keys()]
    .map((index) => demo.sim.library.movie(index))
    .filter((m) => m.onServer)
    .slice(-(Math.floor(live / 10) + 2));
  for (const { index } of gone) demo.sim.mutate.removeMovie(index);

  expect(await runTask(api, 'sync_media')).toMatchObject({ status: 'completed' });
  const alert = await activeAlert('sync_mass_removal_blocked');
  expect(alert.actions).toEqual(['confirm', 'dismiss']);
  // Held: every movie is still there.
  expect(await liveMovies(api)).toBe(live);
  for (const { tmdbId } of gone)
    expect(await movie(api, tmdbId)).toMatchObject({ removed_at: null });

  const job = await confirm(alert);
  expect(job).toMatchObject({
    kind: 'alert_confirmation',
    status: 'completed',
    result: { summary: { removed: { movie: gone.length } } },
  });
  expect(await liveMovies(api)).toBe(live - gone.length);
  for (const { tmdbId } of gone)
    expect((await movie(api, tmdbId)).removed_at).toEqual(expect.any(String));
  expect(await activeAlerts('sync_mass_removal_blocked')).toBe(0);

  // The next sync has nothing left to hold.
  expect(await runTask(api, 'sync_media')).toMatchObject({ status: 'completed' });
  expect(await liveMovies(api)).toBe(live - gone.length);
  expect(await activeAlerts('sync_mass_removal_blocked')).toBe(0);
}, 180_000);

test('more eligible candidates than the breaker allows: the run refuses, and deletes them once an administrator confirms', async () => {
  const { api, demo } = world;
  const picked = await untouchedMovies(world, 3, 'asc');
  // One save: the breaker lets 2 through, and a rule without a delay of its own is due at once.
  const saved = await internal(world, 'PUT', '/api/settings/general', {
    auto_delete_breaker_max_items: 2,
    auto_delete_movie_delay_days: 0,
  });
  expect(saved.status).toBe(200);
  const rule = await internal<{ id: number }>(
    world,
    'POST',
    '/api/rules',
    conditionsRule(
      'e2e: these three now',
      [{ field: 'media.title', operator: 'in', value: picked.map((p) => p.media.title) }],
      { action: { auto_delete_enabled: true } },
    ),
  );
  expect(rule.status).toBe(201);
  expect(await runTask(api, 'scan_cleanup_candidates')).toMatchObject({ status: 'completed' });
  // Due now at the typed client: cleanup follows that save, the breaker's limit with it.
  const candidates = await waitFor(
    async () => {
      const { data } = await api.GET('/api/v1/candidates', {
        params: { query: { rule_id: rule.body.id, auto_delete_state: 'eligible' } },
      });
      return data?.total === picked.length ? data.items : undefined;
    },
    { timeoutMs: 30_000, what: 'the three candidates to be due' },
  );
  const ids = candidates.map((c) => c.id).sort((a, b) => a - b);
  expect(candidates.map((c) => c.media_id).sort()).toEqual(picked.map((p) => p.media.id).sort());

  await enableDeleting(world);
  demo.sim.deletions.clear();
  const refused = await runTask(api, 'delete_cleanup_candidates');
  // circuit_breaker_tripped: the run's error says so in words (external-api.md 2.9).
  expect([refused.status, refused.error]).toEqual(['error', expect.stringMatching(/breaker/)]);
  const alert = await activeAlert('auto_delete_circuit_breaker');
  expect(alert.data['candidate_ids']).toEqual(ids);
  expect(demo.sim.deletions.list()).toEqual([]);

  const job = await confirm(alert);
  expect(job).toMatchObject({ kind: 'alert_confirmation', status: 'completed' });
  // The confirmation queued the next run itself, in the administrator's name.
  const runId = (job.result as { summary: { run_id: number } }).summary.run_id;
  expect(await endedRun(api, 'delete_cleanup_candidates', runId)).toMatchObject({
    status: 'completed',
    trigger: 'manual',
  });
  await fedAndDelivered(world, 'candidate.deleted', ids);
  expect(
    demo.sim.deletions
      .list('radarr')
      .map((d) => d.path)
      .sort(),
  ).toEqual(picked.map((p) => `/api/v3/movie/${p.sim.radarrId}`).sort());
  expect(await activeAlerts('auto_delete_circuit_breaker')).toBe(0);
}, 180_000);
