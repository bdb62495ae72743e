import type { InternalApi } from '@mcs/contracts';
import type { Principal } from '@mcs/kit';
import { ADMIN } from '../support/api';
import { newMovie } from '../support/factories';
import { useWorld } from '../support/world';

/**
 * In-app notices (internal-api.md 5): a requester is told when an administrator decides their
 * request (domain.md 8.1); each user sees and marks only their own.
 */
const world = useWorld();

type Schemas = InternalApi.components['schemas'];
const ASKER: Principal = { type: 'user', id: 2, role: 'user', name: 'asker' };
const OTHER: Principal = { type: 'user', id: 3, role: 'user', name: 'other' };

const ask = async (kind: 'protection' | 'delete', principal: Principal = ASKER) => {
  const movie = await newMovie(world.service.db);
  const reply = await world.api<{ request: { id: number } }>('POST', `/api/${kind}-requests`, {
    body: { media_type: 'movie', media_id: movie.media_id },
    principal,
  });
  expect(reply.status).toBeLessThan(300);
  return { movie, id: reply.body.request.id };
};
const notices = (query = '', principal: Principal = ASKER) =>
  world.api<Schemas['NoticePage']>('GET', `/api/notices${query}`, { principal });
const markRead = (body: unknown, principal: Principal = ASKER) =>
  world.api<Schemas['NoticesRead']>('POST', '/api/notices/read', { body, principal });

test("an administrator's decisions reach the requester as notices, which they mark read", async () => {
  const kept = await ask('protection');
  const removed = await ask('delete');
  expect((await notices()).body.total).toBe(0);
  const approved = await world.api('POST', `/api/protection-requests/${kept.id}/approve`, {
    body: {},
    principal: ADMIN,
  });
  expect(approved.status).toBe(200);
  const denied = await world.api('POST', `/api/delete-requests/${removed.id}/deny`, {
    body: { admin_note: 'Still popular' },
    principal: ADMIN,
  });
  expect(denied.status).toBe(200);

  const page = await notices();
  expect(page.status).toBe(200);
  expect(page.body).toMatchObject({ total: 2, page: 1 });
  expect(page.body.items).toMatchObject([
    {
      level: 'warning',
      title: 'Deletion request denied',
      message: `Your request to remove “${removed.movie.title} (${removed.movie.year})” was denied. Note: Still popular`,
      read_at: null,
    },
    {
      level: 'success',
      title: 'Protection request approved',
      message: `Your request to keep “${kept.movie.title} (${kept.movie.year})” was approved.`,
      read_at: null,
    },
  ]);
  // Nobody else sees them or can mark them.
  expect((await notices('', OTHER)).body.total).toBe(0);
  expect((await notices('', ADMIN)).body.total).toBe(0);
  const [newest, oldest] = page.body.items;
  expect((await markRead({ ids: [newest?.id] }, OTHER)).body).toEqual({ updated: 0 });

  expect((await markRead({ ids: [newest?.id] })).body).toEqual({ updated: 1 });
  const unread = await notices('?unread_only=true');
  expect(unread.body.items.map((n) => n.id)).toEqual([oldest?.id]);
  expect((await markRead({ all: true })).body).toEqual({ updated: 1 });
  expect((await notices('?unread_only=true')).body.total).toBe(0);
  expect((await notices()).body.items.every((n) => n.read_at !== null)).toBe(true);
});

test("no notice for an administrator's own request or a requester's own withdrawal", async () => {
  await ask('protection', ADMIN);
  const { id } = await ask('protection', OTHER);
  await world.api('POST', `/api/protection-requests/${id}/cancel`, { principal: OTHER });
  expect((await notices('', ADMIN)).body.total).toBe(0);
  expect((await notices('', OTHER)).body.total).toBe(0);
});

test('marking read takes ids or all, not both and not neither', async () => {
  for (const body of [{}, { ids: [1], all: true }, { ids: [] }, { ids: [0] }, { all: 'yes' }]) {
    const reply = await markRead(body);
    expect(reply.status).toBe(422);
  }
});
