import { Invalid } from '@mcs/kit';
import { readEndpointInput, type ReadOptions } from '../../src/domain/endpoint-input';
import { maskHeaders } from '../../src/domain/endpoint-headers';

const open: ReadOptions = { policy: { blockPrivate: false } };
const minimal = {
  name: 'Home Assistant',
  url: 'http://automation.lan:8123/hooks/mcs',
  event_types: ['candidate.deleted'],
};

/** The field errors a body produces, as `name: message` (empty when valid). */
function fieldErrors(body: Record<string, unknown>, options: ReadOptions = open): string[] {
  try {
    readEndpointInput(body, options);
    return [];
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    expect(error.status).toBe(422);
    return (error.extra.errors ?? []).map((e) => {
      expect(e.in).toBe('body');
      return e.name;
    });
  }
}

test('a minimal endpoint gets the documented defaults and types in §1.1 order', () => {
  const settings = readEndpointInput(
    {
      ...minimal,
      name: '  Home Assistant ',
      event_types: ['protection.created', 'candidate.deleted', 'candidate.deleted'],
      method: 'post',
    },
    open,
  );
  expect(settings).toEqual({
    name: 'Home Assistant',
    enabled: true,
    url: 'http://automation.lan:8123/hooks/mcs',
    method: 'POST',
    eventTypes: ['candidate.deleted', 'protection.created'],
    mediaTypes: ['movie', 'series'],
    timeoutSeconds: 15,
    headers: [],
    authUsername: null,
    authPassword: null,
    urlTemplate: null,
    bodyTemplate: null,
    pathMode: 'original',
  });
});

test('every invalid field of acceptance check 20 is named in one 422', () => {
  expect(fieldErrors({ ...minimal, timeout_seconds: 0 })).toEqual(['timeout_seconds']);
  expect(fieldErrors({ ...minimal, timeout_seconds: 121 })).toEqual(['timeout_seconds']);
  expect(fieldErrors({ ...minimal, url: 'ftp://automation.lan/' })).toEqual(['url']);
  expect(fieldErrors({ ...minimal, url: 'http://user:pw@automation.lan/' })).toEqual(['url']);
  expect(fieldErrors({ ...minimal, event_types: ['candidate.exploded'] })).toEqual(['event_types']);
  expect(fieldErrors({ ...minimal, headers: [{ name: 'Host', value: 'x' }] })).toEqual([
    'headers[0].name',
  ]);
  expect(fieldErrors({ ...minimal, method: 'GET', body_template: '{id}' })).toEqual([
    'body_template',
  ]);
  expect(fieldErrors({ ...minimal, body_template: '{a.b}' })).toEqual(['body_template']);
  expect(
    fieldErrors({
      name: ' ',
      event_types: [],
      media_types: ['music'],
      method: 'PUT',
      path_mode: 'x',
    }).sort(),
  ).toEqual(['event_types', 'media_types', 'method', 'name', 'path_mode', 'url']);
});

test('url: fragments, placeholders, over-long and relative URLs are refused', () => {
  for (const url of [
    'http://automation.lan/#top',
    'http://automation.lan/{id}',
    `http://automation.lan/${'a'.repeat(2030)}`,
    '/hooks',
    'http://',
  ])
    expect([url, fieldErrors({ ...minimal, url })]).toEqual([url, ['url']]);
});

test('url: metadata and reserved literals always refused; private ones only with the setting', () => {
  const blocking: ReadOptions = { policy: { blockPrivate: true } };
  for (const url of [
    'http://169.254.169.254/',
    'http://[fe80::1]/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://[::ffff:169.254.169.254]/',
    'http://metadata.google.internal/',
  ])
    expect([url, fieldErrors({ ...minimal, url })]).toEqual([url, ['url']]);
  for (const url of [
    'http://192.168.1.5:8123/',
    'http://localhost:8123/',
    'http://app.localhost/',
    'http://[::1]/',
    'http://10.0.0.2/',
  ]) {
    expect([url, fieldErrors({ ...minimal, url })]).toEqual([url, []]);
    expect([url, fieldErrors({ ...minimal, url }, blocking)]).toEqual([url, ['url']]);
  }
  // A name is judged by what it resolves to, at send time.
  expect(fieldErrors({ ...minimal, url: 'http://automation.lan/' }, blocking)).toEqual([]);
});

test('headers: token names, unique case-insensitively, CR/LF-free values, at most 20', () => {
  expect(fieldErrors({ ...minimal, headers: [{ name: 'X Bad', value: '' }] })).toEqual([
    'headers[0].name',
  ]);
  expect(
    fieldErrors({ ...minimal, headers: [{ name: 'X-A', value: 'a\r\nX-Injected: 1' }] }),
  ).toEqual(['headers[0].value']);
  expect(
    fieldErrors({
      ...minimal,
      headers: [
        { name: 'X-A', value: '1' },
        { name: 'x-a', value: '2' },
      ],
    }),
  ).toEqual(['headers[1].name']);
  expect(
    fieldErrors({
      ...minimal,
      headers: Array.from({ length: 21 }, (_, i) => ({ name: `X-${i}`, value: '' })),
    }),
  ).toEqual(['headers']);
  for (const name of [
    'Content-Length',
    'transfer-encoding',
    'Connection',
    'User-Agent',
    'Webhook-Id',
    'webhook-timestamp',
    'WEBHOOK-SIGNATURE',
  ])
    expect([name, fieldErrors({ ...minimal, headers: [{ name, value: 'x' }] })]).toEqual([
      name,
      ['headers[0].name'],
    ]);
});

