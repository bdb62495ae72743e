import type { InternalApi, MessageName, MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { ADMIN } from '../support/api';
import { useWorld } from '../support/world';

type Alert = InternalApi.components['schemas']['Alert'];
type AlertPage = InternalApi.components['schemas']['AlertPage'];
/** The 202 body; its `status` would clash with a problem's in the client's answer type. */
type Queued = Omit<InternalApi.components['schemas']['AlertConfirmationQueued'], 'status'>;
type Job = Omit<InternalApi.components['schemas']['Job'], 'status'> & { status: string };

/**
 * Alerts other services report (decision 016): catalog's raise and resolve, failed task runs,
 * and the sync guard's confirmation, which catalog carries out and answers.
 */
const world = useWorld();

afterEach(async () => {
  await world.drained();
  await world.service.db.$executeRaw`TRUNCATE alerts, alert_confirmations, alert_reports, outbox`;
});

const list = async (query = '') =>
  (await world.api<AlertPage>('GET', `/api/alerts${query}`, { principal: ADMIN })).body;

/** Publishes as another service would, then waits until cleanup has handled it. */
async function deliver<K extends MessageName>(name: K, payload: MessagePayload<K>) {
  const before = await handled();
  await world.service.runtime.publisher.publish(name, payload);
  await waitFor(async () => (await handled()) > before, { what: `${name} to be handled` });
}
const handled = async () => {
  const [row] = await world.service.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM inbox`;
  return Number(row?.n ?? 0);
};

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 8, minutes)).toISOString();

const guardRaised = (minutes: number, movies: number): MessagePayload<'alert.raised'> => ({
  kind: 'sync_mass_removal_blocked',
  subject: '',
  severity: 'critical',
  title: 'A sync held back removals',
  message: `${movies} movies are missing from the media server; nothing was removed.`,
  data: { held: { movie: movies } },
  raised_at: at(minutes),
});

test('a repeated raise updates the one active alert; a late raise changes nothing', async () => {
  await deliver('alert.raised', guardRaised(1, 20));
  await deliver('alert.raised', guardRaised(5, 22));
  await deliver('alert.raised', guardRaised(3, 21));
  const page = await list();
  expect(page).toMatchObject({ total: 1, page: 1 });
  expect(page.items).toEqual([
    expect.objectContaining({
      kind: 'sync_mass_removal_blocked',
      severity: 'critical',
      title: 'A sync held back removals',
      message: '22 movies are missing from the media server; nothing was removed.',
      data: { held: { movie: 22 } },
      actions: ['confirm', 'dismiss'],
      created_at: at(1),
    }),
  ]);

  // The condition ended on its own: resolved by no one.
  await deliver('alert.resolved', {
    kind: 'sync_mass_removal_blocked',
    subject: '',
    resolved_at: at(6),
    job_id: null,
  });
  expect(await list()).toMatchObject({ total: 0, items: [] });
  const [resolved] = (await list('?active_only=false')).items;
  expect(resolved).toMatchObject({ resolved_at: at(6), resolved_by: null, actions: [] });
  // A raise observed before that resolution arrived late: it opens nothing.
  await deliver('alert.raised', guardRaised(4, 22));
  expect((await list()).total).toBe(0);
});

test('confirming the sync guard asks catalog to remove the held items; its answer completes the job', async () => {
  await deliver('alert.raised', guardRaised(1, 20));
  const [alert] = (await list()).items as [Alert];
  const confirmed = await world.api<Queued>('POST', `/api/alerts/${alert.id}/confirm`, {
    principal: ADMIN,
  });
  expect(confirmed.status).toBe(202);
  const jobId = confirmed.body.job_id;
  const commands = await world.service.db.$queryRaw<{ payload: Record<string, unknown> }[]>`
    SELECT payload FROM outbox WHERE routing_key = 'catalog.removals.confirm'`;
  expect(commands.map((command) => command.payload)).toEqual([
    expect.objectContaining({ job_id: jobId, confirmed_by_user_id: ADMIN.id }),
  ]);
  const job = () => world.api<Job>('GET', `/api/jobs/${jobId}`, { principal: ADMIN });
  expect((await job()).body).toMatchObject({ kind: 'alert_confirmation', status: 'queued' });

  await deliver('alert.resolved', {
    kind: 'sync_mass_removal_blocked',
    subject: '',
    resolved_at: at(9),
    job_id: jobId,
    summary: { removed: { movie: 19 }, kept: 1 },
  });
  expect((await job()).body).toMatchObject({
    status: 'completed',
    result: { summary: { removed: { movie: 19 }, kept: 1 } },
    finished_at: at(9),
  });
  // Another user cannot read an administrator's confirmation.
  const other = await world.api('GET', `/api/jobs/${jobId}`, {
    principal: { type: 'user', id: 9, role: 'user' },
  });
  expect(other.status).toBe(404);
});

test('a failed task run raises task_failure, which cannot be confirmed; a later success resolves it', async () => {
  const run = {
    task_id: 'sync_media',
    service: 'catalog' as const,
    items_processed: 0,
    summary: {},
  };
  await deliver('task.run_failed', {
    ...run,
    run_id: 7,
    error: 'Jellyfin answered 401.',
    error_code: 'unauthorized',
    completed_at: at(1),
  });
  const [alert] = (await list('?kind=task_failure')).items as [Alert];
  expect(alert).toMatchObject({
    kind: 'task_failure',
    severity: 'warning',
    message: 'Jellyfin answered 401.',
    actions: ['dismiss'],
    data: { task_id: 'sync_media', run_id: 7, service: 'catalog' },
  });
  expect((await list('?kind=source_unavailable')).total).toBe(0);
  const confirmed = await world.api('POST', `/api/alerts/${alert.id}/confirm`, {
    principal: ADMIN,
  });
  expect(confirmed).toMatchObject({ status: 409, body: { code: 'not_confirmable' } });

  // Another service's part of the same task succeeding says nothing about catalog's part.
  await deliver('task.run_completed', {
    ...run,
    service: 'cleanup',
    run_id: 8,
    completed_at: at(2),
  });
  expect((await list()).total).toBe(1);
  await deliver('task.run_completed', { ...run, run_id: 8, completed_at: at(2) });
  expect((await list()).total).toBe(0);
});

test('reports apply in the order they were observed, whatever order they arrive in', async () => {
  const run = {
    task_id: 'sync_requests',
    service: 'catalog' as const,
    items_processed: 0,
    summary: {},
  };
  // The success of a later run arrives before the failure of an earlier one: no alert.
  await deliver('task.run_completed', { ...run, run_id: 12, completed_at: at(20) });
  await deliver('task.run_failed', {
    ...run,
    run_id: 11,
    error: 'Seerr timed out.',
    error_code: 'timeout',
    completed_at: at(10),
  });
  expect((await list('?active_only=false&kind=task_failure')).total).toBe(0);

  // A resolution observed before the latest raise arrives late: the alert stays active.
  await deliver('alert.raised', guardRaised(30, 20));
  await deliver('alert.raised', guardRaised(40, 21));
  await deliver('alert.resolved', {
    kind: 'sync_mass_removal_blocked',
    subject: '',
    resolved_at: at(35),
    job_id: null,
  });
  expect((await list()).items).toEqual([
    expect.objectContaining({ kind: 'sync_mass_removal_blocked', data: { held: { movie: 21 } } }),
  ]);
});

test('bad filters are refused with the offending parameter', async () => {
  for (const query of ['?kind=nonsense', '?active_only=perhaps', '?per_page=500']) {
    const answer = await world.api('GET', `/api/alerts${query}`, { principal: ADMIN });
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.[0]?.name).toBe(query.slice(1).split('=')[0]);
  }
});
