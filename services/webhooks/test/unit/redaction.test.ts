import type { AttemptResult } from '../../src/domain/attempt-result';
import { attemptError, type KnownValues, redact } from '../../src/domain/redaction';

const none: KnownValues = { secrets: [], paths: [] };
const answer = (statusCode: number, bodyExcerpt: string): AttemptResult => ({
  statusCode,
  durationMs: 5,
  bodyExcerpt,
  retryAfter: null,
  error: null,
});

test('JSON: values of sensitive keys are redacted at any depth, whatever their type', () => {
  const body = JSON.stringify({
    error: 'bad',
    token: 'abc123',
    nested: { list: [{ Api_Key: 'k1', 'x-api-key': 'k2', ok: 1 }], SessionId: { a: 'deep' } },
    user_password: 42,
  });
  const out = redact(body, none);
  expect(JSON.parse(out)).toEqual({
    error: 'bad',
    token: '<redacted>',
    nested: {
      list: [{ Api_Key: '<redacted>', 'x-api-key': '<redacted>', ok: 1 }],
      SessionId: '<redacted>',
    },
    user_password: '<redacted>',
  });
  expect(out).not.toMatch(/abc123|k1|k2|deep|42/);
});

test('acceptance 28: "token":"abc123" in an error body is stored redacted', () => {
  const error = attemptError(answer(400, '{"error":"invalid","token":"abc123"}'), none);
  expect(error).toBe('HTTP 400: {"error":"invalid","token":"<redacted>"}');
});

test('text: name=value and name: value pairs, quoted or not, JSON cut short included', () => {
  expect(redact('failed: access_token=abc&x=1 password = hunter2 next', none)).toBe(
    'failed: access_token=<redacted>&x=1 password = <redacted> next',
  );
  expect(redact('Authorization: Bearer abc.def\nCookie: sid=1; other=2\nX: y', none)).toBe(
    'Authorization: <redacted>\nCookie: <redacted>; other=2\nX: y',
  );
  expect(redact('{"secret": "s3cr\\"et", "apikey": \'q\', "data": [1, 2, 3', none)).toBe(
    '{"secret": "<redacted>", "apikey": \'<redacted>\', "data": [1, 2, 3',
  );
});

test('known secrets and path values are replaced in every spelling a receiver may echo', () => {
  const known: KnownValues = {
    secrets: ['p@ss word', 'whsec_c2VjcmV0LWtleQ==', 'hdr-value'],
    paths: ['/media/Movie "A"/a.mkv'],
  };
  const body = [
    'p@ss word',
    'p%40ss%20word',
    'whsec_c2VjcmV0LWtleQ==',
    'c2VjcmV0LWtleQ==',
    'x-custom=hdr-value',
    '/media/Movie "A"/a.mkv',
    '/media/Movie \\"A\\"/a.mkv',
    '%2Fmedia%2FMovie%20%22A%22%2Fa.mkv',
    '/media/Movie%20%22A%22/a.mkv',
  ].join(' | ');
  expect(redact(body, known)).toBe(
    '<redacted> | <redacted> | <redacted> | <redacted> | x-custom=<redacted> | <path> | <path> | <path> | <path>',
  );
});

test('control characters become spaces and the result is cut to 600 characters', () => {
  const error = attemptError(answer(500, `line1\r\nline2\u0000\t${'é'.repeat(1000)}`), none) ?? '';
  expect(error.startsWith('HTTP 500: line1  line2  é')).toBe(true);
  expect(Array.from(error)).toHaveLength(600);
  expect(error).not.toMatch(/\p{Cc}/u);
});

test('a secret that would straddle the 600th character is redacted before the cut', () => {
  const secret = 'S'.repeat(40);
  const error = attemptError(answer(500, `${'x'.repeat(580)}${secret}`), {
    secrets: [secret],
    paths: [],
  });
  expect(error).not.toContain('SSSS');
});

test('error texts: fixed descriptions, redirects, a status without body, and none when delivered', () => {
  const refused: AttemptResult = {
    ...answer(0, ''),
    statusCode: null,
    error: { kind: 'destination_not_allowed', message: 'Destination address is not allowed' },
  };
  expect(attemptError(refused, none)).toBe('Destination address is not allowed');
  expect(attemptError(answer(301, 'Moved to http://elsewhere'), none)).toBe(
    'HTTP 301: redirects are not followed',
  );
  expect(attemptError(answer(404, ''), none)).toBe('HTTP 404');
  expect(attemptError(answer(204, 'ignored'), none)).toBeNull();
});

test('a pair after an `=` value on the same line is redacted too (it used to be skipped)', () => {
  expect(redact('token=abc password=x', none)).toBe('token=<redacted> password=<redacted>');
  expect(redact('token=abc\tapi_key: "k", ok=1', none)).toBe(
    'token=<redacted>\tapi_key: "<redacted>", ok=1',
  );
  expect(redact('token: a, password: b', none)).toBe('token: <redacted>, password: <redacted>');
});

describe('a hostile receiver body of 64 KiB is redacted in linear time', () => {
  const SIZE = 64 * 1024;
  const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
  const known: KnownValues = {
    secrets: ['tokentoken', 'key=key=', 'a'.repeat(4096), 'whsec_c2VjcmV0LWtleQ=='],
    paths: ['/media/token/a b.mkv'],
  };
  const bodies: [string, string][] = [
    ['token repeated', fill('token')],
    ['a repeated', fill('a')],
    ['key= repeated', fill('key=')],
    ['"token":" repeated', fill('"token":"')],
    ['token and white space repeated', fill('token \t')],
    ['quoted keys and backslashes repeated', fill('\'api-key\\"\\\'"token\\')],
    ['mixed pairs, quotes and separators', fill("token=a; password: \"b\\\"c' 'api_key'='x&}")],
    ['a JSON string of token repeated', JSON.stringify([fill('token').slice(8)])],
    ['JSON nested deeper than the stack', `${'['.repeat(SIZE / 2)}${']'.repeat(SIZE / 2)}`],
  ];

  test.each(bodies)('%s', (_name, body) => {
    const started = performance.now();
    const error = attemptError(answer(500, body), known) ?? '';
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.startsWith('HTTP 500')).toBe(true);
    expect(Array.from(error).length).toBeLessThanOrEqual(600);
  });
});

test('a JSON body longer than the excerpt is still redacted as a document, at any depth', () => {
  const body = JSON.stringify(
    { token: { kind: 'bearer', value: 'hidden-1' }, detail: 'd'.repeat(8000) },
    null,
    2,
  );
  const error = attemptError(answer(400, body), none) ?? '';
  expect(error.startsWith('HTTP 400: {"token":"<redacted>","detail":"ddd')).toBe(true);
  expect(error).not.toContain('hidden-1');
});

test('a known value cut short by the window is redacted when redaction pulls the cut into the excerpt', () => {
  const secret = 'Zq9-a-header-value-that-the-window-cuts';
  const known: KnownValues = { secrets: [secret], paths: [] };
  // A long redacted value shrinks the 4096-character window to a few hundred characters.
  const head = `token=${'v'.repeat(3900)} ${'x'.repeat(169)}`;
  const error = attemptError(answer(500, `${head}${secret} and more`), known) ?? '';
  expect(error).toBe(`HTTP 500: token=<redacted> ${'x'.repeat(169)}<redacted>`);
});
