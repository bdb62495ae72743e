import type { InternalApi } from '@mcs/contracts';
import type { Principal } from '@mcs/kit';
import { DAY } from '@mcs/kit/testing';
import { ADMIN, type Candidate, type Problem, USER } from '../support/api';
import {
  movieTarget,
  newCandidate,
  newMovie,
  newProtection,
  versionTarget,
} from '../support/factories';
import { useWorld } from '../support/world';
import { useRefreshAnswers } from '../support/catalog-refresh';

/** Protection requests (domain.md 8.1, internal-api.md 9.1; issue 13 acceptance, seed rules 8-9). */
const world = useWorld();
// Their runs reach the deletion step: catalog answers the refresh, with nothing playing.
useRefreshAnswers(world);

type Schemas = InternalApi.components['schemas'];
type Decision = Schemas['ProtectionRequestDecision'] & Partial<Omit<Problem, 'status'>>;
/** The request's own `status` is a text; the problem's a number: read both loosely. */
type Request = Omit<Schemas['ProtectionRequest'], 'status'>;

const OTHER: Principal = { type: 'user', id: 3, role: 'user', name: 'other' };
const ASKER: Principal = { ...USER, name: 'asker' };

const ask = (body: Record<string, unknown>, principal: Principal = ASKER) =>
  world.api<Decision>('POST', '/api/protection-requests', { body, principal });
const approve = (id: number, body: Record<string, unknown> = {}) =>
  world.api<Decision>('POST', `/api/protection-requests/${id}/approve`, { body, principal: ADMIN });
const list = (query = '', principal: Principal = ASKER) =>
  world.api<Schemas['ProtectionRequestPage']>('GET', `/api/protection-requests${query}`, {
    principal,
  });
const protectionsOf = (mediaId: number) =>
  world.service.db.protection.findMany({ where: { mediaId: BigInt(mediaId) } });

test('a user asks, an admin approves: one manual protection, linked both ways, with its event', async () => {
  const movie = await newMovie(world.service.db);
  const asked = await ask({ media_type: 'movie', media_id: movie.media_id, reason: 'Favourite' });
  expect(asked.status).toBe(201);
  expect(asked.body.request).toMatchObject({
    status: 'pending',
    requested_by: { id: 2, username: 'asker' },
    reason: 'Favourite',
    permanent: true,
    target: { media_type: 'movie', scope: 'movie', media_id: movie.media_id, title: movie.title },
  });
  expect(asked.body.protection).toBeUndefined();
  const id = asked.body.request.id;
  // Users see their own requests only; administrators see everyone's.
  expect((await list()).body.items.map((r) => r.id)).toContain(id);
  expect((await list('', OTHER)).body.items.map((r) => r.id)).not.toContain(id);
  expect((await list('?status=pending', ADMIN)).body.items.map((r) => r.id)).toContain(id);

  const approved = await approve(id, { admin_note: 'Fine' });
  expect(approved.status).toBe(200);
  expect(approved.body).toMatchObject({
    created: true,
    request: { status: 'approved', decided_by: 1, admin_note: 'Fine' },
    protection: { scope: 'movie', permanent: true, source: 'manual', reason: 'Favourite' },
  });
  const [protection] = await protectionsOf(movie.media_id);
  expect(approved.body.request.protection_id).toBe(Number(protection?.id));
  expect(protection?.requestId).toBe(BigInt(id));
  expect(await world.recordedProtection(Number(protection?.id))).toEqual(['protection.created']);
  expect((await approve(id)).body.code).toBe('request_not_pending');
});

