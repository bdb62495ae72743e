import type { InternalApi } from '@mcs/contracts';
import { queuedJobOf, type QueuedJobOperation } from '../../src/domain/deletion/queued-job';
import type { Principal } from '@mcs/kit';
import { ADMIN } from '../support/api';
import { newMovie, versionTarget } from '../support/factories';
import { useWorld } from '../support/world';

/** GET /api/jobs/{job_id} for cleanup's jobs (internal-api.md 11). */
const world = useWorld();
type Job = InternalApi.components['schemas']['Job'];

const T0 = new Date('2026-11-20T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const op = (
  id: number,
  status: QueuedJobOperation['status'],
  times: Partial<QueuedJobOperation> = {},
): QueuedJobOperation => ({
  id,
  candidateId: id * 10,
  status,
  failureReason: status === 'failed' ? 'http_500' : null,
  deleteRequestId: null,
  createdAt: T0,
  startedAt: null,
  finishedAt: null,
  ...times,
});

describe("a job's status follows its operations", () => {
  test.each([
    [['queued', 'queued'], 'queued', 0],
    [['running', 'queued'], 'running', 0],
    [['succeeded', 'verifying'], 'running', 50],
    [['succeeded', 'canceled'], 'completed', 100],
    [['canceled', 'canceled'], 'canceled', 100],
    [['succeeded', 'failed'], 'failed', 100],
  ] as const)('%j → %s at %d %%', (statuses, status, progress) => {
    const [first, ...rest] = statuses.map((s, i) => op(i + 1, s));
    if (!first) throw new Error('an operation expected');
    expect(queuedJobOf(7, first, rest)).toMatchObject({ status, progress });
  });

  test('times: created and started at the earliest, finished at the latest once all ended', () => {
    const first = op(1, 'succeeded', { startedAt: at(2), finishedAt: at(3) });
    const second = op(2, 'failed', { createdAt: at(-1), startedAt: at(1), finishedAt: at(9) });
    expect(queuedJobOf(7, first, [second])).toMatchObject({
      created_at: at(-1).toISOString(),
      started_at: at(1).toISOString(),
      finished_at: at(9).toISOString(),
      error: '1 of 2 operations failed.',
    });
    const running = queuedJobOf(7, first, [op(2, 'running', { startedAt: at(5) })]);
    expect(running.finished_at).toBeNull();
  });

  test('operations of an approved delete request make a delete_request job', () => {
    expect(queuedJobOf(7, op(1, 'queued', { deleteRequestId: 3 })).kind).toBe('delete_request');
    expect(queuedJobOf(7, op(1, 'queued')).kind).toBe('file_operation');
  });
});

test('the user who queued a job reads it; another user gets 404, an administrator 200', async () => {
  const owner = { type: 'user', id: 2, role: 'user' } as const;
  const movie = await newMovie(world.service.db);
  const target = versionTarget(movie);
  const jobId = 2 ** 40 + 5;
  await world.service.db.fileOperation.create({
    data: {
      mediaType: target.mediaType,
      scope: target.scope,
      mediaId: BigInt(target.mediaId),
      movieVersionId: BigInt(target.movieVersionId ?? 0),
      kind: 'delete',
      status: 'queued',
      trigger: 'manual',
      requestedByType: 'user',
      requestedById: BigInt(owner.id),
      jobId: BigInt(jobId),
    },
  });
  const read = (principal: Principal = owner) =>
    world.api<Job>('GET', `/api/jobs/${jobId}`, { principal });
  expect((await read()).status).toBe(200);
  expect((await read()).body).toMatchObject({ job_id: jobId, status: 'queued', progress: 0 });
  expect((await read(ADMIN)).status).toBe(200);
  const other = await read({ ...owner, id: owner.id + 1 });
  expect(other.status).toBe(404);
});
