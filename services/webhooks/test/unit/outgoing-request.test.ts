import { Webhook } from 'standardwebhooks';
import type { AttemptResult } from '../../src/domain/attempt-result';
import {
  buildRequest,
  type EndpointRequestSettings,
  isRequest,
  type OutgoingRequest,
  type RequestPlan,
} from '../../src/domain/outgoing-request';
import { generateSigningSecret } from '../../src/domain/signing';
import { deletedEvent } from './samples';

const secret = generateSigningSecret();
const endpoint: EndpointRequestSettings = {
  method: 'POST',
  url: 'http://automation.lan:8123/hooks',
  urlTemplate: null,
  bodyTemplate: null,
  pathMode: 'original',
  headers: [],
  authUsername: null,
  authPassword: null,
  timeoutSeconds: 15,
};
const plan = (changes: Partial<EndpointRequestSettings> = {}): RequestPlan => ({
  endpoint: { ...endpoint, ...changes },
  event: deletedEvent(),
  paths: { path: '/media/Movie Name/file.mkv', localPath: null, destinationPath: null },
  webhookId: 'e71f0c44-9b2a-4d3e-a6c5-0f1e2d3c4b5a',
  secrets: { current: secret, previous: null, previousExpiresAt: null },
  now: new Date(),
  version: '1.4.2',
});

function request(changes: Partial<EndpointRequestSettings> = {}): OutgoingRequest {
  const built = buildRequest(plan(changes));
  if (!isRequest(built)) throw new Error(`refused: ${built.error?.message}`);
  return built;
}

function refusal(changes: Partial<EndpointRequestSettings>): AttemptResult {
  const built = buildRequest(plan(changes));
  if (isRequest(built)) throw new Error('expected a refusal');
  return built;
}

test('default POST: compact payload JSON, no path, exactly the headers of §4.12, verifiable', () => {
  const built = request();
  expect(built.body?.toString()).toBe(JSON.stringify(deletedEvent().payload));
  expect(built.body?.toString()).not.toContain('/media');
  expect(Object.keys(built.headers).sort()).toEqual(
    ['Content-Type', 'User-Agent', 'webhook-id', 'webhook-signature', 'webhook-timestamp'].sort(),
  );
  expect(built.headers).toMatchObject({
    'Content-Type': 'application/json',
    'User-Agent': 'MediaCleanupService/1.4.2',
    'webhook-id': 'e71f0c44-9b2a-4d3e-a6c5-0f1e2d3c4b5a',
  });
  expect(() => new Webhook(secret).verify(built.body ?? '', built.headers)).not.toThrow();
  expect(built).toMatchObject({ method: 'POST', url: endpoint.url, timeoutMs: 15_000 });
});

test('GET sends no body and no Content-Type, and its empty-body signature verifies', () => {
  const built = request({ method: 'GET' });
  expect(built.body).toBeNull();
  expect(built.headers['Content-Type']).toBeUndefined();
  expect(() => new Webhook(secret).verify('', built.headers)).not.toThrow();
});

test('basic auth, custom headers, and a custom Content-Type replacing the default', () => {
  const built = request({
    authUsername: 'bob',
    authPassword: 'pä:ss',
    bodyTemplate: 'title={title}',
    headers: [
      { name: 'X-Api-Key', value: 'k-1' },
      { name: 'content-type', value: 'text/plain' },
    ],
  });
  expect(built.headers.Authorization).toBe(`Basic ${Buffer.from('bob:pä:ss').toString('base64')}`);
  expect(built.headers['X-Api-Key']).toBe('k-1');
  expect(built.headers['content-type']).toBe('text/plain');
  expect(built.headers['Content-Type']).toBeUndefined();
  expect(built.body?.toString()).toBe('title=The Expanse S01E02');
  const verify = () =>
    new Webhook(secret).verify(built.body ?? '', built.headers, { jsonParse: false });
  expect(verify).not.toThrow();
});

test('templates render the URL (path encoded) and the body; paths appear only there', () => {
  const built = request({
    method: 'GET',
    url: 'http://scanner.lan:2875/',
    urlTemplate: 'http://scanner.lan:2875/triggers/manual?path={urlencoded_path}&t={title}',
  });
  expect(built.url).toBe(
    'http://scanner.lan:2875/triggers/manual?path=%2Fmedia%2FMovie%20Name%2Ffile.mkv&t=The%20Expanse%20S01E02',
  );
});

test('a rendered URL that changes origin, or a body over 256 KiB, fails permanently unsent', () => {
  // Only possible for templates saved before the rule; checked again on what would be sent.
  expect(refusal({ url: 'http://a.lan/', urlTemplate: 'http://b.lan/{id}' }).error).toEqual({
    kind: 'origin_changed',
    message: 'Rendered URL changed origin',
  });
  expect(refusal({ bodyTemplate: `${'x'.repeat(262_144)}{id}` }).error?.kind).toBe(
    'body_too_large',
  );
  expect(request({ bodyTemplate: 'x'.repeat(262_144) }).body).toHaveLength(262_144);
});

test('a rendered URL path with a "." or ".." segment fails permanently unsent; queries may hold them', () => {
  const url = 'http://scanner.lan:2875/';
  for (const [title, urlTemplate] of [
    ['..', 'http://scanner.lan:2875/files/{title}/x'],
    ['..', 'http://scanner.lan:2875/files/{urlencoded_title}'],
    ['../../admin', 'http://scanner.lan:2875/files/{title}'],
    ['.', 'http://scanner.lan:2875/files/{title}/x'],
    ['', 'http://scanner.lan:2875/files/{title}../x'],
    ['', 'http://scanner.lan:2875/files/{title}%2e/x'],
  ] as const) {
    const built = buildRequest({ ...plan({ url, urlTemplate }), event: deletedEvent({ title }) });
    expect([title, urlTemplate, isRequest(built) ? built.url : built.error]).toEqual([
      title,
      urlTemplate,
      { kind: 'dot_segments', message: 'Rendered URL path has "." or ".." segments' },
    ]);
  }
  const query = buildRequest({
    ...plan({ url, urlTemplate: 'http://scanner.lan:2875/files/a..b?t={title}' }),
    event: deletedEvent({ title: '../..' }),
  });
  expect(isRequest(query) && query.url).toBe('http://scanner.lan:2875/files/a..b?t=../..');
});

test('without secrets (unsaved test) the request is unsigned', () => {
  const built = buildRequest({ ...plan(), secrets: null });
  expect(isRequest(built) && built.headers['webhook-signature']).toBe(undefined);
});
