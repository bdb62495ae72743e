import type { Principal } from '@mcs/kit';
import { ADMIN, type Problem, USER } from '../support/api';
import { newMovie } from '../support/factories';
import { useWorld } from '../support/world';

/**
 * Someone else's request is invisible (issue 25): a user acting on it learns nothing, not
 * even that it exists or what became of it, so they get the answer an unknown id gets.
 */
const world = useWorld();

const ASKER: Principal = { ...USER, name: 'asker' };
const STRANGER: Principal = { type: 'user', id: 3, role: 'user', name: 'stranger' };
const UNKNOWN_ID = 999_999;

/** A created request (`{request}`), a canceled one (the request itself) or a problem. */
type Reply = Problem & { request: { id: number } };

/** The parts of a problem a caller can read, with the id it names made neutral. */
const seen = (body: Partial<Problem>, id: number) => ({
  status: body.status,
  code: body.code,
  title: body.title,
  detail: body.detail?.replace(String(id), '<id>'),
});

describe.each(['protection-requests', 'delete-requests'])('%s', (path) => {
  const call = (action: string, id: number, principal: Principal) =>
    world.api<Reply>('POST', `/api/${path}/${id}/${action}`, { body: {}, principal });
  const statusOf = async (id: number) =>
    (
      await world.api<{ items: { id: number; status: string }[] }>('GET', `/api/${path}`, {
        principal: ASKER,
      })
    ).body.items.find((r) => r.id === id)?.status;
  const askFor = async () => {
    const movie = await newMovie(world.service.db);
    const asked = await world.api<Reply>('POST', `/api/${path}`, {
      body: { media_type: 'movie', media_id: movie.media_id },
      principal: ASKER,
    });
    return asked.body.request.id;
  };

  test("cancelling another user's pending request answers 404 as for an unknown id", async () => {
    const id = await askFor();
    const unknown = await call('cancel', UNKNOWN_ID, STRANGER);
    expect(unknown.status).toBe(404);
    const stranger = await call('cancel', id, STRANGER);
    expect(seen(stranger.body, id)).toEqual(seen(unknown.body, UNKNOWN_ID));
    expect(await statusOf(id)).toBe('pending');
  });

  test("cancelling another user's decided request answers 404 before its status", async () => {
    const id = await askFor();
    expect((await call('cancel', id, ASKER)).body.status).toBe('canceled');
    const unknown = await call('cancel', UNKNOWN_ID, STRANGER);
    const stranger = await call('cancel', id, STRANGER);
    expect(seen(stranger.body, id)).toEqual(seen(unknown.body, UNKNOWN_ID));
    expect(JSON.stringify(stranger.body)).not.toContain('canceled');
  });

  test('the owner and administrators still learn that a request is no longer pending', async () => {
    const id = await askFor();
    expect((await call('cancel', id, ASKER)).status).toBe(200);
    for (const principal of [ASKER, ADMIN]) {
      const again = await call('cancel', id, principal);
      expect(again.body).toMatchObject({ status: 409, code: 'request_not_pending' });
      expect(again.body.detail).toContain('already canceled');
    }
    const other = await askFor();
    expect((await call('cancel', other, ADMIN)).body.status).toBe('canceled');
  });

  test('deciding is for administrators: a user is refused alike for any id, known or not', async () => {
    const id = await askFor();
    for (const action of ['approve', 'deny']) {
      const known = await call(action, id, STRANGER);
      const unknown = await call(action, UNKNOWN_ID, STRANGER);
      expect(known.status).toBe(403);
      expect(seen(known.body, id)).toEqual(seen(unknown.body, UNKNOWN_ID));
    }
    expect(await statusOf(id)).toBe('pending');
  });
});
