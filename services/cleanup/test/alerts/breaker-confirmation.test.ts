import type { InternalApi } from '@mcs/contracts';
import { ADMIN, USER } from '../support/api';
import { useRefreshAnswers } from '../support/catalog-refresh';
import { library, movieOf, oldFilms, runDeletion, useDeletionTables } from '../support/deletion';
import { sentOperations } from '../support/operations';
import { runScan } from '../support/scan';
import { useWorld } from '../support/world';

type Alert = InternalApi.components['schemas']['Alert'];
type AlertPage = InternalApi.components['schemas']['AlertPage'];
/** The 202 body; its `status` would clash with a problem's in the client's answer type. */
type Queued = Omit<InternalApi.components['schemas']['AlertConfirmationQueued'], 'status'>;
type Job = Omit<InternalApi.components['schemas']['Job'], 'status'> & { status: string };

/**
 * The mass-deletion breaker and its confirmation (domain.md 6.2, check 28; decision 016): a
 * tripped run deletes nothing and raises an alert; an administrator's confirmation lets the
 * next run act on exactly the recorded candidates, within 24 hours.
 */
const world = useWorld();
useRefreshAnswers(world);

useDeletionTables(world);

const activeAlerts = async () =>
  (await world.api<AlertPage>('GET', '/api/alerts', { principal: ADMIN })).body.items;

const confirm = (alertId: number) =>
  world.api<Queued>('POST', `/api/alerts/${alertId}/confirm`, { principal: ADMIN });

const job = async (jobId: number) =>
  (await world.api<Job>('GET', `/api/jobs/${jobId}`, { principal: ADMIN })).body;

const queuedCandidates = async () =>
  (await sentOperations(world.service)).map((command) => command.candidate_id);

/** Old movies the rule makes eligible at once, scanned into candidates. */
async function eligibleMovies(count: number, firstYear = 1950) {
  for (let i = 0; i < count; i += 1) await movieOf(world, firstYear + (i % 30));
  await runScan(world);
}

async function tripBreaker(runId: number): Promise<Alert> {
  await expect(runDeletion(world, runId)).rejects.toMatchObject({
    code: 'circuit_breaker_tripped',
  });
  const [alert, ...others] = await activeAlerts();
  expect(others).toEqual([]);
  if (!alert) throw new Error('the breaker raised no alert');
  return alert;
}

test('60 eligible candidates trip the default breaker; after a confirmation the next run deletes them (check 28)', async () => {
  await oldFilms(world);
  await library(world, 1200);
  await eligibleMovies(60);

  const alert = await tripBreaker(1);
  expect(alert).toMatchObject({
    kind: 'auto_delete_circuit_breaker',
    severity: 'critical',
    actions: ['confirm', 'dismiss'],
    resolved_at: null,
    resolved_by: null,
    data: { items: 60, run_id: 1 },
  });
  expect(await queuedCandidates()).toEqual([]);

  const confirmed = await confirm(alert.id);
  expect(confirmed.status).toBe(202);
  expect(confirmed.body).toMatchObject({
    status: 'queued',
    alert: { id: alert.id, resolved_by: ADMIN.id, actions: [] },
  });
  expect(confirmed.body.alert.resolved_at).not.toBeNull();
  // The scheduler is asked for a run now, as a manual trigger by the administrator.
  const triggers = await world.service.db.$queryRaw<{ payload: unknown }[]>`
    SELECT payload FROM outbox WHERE routing_key = 'scheduler.task.trigger'`;
  expect(triggers).toEqual([
    { payload: { task_id: 'delete_cleanup_candidates', requested_by_user_id: ADMIN.id } },
  ]);
  const jobId = confirmed.body.job_id;
  expect(await job(jobId)).toMatchObject({
    job_id: jobId,
    kind: 'alert_confirmation',
    status: 'queued',
    result: null,
  });
  expect(await activeAlerts()).toEqual([]);

  const { summary } = await runDeletion(world, 2);
  expect(summary).toMatchObject({ queued: 60, breaker_blocked: 0 });
  expect(new Set(await queuedCandidates())).toEqual(
    new Set(alert.data['candidate_ids'] as number[]),
  );
  const done = await job(jobId);
  expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
  expect(done.result).toMatchObject({ summary: { run_id: 2 } });
  expect(done.finished_at).not.toBeNull();
  // Used up: no confirmation is left open for a later run.
  const open = await world.service.db.$queryRaw<unknown[]>`
    SELECT 1 FROM alert_confirmations WHERE status = 'queued'`;
  expect(open).toEqual([]);
});

