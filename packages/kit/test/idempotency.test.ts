import { type IdempotencyScope, purgeExpiredIdempotency, runIdempotent } from '@mcs/kit';
import { messagingWorld, type MessagingWorld } from './world';

let world: MessagingWorld;
beforeAll(async () => {
  world = await messagingWorld();
});
afterAll(() => world.close());

/** A scope as the gateway forwards it: one request's fingerprint, kept for a day. */
const scopeOf = (tokenId: number, key: string, fingerprint = 'POST /a {}'): IdempotencyScope => ({
  tokenId,
  key,
  fingerprint,
  retentionSeconds: 86_400,
});

test('a repeated key returns the stored outcome without running the operation again', async () => {
  let runs = 0;
  const scope = scopeOf(4, 'k1');
  const run = () =>
    world.db.$transaction((tx) =>
      runIdempotent(tx, world.schema, scope, () =>
        Promise.resolve({ status: 200, body: { run: (runs += 1) } }),
      ),
    );
  expect(await run()).toEqual({ status: 200, body: { run: 1 }, replayed: false });
  expect(await run()).toEqual({ status: 200, body: { run: 1 }, replayed: true });
  expect(runs).toBe(1);
});

test('the record commits with the change: a rolled-back operation leaves the key free', async () => {
  const scope = scopeOf(4, 'k2');
  await expect(
    world.db.$transaction(async (tx) => {
      await runIdempotent(tx, world.schema, scope, () =>
        Promise.resolve({ status: 200, body: {} }),
      );
      throw new Error('commit failed');
    }),
  ).rejects.toThrow('commit failed');
  const again = await world.db.$transaction((tx) =>
    runIdempotent(tx, world.schema, scope, () =>
      Promise.resolve({ status: 200, body: { second: true } }),
    ),
  );
  expect(again).toEqual({ status: 200, body: { second: true }, replayed: false });
});

test('keys are scoped per token, and requests without a key always run', async () => {
  let runs = 0;
  const op = () => Promise.resolve({ status: 200, body: { run: (runs += 1) } });
  await world.db.$transaction((tx) => runIdempotent(tx, world.schema, scopeOf(1, 'same'), op));
  const other = await world.db.$transaction((tx) =>
    runIdempotent(tx, world.schema, scopeOf(2, 'same'), op),
  );
  expect(other.replayed).toBe(false);
  await world.db.$transaction((tx) => runIdempotent(tx, world.schema, undefined, op));
  await world.db.$transaction((tx) => runIdempotent(tx, world.schema, undefined, op));
  expect(runs).toBe(4);
});

describe('a key the gateway no longer knows', () => {
  let runs = 0;
  const op = () => Promise.resolve({ status: 200, body: { run: (runs += 1) } });
  const run = (scope: IdempotencyScope) =>
    world.db.$transaction((tx) => runIdempotent(tx, world.schema, scope, op));

  test('reused for a different request answers 422 idempotency_key_reused and runs nothing', async () => {
    await run(scopeOf(7, 'k3', 'POST /candidates/1/cancel {}'));
    const before = runs;
    await expect(run(scopeOf(7, 'k3', 'POST /candidates/2/cancel {}'))).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
    expect(runs).toBe(before);
    expect(await run(scopeOf(7, 'k3', 'POST /candidates/1/cancel {}'))).toMatchObject({
      replayed: true,
    });
  });

  test('is free again once its record has expired, and housekeeping purges only expired records', async () => {
    await run(scopeOf(8, 'old', 'POST /x {}'));
    await run(scopeOf(8, 'live', 'POST /x {}'));
    await world.db.$executeRawUnsafe(
      `UPDATE ${world.schema}.idempotent_requests SET expires_at = now() - interval '1 second'
        WHERE token_id = 8 AND key = 'old'`,
    );
    const reused = await run(scopeOf(8, 'old', 'POST /y {}'));
    expect(reused).toMatchObject({ replayed: false, body: { run: runs } });

    await world.db.$executeRawUnsafe(
      `UPDATE ${world.schema}.idempotent_requests SET expires_at = now() - interval '1 second'
        WHERE token_id = 8 AND key = 'old'`,
    );
    const purged = await world.db.$transaction((tx) => purgeExpiredIdempotency(tx, world.schema));
    expect(purged).toBe(1);
    const left = await world.db.$queryRawUnsafe<{ key: string }[]>(
      `SELECT key FROM ${world.schema}.idempotent_requests WHERE token_id = 8`,
    );
    expect(left).toEqual([{ key: 'live' }]);
  });
});

test('two requests with one key at once (the gateway lost its lock): one commits, the other is undone with 409', async () => {
  const scope = scopeOf(9, 'race');
  const op = (tx: Parameters<Parameters<typeof world.db.$transaction>[0]>[0]) => async () => {
    // The operation's own write, which must not survive for the loser.
    await tx.$executeRawUnsafe(
      `INSERT INTO ${world.schema}.inbox (consumer, message_id) VALUES ('race', gen_random_uuid())`,
    );
    return { status: 200, body: {} };
  };
  let release = () => undefined as void;
  let ran = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const firstRan = new Promise<void>((resolve) => (ran = resolve));
  const first = world.db.$transaction((tx) =>
    runIdempotent(tx, world.schema, scope, async () => {
      const outcome = await op(tx)();
      ran();
      await held;
      return outcome;
    }),
  );
  await firstRan;
  const second = await world.db.$transaction((tx) =>
    runIdempotent(tx, world.schema, scope, op(tx)),
  );
  expect(second.replayed).toBe(false);
  release();
  await expect(first).rejects.toMatchObject({ status: 409, code: 'idempotency_key_in_use' });
  const rows = await world.db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM ${world.schema}.inbox WHERE consumer = 'race'`,
  );
  expect(rows).toEqual([{ n: 1 }]);
});
