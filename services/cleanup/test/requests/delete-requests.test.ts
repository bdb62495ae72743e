import type { InternalApi } from '@mcs/contracts';
import type { Principal } from '@mcs/kit';
import { ADMIN, type Candidate, USER } from '../support/api';
import {
  movieTarget,
  newCandidate,
  newMovie,
  newProtection,
  versionTarget,
} from '../support/factories';
import { operationCompleted, type OperationCommand, sentOperations } from '../support/operations';
import { useWorld } from '../support/world';
import { useRefreshAnswers } from '../support/catalog-refresh';

/** Delete requests (domain.md 8.2, internal-api.md 9.2; issue 13). */
const world = useWorld();
// Their runs reach the deletion step: catalog answers the refresh, with nothing playing.
useRefreshAnswers(world);

type Schemas = InternalApi.components['schemas'];
/** A created, queued or refused answer, read loosely (the request's status is a text). */
type Reply = Partial<Omit<Schemas['DeleteRequestQueued'], 'status'>> & {
  request: Omit<Schemas['DeleteRequest'], 'status'> & { status: string };
  code?: string;
};

const ASKER: Principal = { ...USER, name: 'asker' };
const OTHER: Principal = { type: 'user', id: 3, role: 'user', name: 'other' };

const ask = (body: Record<string, unknown>, principal: Principal = ASKER) =>
  world.api<Reply>('POST', '/api/delete-requests', { body, principal });
const approve = (id: number, body: Record<string, unknown> = {}) =>
  world.api<Reply>('POST', `/api/delete-requests/${id}/approve`, { body, principal: ADMIN });
const command = async (operationId: number | null | undefined) =>
  (await sentOperations(world.service)).find((sent) => sent.operation_id === operationId);
const finish = (sent: OperationCommand, outcome: 'succeeded' | 'failed') =>
  world.service.db.$transaction((tx) =>
    world.service.services.operationOutcomes.record(
      tx,
      operationCompleted(sent, outcome, 'no_route'),
      new Date(),
    ),
  );
const requestStatus = async (id: number) =>
  (
    await world.api<{ items: { id: number; status: string; failure_reason: string | null }[] }>(
      'GET',
      '/api/delete-requests',
      { principal: ADMIN },
    )
  ).body.items.find((r) => r.id === id);

test('a request for media that is no candidate: approved with the global default, then completed', async () => {
  const movie = await newMovie(world.service.db);
  const asked = await ask({ media_type: 'movie', media_id: movie.media_id, reason: 'Bad copy' });
  expect(asked.status).toBe(201);
  expect(asked.body.request).toMatchObject({ status: 'pending', requested_by: { id: 2 } });
  const approved = await approve(asked.body.request.id, { admin_note: 'Gone' });
  expect(approved.status).toBe(202);
  expect(approved.body).toMatchObject({ request: { status: 'approved', decided_by: 1 } });
  const sent = await command(approved.body.request.operation_id);
  expect(sent).toMatchObject({
    candidate_id: null,
    trigger: 'delete_request',
    kind: 'unmonitor',
    arr_action: 'unmonitor',
    requested_by: { type: 'user', id: 1 },
    target: { scope: 'movie', media_id: movie.media_id },
  });
  if (!sent) throw new Error('a command expected');
  await finish(sent, 'succeeded');
  expect(await requestStatus(asked.body.request.id)).toMatchObject({ status: 'completed' });
  const [receipt] = await world.service.db.$queryRaw<Record<string, unknown>[]>`
    SELECT trigger, title, candidate_id FROM deletion_receipts WHERE operation_id = ${sent.operation_id}`;
  expect(receipt).toEqual({ trigger: 'delete_request', title: movie.title, candidate_id: null });
  // No candidate, no candidate event.
  const events = await world.service.db.$queryRaw<unknown[]>`
    SELECT 1 FROM outbox WHERE routing_key LIKE 'candidate.%'
      AND (payload->'payload'->'candidate'->>'media_id')::bigint = ${movie.media_id}`;
  expect(events).toEqual([]);
});

test("a candidate's target uses its plan and emits its event; arr_action may be overridden", async () => {
  const movie = await newMovie(world.service.db);
  const candidateId = await newCandidate(world.service.db, versionTarget(movie), {
    matchedRuleIds: [],
  });
  const version = {
    media_type: 'movie',
    media_id: movie.media_id,
    movie_version_id: movie.versions[0]?.version_id,
  };
  const id = (await ask(version)).body.request.id;
  const candidate = await world.api<Candidate>('GET', `/api/v1/candidates/${candidateId}`);
  expect(candidate.body.blockers).toEqual(['pending_delete_request']);
  const run = await world.service.services.autoDelete.run({
    runId: 5,
    progress: () => Promise.resolve(),
  });
  expect(run.summary.queued).toBe(0);
  const approved = await approve(id, { arr_action: 'delete' });
  const sent = await command(approved.body.request.operation_id);
  expect(sent).toMatchObject({ candidate_id: candidateId, kind: 'delete', arr_action: 'delete' });
  if (!sent) throw new Error('a command expected');
  await finish(sent, 'succeeded');
  expect(await world.recorded(candidateId)).toEqual([
    'catalog.file_operation.execute',
    'candidate.deleted',
  ]);
  expect((await world.api('GET', `/api/v1/candidates/${candidateId}`)).status).toBe(404);
});

test('refusals, failures and an administrator asking', async () => {
  const guarded = await newMovie(world.service.db);
  await newProtection(world.service.db, movieTarget(guarded));
  expect((await ask({ media_type: 'movie', media_id: guarded.media_id })).body.code).toBe(
    'target_protected',
  );

  const movie = await newMovie(world.service.db);
  const target = { media_type: 'movie', media_id: movie.media_id };
  const id = (await ask(target)).body.request.id;
  expect((await ask(target)).body.code).toBe('duplicate_request');
  expect((await approve(id, { operation: 'move' })).body.code).toBe('move_destination_missing');
  // A pending protection request for the same media: that decision comes first.
  const protection = await world.api<{ request: { id: number } }>(
    'POST',
    '/api/protection-requests',
    { body: target, principal: OTHER },
  );
  expect((await approve(id)).body.code).toBe('pending_protection_request');
  await world.api('POST', `/api/protection-requests/${protection.body.request.id}/deny`, {
    body: {},
    principal: ADMIN,
  });
  const approved = await approve(id);
  const sent = await command(approved.body.request.operation_id);
  if (!sent) throw new Error('a command expected');
  await finish(sent, 'failed');
  expect(await requestStatus(id)).toMatchObject({ status: 'failed', failure_reason: 'no_route' });
  expect((await approve(id)).body.code).toBe('request_not_pending');

  const other = await newMovie(world.service.db);
  const byAdmin = await ask({ media_type: 'movie', media_id: other.media_id }, ADMIN);
  expect(byAdmin.status).toBe(202);
  expect(byAdmin.body).toMatchObject({ status: 'queued', request: { status: 'approved' } });
  expect(typeof byAdmin.body.job_id).toBe('number');
});