test('candidates outside the confirmed set still count against the breaker', async () => {
  await oldFilms(world);
  await library(world, 94);
  await eligibleMovies(6);
  const first = await tripBreaker(1);
  const { job_id: firstJob } = (await confirm(first.id)).body;

  // Six more became eligible meanwhile: 6 of 106 files is still over 5 %.
  await eligibleMovies(6, 1980);
  const second = await tripBreaker(2);
  expect(second.id).not.toBe(first.id);
  expect(second.data['candidate_ids']).toHaveLength(12);
  expect(await queuedCandidates()).toEqual([]);
  expect((await job(firstJob)).status).toBe('queued');

  const { job_id: secondJob } = (await confirm(second.id)).body;
  expect((await runDeletion(world, 3)).summary.queued).toBe(12);
  expect((await job(firstJob)).status).toBe('completed');
  expect((await job(secondJob)).status).toBe('completed');
});

test('a confirmation no run used within 24 hours fails, and the breaker holds again', async () => {
  await oldFilms(world);
  await library(world, 94);
  await eligibleMovies(6);
  const alert = await tripBreaker(1);
  const { job_id: jobId } = (await confirm(alert.id)).body;

  world.clock.advance(24 * 60 * 60 * 1000 + 1);
  const expired = await job(jobId);
  expect(expired.status).toBe('failed');
  expect(expired.error).toMatch(/^confirmation_expired/);
  await tripBreaker(2);
  expect(await queuedCandidates()).toEqual([]);
  expect((await job(jobId)).status).toBe('failed');
});

test('only administrators see and act on alerts; dismissing confirms nothing', async () => {
  await oldFilms(world);
  await library(world, 94);
  await eligibleMovies(6);
  const alert = await tripBreaker(1);

  for (const [method, url] of [
    ['GET', '/api/alerts'],
    ['POST', `/api/alerts/${alert.id}/confirm`],
    ['POST', `/api/alerts/${alert.id}/dismiss`],
  ] as const)
    expect((await world.api(method, url, { principal: USER })).status).toBe(403);
  expect((await world.api('GET', '/api/alerts', { principal: USER })).body.code).toBe('forbidden');

  const dismissed = await world.api<Alert>('POST', `/api/alerts/${alert.id}/dismiss`, {
    principal: ADMIN,
  });
  expect(dismissed.status).toBe(200);
  expect(dismissed.body).toMatchObject({ id: alert.id, resolved_by: ADMIN.id, actions: [] });
  // Dismissing confirms nothing: no run is asked for, no job exists, the set stays held.
  expect(
    await world.service.db
      .$queryRaw`SELECT 1 FROM outbox WHERE routing_key = 'scheduler.task.trigger'`,
  ).toEqual([]);
  const again = await confirm(alert.id);
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('alert_resolved');
  // Dismissing twice answers the resolved alert unchanged.
  const twice = await world.api<Alert>('POST', `/api/alerts/${alert.id}/dismiss`, {
    principal: ADMIN,
  });
  expect(twice.body).toEqual(dismissed.body);
  await tripBreaker(2);

  expect((await confirm(999_999)).status).toBe(404);
  expect((await world.api('POST', '/api/alerts/abc/dismiss', { principal: ADMIN })).status).toBe(
    422,
  );
});
