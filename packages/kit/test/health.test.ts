import { CheckStates, createLogger, healthReport } from '@mcs/kit';

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
    ['broker', 'fail', 'not ready'],
  ]);
});

test('a check that hangs fails at its time limit instead of holding the report', async () => {
  const started = Date.now();
  const report = await healthReport({ redis: () => new Promise(() => undefined) }, '1.2.3', 100);
  expect(Date.now() - started).toBeLessThan(1000);
  expect(report.checks[0]).toMatchObject({
    name: 'redis',
    status: 'fail',
    error: 'timeout',
  });
});

test("a failing check's own message stays out of the public report and goes to the log, once", async () => {
  const logged: string[] = [];
  const log = createLogger({
    service: 'test',
    level: 'warn',
    destination: { write: (line: string) => logged.push(line) },
  });
  const states = new CheckStates(log);
  const leak = 'connect ECONNREFUSED 10.1.2.3:5432 for role "mcs_gateway"';
  const failing = { database: () => Promise.reject(new Error(leak)) };
  const report = await healthReport(failing, '1.2.3', 1000, states);
  expect(report.checks[0]).toMatchObject({
    name: 'database',
    status: 'fail',
    error: 'unreachable',
  });
  expect(JSON.stringify(report)).not.toMatch(/10\.1\.2\.3|5432|mcs_gateway|ECONNREFUSED/);
  // Not a system error with a code: unexpected, so the line carries the stack.
  expect(logged).toHaveLength(1);
  const line = JSON.parse(logged[0] as string) as {
    check: string;
    msg: string;
    err: { message: string; stack: string };
  };
  expect([line.check, line.msg, line.err.message]).toEqual([
    'database',
    'dependency is down',
    leak,
  ]);
  expect(line.err.stack).toContain('health.test.ts');
  await healthReport(failing, '1.2.3', 1000, states);
  expect(logged).toHaveLength(1);
});