test('two approvals on one target make one protection; a shorter one never downgrades', async () => {
  const movie = await newMovie(world.service.db);
  const target = { media_type: 'movie', media_id: movie.media_id };
  const first = (await ask({ ...target, duration_days: 30 })).body.request.id;
  const second = (await ask({ ...target, duration_days: 7 }, OTHER)).body.request.id;
  const third = (await ask({ ...target, duration_days: 10 }, { ...OTHER, id: 4 })).body.request.id;
  expect((await approve(first)).body.created).toBe(true);
  const [thirty] = await protectionsOf(movie.media_id);
  const shorter = await approve(second);
  expect(shorter.body).toMatchObject({ created: false, protection: { id: Number(thirty?.id) } });
  expect((await protectionsOf(movie.media_id))[0]?.expiresAt).toEqual(thirty?.expiresAt);
  // An approval may grant more than was asked: permanent wins from then on.
  const forever = await approve(third, { permanent: true });
  expect(forever.body).toMatchObject({ created: false, protection: { permanent: true } });
  const fourth = (await ask({ ...target, duration_days: 5 }, { ...OTHER, id: 5 })).body;
  expect(fourth.code).toBe('already_protected');
  expect(await protectionsOf(movie.media_id)).toHaveLength(1);
});

test('refusals: covered by a broader protection, a duplicate, a stranger cancelling', async () => {
  const movie = await newMovie(world.service.db, { versions: 2 });
  await newProtection(world.service.db, movieTarget(movie));
  const version = {
    media_type: 'movie',
    media_id: movie.media_id,
    movie_version_id: movie.versions[0]?.version_id,
  };
  expect((await ask(version)).body.code).toBe('covered_by_existing_protection');

  const other = await newMovie(world.service.db);
  // Only manual/api protections refuse: a rule's protection goes with its rule.
  await newProtection(world.service.db, movieTarget(other), { source: 'rule' });
  const id = (await ask({ media_type: 'movie', media_id: other.media_id })).body.request.id;
  expect((await ask({ media_type: 'movie', media_id: other.media_id })).body.code).toBe(
    'duplicate_request',
  );
  const cancel = (principal: Principal) =>
    world.api<Request>('POST', `/api/protection-requests/${id}/cancel`, { principal });
  expect((await cancel(OTHER)).status).toBe(404);
  expect((await cancel(ASKER)).body.status).toBe('canceled');
  const denyLater = await world.api<Request>('POST', `/api/protection-requests/${id}/deny`, {
    body: {},
    principal: ADMIN,
  });
  expect(denyLater.body.code).toBe('request_not_pending');
  expect((await ask({ media_type: 'movie', media_id: 999_999 })).status).toBe(404);
});

test("an administrator's request is approved at once", async () => {
  const movie = await newMovie(world.service.db);
  const reply = await ask(
    { media_type: 'movie', media_id: movie.media_id, duration_days: 3 },
    ADMIN,
  );
  expect(reply.status).toBe(201);
  expect(reply.body).toMatchObject({
    created: true,
    request: { status: 'approved', decided_by: 1 },
    protection: { permanent: false },
  });
  const expires = Date.parse(reply.body.protection?.expires_at ?? '');
  expect(expires - world.clock.now().getTime()).toBeGreaterThan(3 * DAY - 60_000);
});

test('a pending protection request blocks deleting the candidate it overlaps', async () => {
  const movie = await newMovie(world.service.db);
  const candidateId = await newCandidate(world.service.db, versionTarget(movie));
  const request = (await ask({ media_type: 'movie', media_id: movie.media_id })).body.request;
  const candidate = await world.api<Candidate>('GET', `/api/v1/candidates/${candidateId}`);
  expect(candidate.body.blockers).toEqual(['pending_protection_request']);
  const manual = await world.api<Problem>('POST', '/api/media/candidates/delete', {
    body: { candidate_ids: [candidateId] },
    principal: ADMIN,
  });
  expect(manual.body).toMatchObject({ status: 409, code: 'pending_protection_request' });
  const run = await world.service.services.autoDelete.run({
    runId: 9,
    progress: () => Promise.resolve(),
  });
  expect(run.summary).toMatchObject({ queued: 0 });
  // Approved, it is a protection: still blocked, now as protected.
  await approve(request.id);
  expect(
    (await world.api<Candidate>('GET', `/api/v1/candidates/${candidateId}`)).body.blockers,
  ).toEqual(['protected']);
});
