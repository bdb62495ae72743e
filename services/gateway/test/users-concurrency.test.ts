import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';

/**
 * IA#12 under concurrency: the last-admin check and the write it guards are one atomic step, so
 * two requests that each remove one of exactly two enabled admins cannot both succeed.
 */

let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  world = await GatewayWorld.start();
  admin = await world.setup('admin', 'correct horse battery');
});
afterAll(() => world.stop());

/** Makes the setup admin an enabled admin again and (re)creates a second enabled admin. */
async function twoAdmins(): Promise<bigint> {
  const first = await world.db.user.update({
    where: { id: BigInt(admin.userId) },
    data: { role: 'admin', enabled: true },
  });
  await world.db.user.deleteMany({ where: { username: 'second' } });
  const second = await world.db.user.create({
    data: { username: 'second', passwordHash: first.passwordHash, role: 'admin', displayName: 'B' },
  });
  return second.id;
}

test('when an admin removes the other admin while being demoted, one request wins and an enabled admin remains', async () => {
  for (let round = 0; round < 10; round += 1) {
    const second = await twoAdmins();
    const removeSecond =
      round % 2 === 0
        ? world.request('PUT', `/api/users/${second}`, { session: admin, body: { enabled: false } })
        : world.request('DELETE', `/api/users/${second}`, { session: admin });
    const demoteSelf = world.request('PUT', `/api/users/${admin.userId}`, {
      session: admin,
      body: { role: 'user' },
    });
    const replies = await Promise.all([removeSecond, demoteSelf]);

    expect(await world.db.user.count({ where: { role: 'admin', enabled: true } })).toBe(1);
    // Whichever takes the lock first sees two admins and succeeds; the other sees one and gets
    // 409 last_admin, unless its session was checked after the demotion committed: then the
    // acting user is no longer an admin and it is refused earlier, 403 forbidden.
    const [won, lost] = sortByStatus(replies);
    expect(won.status).toBe(200);
    if (lost.status === 403) expectProblem(lost, 403, 'forbidden');
    else expectProblem(lost, 409, 'last_admin');
  }
});

function sortByStatus(replies: Reply[]): [Reply, Reply] {
  const [a, b] = [...replies].sort((x, y) => x.status - y.status);
  return [a as Reply, b as Reply];
}
