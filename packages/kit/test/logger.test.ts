import { createLogger, runWithContext } from '@mcs/kit';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({
    service: 'test',
    level: 'info',
    destination: {
      write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
    },
  });
  return { log, lines };
}

test('secrets are redacted wherever a developer logs them', () => {
  const { log, lines } = capture();
  log.info(
    {
      password: 'p4ss',
      token: 'mcs_0123456789ab_secret',
      req: {
        headers: {
          authorization: 'Bearer abc',
          cookie: 'mcs_session=xyz',
          'x-mcs-signature': 'sig',
        },
      },
      service_config: { api_key: 'radarr-key', nested: { secret: 's3' } },
    },
    'configured',
  );
  const text = JSON.stringify(lines);
  for (const secret of [
    'p4ss',
    'mcs_0123456789ab_secret',
    'Bearer abc',
    'mcs_session=xyz',
    'sig"',
    'radarr-key',
    's3',
  ]) {
    expect(text).not.toContain(secret);
  }
  expect(text).toContain('[redacted]');
});

test('every line carries the correlation id of the work it belongs to', () => {
  const { log, lines } = capture();
  runWithContext({ correlationId: 'req-42' }, () => log.info('inside'));
  log.info('outside');
  expect(lines.map((line) => [line.msg, line.correlation_id])).toEqual([
    ['inside', 'req-42'],
    ['outside', undefined],
  ]);
});