test('Content-Type needs body_template; Authorization is refused alongside basic auth', () => {
  const contentType = { name: 'Content-Type', value: 'text/plain' };
  expect(fieldErrors({ ...minimal, headers: [contentType] })).toEqual(['headers[0].name']);
  expect(
    fieldErrors({ ...minimal, headers: [contentType], body_template: 'deleted {title}' }),
  ).toEqual([]);
  const authorization = { name: 'Authorization', value: 'Bearer abc' };
  expect(fieldErrors({ ...minimal, headers: [authorization] })).toEqual([]);
  expect(fieldErrors({ ...minimal, headers: [authorization], auth_username: 'bob' })).toEqual([
    'headers[0].name',
  ]);
});

test('a masked header value keeps the stored value of the same name; unknown masked names fail', () => {
  const stored = {
    url: minimal.url,
    headers: [
      { name: 'X-Api-Key', value: 'k-123' },
      { name: 'X-Other', value: 'o' },
    ],
    authPassword: null,
  };
  const masked = maskHeaders(stored.headers);
  expect(masked).toEqual([
    { name: 'X-Api-Key', value: '********' },
    { name: 'X-Other', value: '********' },
  ]);
  const settings = readEndpointInput(
    {
      ...minimal,
      headers: [
        { name: 'x-api-key', value: '********' },
        { name: 'X-New', value: 'n' },
      ],
    },
    { ...open, stored },
  );
  expect(settings.headers).toEqual([
    { name: 'x-api-key', value: 'k-123' },
    { name: 'X-New', value: 'n' },
  ]);
  expect(
    fieldErrors(
      { ...minimal, headers: [{ name: 'X-Missing', value: '********' }] },
      { ...open, stored },
    ),
  ).toEqual(['headers[0].value']);
  expect(fieldErrors({ ...minimal, headers: [{ name: 'X-Api-Key', value: '********' }] })).toEqual([
    'headers[0].value',
  ]);
});

test('auth_password: omitted keeps, null or "" clears, a string replaces, no user name clears', () => {
  const stored = { url: minimal.url, headers: [], authPassword: 'old-pass' };
  const read = (extra: Record<string, unknown>) =>
    readEndpointInput({ ...minimal, ...extra }, { ...open, stored });
  expect(read({ auth_username: 'bob' }).authPassword).toBe('old-pass');
  expect(read({ auth_username: 'bob', auth_password: null }).authPassword).toBeNull();
  expect(read({ auth_username: 'bob', auth_password: '' }).authPassword).toBeNull();
  expect(read({ auth_username: 'bob', auth_password: 'new-pass' }).authPassword).toBe('new-pass');
  expect(read({ auth_username: '', auth_password: 'new-pass' })).toMatchObject({
    authUsername: null,
    authPassword: null,
  });
  expect(read({ auth_username: null })).toMatchObject({ authUsername: null, authPassword: null });
  expect(fieldErrors({ ...minimal, auth_username: 'bob:x' })).toEqual(['auth_username']);
  expect(
    fieldErrors({ ...minimal, auth_username: 'bob', auth_password: 'p'.repeat(1025) }),
  ).toEqual(['auth_password']);
});

test('url_template must keep url’s literal scheme, host and port', () => {
  const ok = {
    ...minimal,
    url: 'http://scanner.lan:2875/',
    url_template: 'http://scanner.lan:2875/triggers/manual?path={urlencoded_path}',
  };
  expect(readEndpointInput(ok, open).urlTemplate).toBe(ok.url_template);
  for (const url_template of [
    'http://other.lan:2875/x',
    'https://scanner.lan:2875/x',
    'http://scanner.lan/x',
    'http://{host}/x',
    'http://scanner.lan:{port}/x',
    'http://u:p@scanner.lan:2875/x',
    '/relative/{id}',
    'http://scanner.lan:2875/{a[0]}',
  ])
    expect([url_template, fieldErrors({ ...ok, url_template })]).toEqual([
      url_template,
      ['url_template'],
    ]);
});

test('a url_template whose literal path has a "." or ".." segment, however spelled, is 422', () => {
  const url = 'http://scanner.lan:2875/';
  for (const url_template of [
    'http://scanner.lan:2875/a/../admin',
    'http://scanner.lan:2875/a/./b',
    'http://scanner.lan:2875/a/..',
    'http://scanner.lan:2875/%2e%2e/admin',
    'http://scanner.lan:2875/a/%2E./b?x=1',
    'http://scanner.lan:2875/a/.%2e',
    'http://scanner.lan:2875/a/%2e',
    'http://scanner.lan:2875/a\\..\\b',
    'http://scanner.lan:2875/a%2F..%2Fb',
    'http://scanner.lan:2875/a/.\t./b',
  ])
    expect([url_template, fieldErrors({ ...minimal, url, url_template })]).toEqual([
      url_template,
      ['url_template'],
    ]);
  for (const url_template of [
    'http://scanner.lan:2875/.well-known/a..b/.../{path}',
    'http://scanner.lan:2875/x/{a}./{b}..',
    'http://scanner.lan:2875/x?path=../..&y=./#',
  ])
    expect([url_template, fieldErrors({ ...minimal, url, url_template })]).toEqual([
      url_template,
      [],
    ]);
});

test('a body that is not a JSON object is refused as a whole', () => {
  expect(() => readEndpointInput([minimal], open)).toThrow(Invalid);
});
