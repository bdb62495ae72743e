import { CachedValue } from '../src/cached-value';

/** The dashboard's shared figures: one computation per TTL for every concurrent caller. */
function counter() {
  let calls = 0;
  let fail = false;
  const pending: (() => void)[] = [];
  const compute = () =>
    new Promise<number>((resolve, reject) => {
      calls += 1;
      const n = calls;
      pending.push(() => (fail ? reject(new Error('down')) : resolve(n)));
    });
  return {
    compute,
    calls: () => calls,
    failNext: () => {
      fail = true;
    },
    settle: () => {
      for (const done of pending.splice(0)) done();
    },
  };
}

test('callers arriving while a value is computed share that one computation', async () => {
  const source = counter();
  const value = new CachedValue(source.compute, 0);
  const answers = Promise.all([value.get(), value.get(), value.get()]);
  source.settle();
  expect(await answers).toEqual([1, 1, 1]);
  expect(source.calls()).toBe(1);
});

test('within the TTL the result is reused; after it, computed again; TTL 0 never keeps it', async () => {
  let now = 1000;
  const source = counter();
  const kept = new CachedValue(source.compute, 5000, () => now);
  const first = kept.get();
  source.settle();
  expect(await first).toBe(1);
  now += 4999;
  expect(await kept.get()).toBe(1);
  now += 1;
  const later = kept.get();
  source.settle();
  expect(await later).toBe(2);

  const fresh = new CachedValue(source.compute, 0, () => now);
  const a = fresh.get();
  source.settle();
  await a;
  const b = fresh.get();
  source.settle();
  expect(await b).toBe((await a) + 1);
});

test('a failed computation is not kept: the next caller tries again', async () => {
  const source = counter();
  const value = new CachedValue(source.compute, 60_000);
  source.failNext();
  const failed = value.get();
  source.settle();
  await expect(failed).rejects.toThrow('down');
  expect(source.calls()).toBe(1);
  const next = value.get();
  expect(source.calls()).toBe(2);
  source.settle();
  await expect(next).rejects.toThrow('down');
});
