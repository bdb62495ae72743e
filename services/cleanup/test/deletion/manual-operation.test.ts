import type { InternalApi } from '@mcs/contracts';
import { ADMIN, type Problem, USER } from '../support/api';
import {
  movieTarget,
  newCandidate,
  newFileOperation,
  newMovie,
  newProtection,
  versionTarget,
} from '../support/factories';
import { sentOperations } from '../support/operations';
import { publishSettings } from '../support/settings';
import { useWorld } from '../support/world';

/** POST /api/media/candidates/delete and /move (internal-api.md 8; IA#10, IA#21). */
const world = useWorld();

type Queued = InternalApi.components['schemas']['ManualOperationQueued'];
/** A 202 body or a problem. */
type Reply = Partial<Queued> &
  Partial<Omit<Problem, 'status'>> & {
    errors?: { in: string; name: string; code?: string }[];
  };

afterEach(async () => {
  await world.drained();
  await world.service.db.$executeRaw`TRUNCATE candidates, protections, media_items,
    movie_versions, file_operations, deletion_receipts, outbox`;
});

const post = (kind: 'delete' | 'move', body: unknown, principal = ADMIN) =>
  world.api<Reply>('POST', `/api/media/candidates/${kind}`, { body, principal });

async function candidate(options: Parameters<typeof newCandidate>[2] = {}) {
  const movie = await newMovie(world.service.db);
  return { movie, id: await newCandidate(world.service.db, versionTarget(movie), options) };
}

const commands = () => sentOperations(world.service);

test('a canceled candidate is queued at once, with the admin as requester, as one job', async () => {
  const canceled = await candidate({ cancelledAt: new Date() });
  const scheduled = await candidate();
  const reply = await post('delete', {
    candidate_ids: [canceled.id, scheduled.id],
    reason: 'Disk full',
  });
  expect(reply.status).toBe(202);
  expect(reply.body).toMatchObject({
    status: 'queued',
    candidate_ids: [canceled.id, scheduled.id],
  });
  expect(reply.body.operation_ids).toHaveLength(2);
  const sent = await commands();
  expect(sent.map((c) => c.candidate_id)).toEqual([canceled.id, scheduled.id]);
  expect(sent[0]).toMatchObject({
    operation_id: reply.body.operation_ids?.[0],
    trigger: 'manual',
    kind: 'unmonitor', // no matched rule exists any more: the global default Arr action
    requested_by: { type: 'user', id: 1 },
  });
  const rows = await world.service.db.fileOperation.findMany({ orderBy: { id: 'asc' } });
  expect(rows.map((r) => [Number(r.jobId), r.status, r.reason])).toEqual([
    [reply.body.job_id, 'queued', 'Disk full'],
    [reply.body.job_id, 'queued', 'Disk full'],
  ]);
  // Now both have a pending operation: a second request queues nothing.
  const again = await post('delete', { candidate_ids: [scheduled.id] });
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({
    code: 'file_operation_pending',
    errors: [{ name: 'candidate_ids[0]', code: 'file_operation_pending' }],
  });
});

test('one protected or unknown candidate refuses the whole request, naming it; nothing is queued', async () => {
  const free = await candidate();
  const guarded = await candidate();
  await newProtection(world.service.db, movieTarget(guarded.movie));
  const protectedReply = await post('delete', { candidate_ids: [free.id, guarded.id] });
  expect(protectedReply.status).toBe(409);
  expect(protectedReply.body).toMatchObject({
    code: 'candidate_protected',
    errors: [{ in: 'body', name: 'candidate_ids[1]', code: 'candidate_protected' }],
  });
  const unknown = await post('delete', { candidate_ids: [free.id, 999_999] });
  expect(unknown.status).toBe(404);
  expect(unknown.body.errors).toEqual([expect.objectContaining({ name: 'candidate_ids[1]' })]);
  const pending = await candidate();
  await newFileOperation(world.service.db, versionTarget(pending.movie));
  expect((await post('delete', { candidate_ids: [pending.id] })).body.code).toBe(
    'file_operation_pending',
  );
  expect(await commands()).toEqual([]);
  expect(await world.service.db.fileOperation.count({ where: { trigger: 'manual' } })).toBe(0);
});

test('more than 50 candidates need confirm', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 51; i += 1) ids.push((await candidate()).id);
  const unconfirmed = await post('delete', { candidate_ids: ids });
  expect(unconfirmed).toMatchObject({ status: 409, body: { code: 'confirmation_required' } });
  expect(await commands()).toEqual([]);
  const confirmed = await post('delete', { candidate_ids: ids, confirm: true });
  expect(confirmed.status).toBe(202);
  expect(await commands()).toHaveLength(51);
});

test('moves are refused while no move destination exists; users and bad bodies are refused', async () => {
  const { id } = await candidate();
  expect(await post('move', { candidate_ids: [id] })).toMatchObject({
    status: 422,
    body: { code: 'move_destination_missing' },
  });
  expect((await post('delete', { candidate_ids: [id] }, USER)).status).toBe(403);
  for (const body of [
    {},
    { candidate_ids: [] },
    { candidate_ids: [id, id] },
    { candidate_ids: ['7'] },
    { candidate_ids: [id], confirm: 'yes' },
    { candidate_ids: [id], reason: 42 },
  ]) {
    const reply = await post('delete', body);
    expect([reply.status, reply.body.code]).toEqual([422, 'validation_failed']);
  }
  expect(await commands()).toEqual([]);
});

test('once a move destination is set for movies, a manual move of a movie candidate is queued', async () => {
  const { id } = await candidate();
  await publishSettings(world, 2, { move_destination_movies: '/mnt/moved/movies' });
  const reply = await post('move', { candidate_ids: [id] });
  expect(reply.status).toBe(202);
  const [command] = await commands();
  expect(command).toMatchObject({ kind: 'move' });
});
