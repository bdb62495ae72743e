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

test('secret fields are redacted at any depth and however they are spelled', () => {
  const { log, lines } = capture();
  // An HTTP client's error carries its request config, headers included.
  const failure = Object.assign(new Error('request failed'), {
    config: { headers: { Authorization: 'Bearer deep-bearer', 'X-Api-Key': 'header-api-key' } },
  });
  log.error(
    {
      err: failure,
      body: {
        current_password: 'old-pass',
        new_password: 'new-pass',
        user: { passwordHash: 'scrypt$hash', profile: { settings: { password: 'deep-pass' } } },
      },
      session: { csrf_token: 'csrf-1', csrfToken: 'csrf-2', cookie: { mcs_session: 'sess-id' } },
      stored: { token: 'mcs_tok', tokenHash: 'sha-hash', prefix: 'mcs_0123' },
      radarr: { apiKey: 'k1', api_key: 'k2', 'x-api-key': 'k3', nested: [{ Secret: 'k4' }] },
      headers: { authorization: 'Bearer lower', Authorization: 'Bearer upper' },
      // Names outside the list with a secret's ending.
      plex: { 'X-Plex-Token': 'plex-tok', smtp_password: 'smtp-pass', client_secret: 'c-secret' },
    },
    'failed',
  );
  const text = JSON.stringify(lines);
  for (const secret of [
    'deep-bearer',
    'header-api-key',
    'old-pass',
    'new-pass',
    'scrypt$hash',
    'deep-pass',
    'csrf-1',
    'csrf-2',
    'sess-id',
    'mcs_tok',
    'sha-hash',
    'k1',
    'k2',
    'k3',
    'k4',
    'Bearer lower',
    'Bearer upper',
    'plex-tok',
    'smtp-pass',
    'c-secret',
  ]) {
    expect(text).not.toContain(secret);
  }
  // What is not secret stays readable, the error included.
  expect(lines[0]).toMatchObject({
    msg: 'failed',
    err: { type: 'Error', message: 'request failed', config: { headers: {} } },
    stored: { prefix: 'mcs_0123' },
  });
  expect(String((lines[0]?.err as { stack?: string }).stack)).toContain('request failed');
});

test('an error logged alone keeps its message and stack, and a cycle does not loop', () => {
  const { log, lines } = capture();
  const loop: Record<string, unknown> = { name: 'loop' };
  loop.self = loop;
  log.error(new Error('plain failure'));
  log.info({ loop }, 'cyclic');
  expect(lines[0]).toMatchObject({ msg: 'plain failure', err: { message: 'plain failure' } });
  expect(lines[1]).toMatchObject({ loop: { name: 'loop', self: '[Circular]' } });
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
