import { healthReport } from '@mcs/kit';

test('readiness is ok only when every check passes, and names the one that failed', async () => {
  const report = await healthReport(
    { database: () => Promise.resolve(), broker: () => Promise.reject(new Error('not connected')) },
    '1.2.3',
  );
  expect(report).toMatchObject({
    status: 'unavailable',
    live: true,
    ready: false,
    version: '1.2.3',
  });
  expect(report.checks.map((c) => [c.name, c.status, c.error])).toEqual([
    ['database', 'ok', null],
    ['broker', 'fail', 'not connected'],
  ]);
});

test('a check that hangs fails at its time limit instead of holding the report', async () => {
  const started = Date.now();
  const report = await healthReport({ redis: () => new Promise(() => undefined) }, '1.2.3', 100);
  expect(Date.now() - started).toBeLessThan(1000);
  expect(report.checks[0]).toMatchObject({
    name: 'redis',
    status: 'fail',
    error: 'no answer within 100 ms',
  });
});
