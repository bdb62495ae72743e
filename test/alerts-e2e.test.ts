import type { InternalApi } from '@mcs/contracts';
import { callSigned, waitFor, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { startScheduler, type SchedulerService } from '../services/scheduler/src/server';
import { conditionsRule } from '../services/cleanup/test/support/rules';
import { useCatalogAndCleanup } from './support/catalog-cleanup';

type Alert = InternalApi.components['schemas']['Alert'];
type AlertPage = InternalApi.components['schemas']['AlertPage'];
type Job = InternalApi.components['schemas']['Job'];

/**
 * Decision 016 across the services: catalog's sync guard and cleanup's mass-deletion breaker
 * reach one alert list in cleanup, and an administrator's confirmation there does the held work
 * in the service that holds it (domain.md checks 7 and 28, end to end): catalog removes the
 * held movies; the scheduler starts a deletion run that acts on the confirmed candidates.
 */
const world = useCatalogAndCleanup({
  movies: 20,
  series: 1,
  seasonsPerSeries: 1,
  episodesPerSeason: 10,
});
const ADMIN = { type: 'user', id: 1, role: 'admin' } as const;
let scheduler: SchedulerService;

beforeAll(async () => {
  scheduler = await startScheduler({
    runtime: world.catalog.env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });
  // What catalog announced when the main server was saved, before the scheduler was listening.
  await world.cleanup.runtime.publisher.publish('catalog.main_server_changed', {
    has_main_server: true,
    server_type: 'jellyfin',
    as_of: new Date().toISOString(),
  });
});
afterAll(() => scheduler.stop());

async function activeAlert(kind: Alert['kind']): Promise<Alert> {
  return waitFor(
    async () => {
      const page = await world.admin<AlertPage>('GET', `/api/alerts?kind=${kind}`);
      return page.body.items[0];
    },
    { what: `an active ${kind} alert in cleanup` },
  );
}

async function confirm(alert: Alert): Promise<number> {
  const reply = await world.admin<{ job_id: number }>('POST', `/api/alerts/${alert.id}/confirm`);
  expect(reply.status).toBe(202);
  return reply.body.job_id;
}

const jobEnded = (jobId: number) =>
  waitFor(
    async () => {
      const job = (await world.admin<Job>('GET', `/api/jobs/${jobId}`)).body;
      return job.status === 'queued' ? undefined : job;
    },
    { timeoutMs: 60_000, what: `job ${jobId} to end` },
  );

test('check 7: confirming the sync guard in cleanup makes catalog remove the held movies', async () => {
  for (let index = 0; index < 5; index += 1) world.catalog.sim.mutate.removeMovie(index);
  expect((await world.catalog.runTask('sync_media')).summary).toMatchObject({ guarded: true });
  const alert = await activeAlert('sync_mass_removal_blocked');
  expect(alert.actions).toEqual(['confirm', 'dismiss']);

  const job = await jobEnded(await confirm(alert));
  expect(job).toMatchObject({ kind: 'alert_confirmation', status: 'completed' });
  expect(job.result).toMatchObject({ summary: { removed: { movie: 5 } } });
  expect(await world.catalog.service.db.movie.count({ where: { removedAt: null } })).toBe(15);
  // catalog's removals reach cleanup's projection as the usual media events.
  await waitFor(
    async () =>
      (await world.cleanup.db.mediaItem.count({
        where: { mediaType: 'movie', removedAt: { not: null } },
      })) === 5,
    { what: "cleanup's projection to drop the 5 movies" },
  );
  expect((await world.admin<AlertPage>('GET', '/api/alerts')).body.total).toBe(0);
});

test('check 28: after a breaker trip, the confirmation has the scheduler start a run that acts on the candidates', async () => {
  const enabled = await callSigned(
    'scheduler',
    scheduler.url,
    'PUT',
    '/api/tasks/tasks/delete_cleanup_candidates/schedule',
    { principal: ADMIN, body: { schedule_type: 'manual', schedule_value: '', enabled: true } },
  );
  expect(enabled.status).toBe(200);
  const rule = await world.admin(
    'POST',
    '/api/rules',
    conditionsRule('Every film', [{ field: 'media.year', operator: 'less_than', value: 2999 }], {
      action: { auto_delete_enabled: true, auto_delete_delay_days: 0 },
    }),
  );
  expect(rule.status).toBe(201);
  const progress = () => Promise.resolve();
  const { created } = (await world.cleanup.services.scan.run({ runId: 1, progress })).summary;
  expect(created).toBe(15);

  // 15 movie files of a library of 25 files: far over 5 %.
  await expect(world.cleanup.services.autoDelete.run({ runId: 1, progress })).rejects.toMatchObject(
    { code: 'circuit_breaker_tripped' },
  );
  expect(await world.cleanup.db.fileOperation.count()).toBe(0);
  const alert = await activeAlert('auto_delete_circuit_breaker');
  world.catalog.sim.deletions.clear();
  // A movie Radarr manages is deleted there, each exactly once; the others on the server only.
  const inRadarr = [...Array(20).keys()].filter(
    (i) => i >= 5 && world.catalog.sim.library.movie(i).inRadarr,
  ).length;

  const job = await jobEnded(await confirm(alert));
  expect(job).toMatchObject({ kind: 'alert_confirmation', status: 'completed' });
  const runId = (job.result as { summary: { run_id: number } }).summary.run_id;
  const run = await scheduler.db.taskRun.findUniqueOrThrow({ where: { id: BigInt(runId) } });
  expect(run).toMatchObject({
    taskId: 'delete_cleanup_candidates',
    trigger: 'manual',
    requestedBy: { type: 'user', id: ADMIN.id },
  });
  const operations = await waitFor(
    async () => {
      const rows = await world.cleanup.db.fileOperation.findMany();
      return rows.length === 15 && rows.every((row) => row.status === 'succeeded')
        ? rows
        : undefined;
    },
    { timeoutMs: 60_000, what: 'the 15 operations to succeed' },
  );
  expect(new Set(operations.map((row) => Number(row.candidateId)))).toEqual(
    new Set(alert.data['candidate_ids'] as number[]),
  );
  expect(world.catalog.sim.deletions.list('radarr')).toHaveLength(inRadarr);
});
