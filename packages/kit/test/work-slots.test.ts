import { WorkSlots } from '@mcs/kit';

/** A task that runs until released, recording when it started. */
function gated(started: number[], id: number) {
  let open = () => undefined as void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      started.push(id);
      await gate;
      return id;
    },
    open: () => open(),
  };
}

test('at most `slots` tasks run at once; the others start in arrival order as slots free up', async () => {
  const slots = new WorkSlots({ slots: 2 });
  const started: number[] = [];
  const tasks = [1, 2, 3, 4].map((id) => gated(started, id));
  const results = tasks.map((t) => slots.run(t.task));
  await new Promise(setImmediate);
  expect(started).toEqual([1, 2]);
  tasks[1]?.open();
  await results[1];
  await new Promise(setImmediate);
  expect(started).toEqual([1, 2, 3]);
  for (const t of tasks) t.open();
  expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
});

test('past its queue, or after its wait, a caller is refused with busy() at once', async () => {
  jest.useFakeTimers();
  try {
    const slots = new WorkSlots({ slots: 1, queue: 1, maxWaitMs: 100 }, () => new Error('busy'));
    const started: number[] = [];
    const running = gated(started, 1);
    const first = slots.run(running.task);
    const waiting = slots.run(() => Promise.resolve(2));
    await expect(slots.run(() => Promise.resolve(3))).rejects.toThrow('busy');
    jest.advanceTimersByTime(100);
    await expect(waiting).rejects.toThrow('busy');
    running.open();
    expect(await first).toBe(1);
    expect(await slots.run(() => Promise.resolve(4))).toBe(4);
  } finally {
    jest.useRealTimers();
  }
});
