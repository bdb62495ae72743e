import { LocalTurns } from '../../src/delivery/local-turns';

/** A turn that runs until `finish` is called. */
function pendingTurn() {
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: () => done, finish: () => finish() };
}

test('before start no turn runs here: every hand-over is left to a job', () => {
  const turns = new LocalTurns();
  expect(turns.open).toBe(false);
  expect(turns.tryRun(() => Promise.resolve())).toBe(false);
});

test('at most `limit` turns run at once; a finished one frees its place', async () => {
  const turns = new LocalTurns();
  turns.start(2);
  const [a, b] = [pendingTurn(), pendingTurn()];
  expect(turns.tryRun(a.run)).toBe(true);
  expect(turns.tryRun(b.run)).toBe(true);
  expect(turns.tryRun(() => Promise.resolve())).toBe(false);
  a.finish();
  await a.run();
  await Promise.resolve();
  expect(turns.tryRun(() => Promise.resolve())).toBe(true);
  b.finish();
});

test('stop refuses new turns and waits for the running ones', async () => {
  const turns = new LocalTurns();
  const { stop } = turns.start(4);
  const running = pendingTurn();
  turns.tryRun(running.run);
  let stopped = false;
  const stopping = stop().then(() => (stopped = true));
  expect(turns.open).toBe(false);
  expect(turns.tryRun(() => Promise.resolve())).toBe(false);
  await Promise.resolve();
  expect(stopped).toBe(false);
  running.finish();
  await stopping;
  expect(stopped).toBe(true);
});
