import { runIdempotent } from '@mcs/kit';
import { messagingWorld, type MessagingWorld } from './world';

let world: MessagingWorld;
beforeAll(async () => {
  world = await messagingWorld();
});
afterAll(() => world.close());

test('a repeated key returns the stored outcome without running the operation again', async () => {
  let runs = 0;
  const scope = { tokenId: 4, key: 'k1' };
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
  const scope = { tokenId: 4, key: 'k2' };
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
  await world.db.$transaction((tx) =>
    runIdempotent(tx, world.schema, { tokenId: 1, key: 'same' }, op),
  );
  const other = await world.db.$transaction((tx) =>
    runIdempotent(tx, world.schema, { tokenId: 2, key: 'same' }, op),
  );
  expect(other.replayed).toBe(false);
  await world.db.$transaction((tx) => runIdempotent(tx, world.schema, undefined, op));
  await world.db.$transaction((tx) => runIdempotent(tx, world.schema, undefined, op));
  expect(runs).toBe(4);
});
