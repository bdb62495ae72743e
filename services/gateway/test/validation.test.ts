import { expectProblem, GatewayWorld, type Reply } from './support/gateway';
import { expectMatchesContract } from './support/contract';

/**
 * Request validation at the gateway against the external contract (external-api.md 1.2,
 * 1.5–1.9, 1.11; EA#15, 18, 20, 21, 34, 54, 55). The owning services are down, so input that
 * passes every gateway check reaches routing and answers 503 service_unavailable.
 */

let world: GatewayWorld;
let token: string;
let readOnly: string;

beforeAll(async () => {
  world = await GatewayWorld.start();
  const admin = await world.setup();
  const scopes = ['candidates:manage', 'media:read', 'events:read', 'protections:manage'];
  token = (await world.token(admin, scopes)).token;
  readOnly = (await world.token(admin, ['system:read'])).token;
});
afterAll(() => world.stop());

const get = (path: string) => world.request('GET', path, { token });
const post = (path: string, raw?: string, headers: Record<string, string> = {}) =>
  world.request('POST', path, {
    token,
    raw,
    headers: raw === undefined ? headers : { 'content-type': 'application/json', ...headers },
  });

/** Passed every gateway check: routed to the (stopped) owning service. */
function expectRouted(reply: Reply): void {
  expectProblem(reply, 503, 'service_unavailable');
}

function expectInvalid(reply: Reply, location: string, name: string): void {
  expectProblem(reply, 422, 'validation_failed');
  expect(reply.body.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ in: location, name })]),
  );
  for (const error of reply.body.errors as { message: unknown }[]) {
    expect(error.message).toEqual(expect.any(String));
  }
}

const CANCEL = '/api/v1/candidates/1/cancel';
const big = () => `{"reason":"${'x'.repeat(70 * 1024)}"}`;

test('EA#15: per_page 201 or 0 and page 0 → 422 naming the parameter; in-range values pass', async () => {
  for (const query of ['per_page=201', 'per_page=0', 'per_page=abc', 'per_page=1.5']) {
    expectInvalid(await get(`/api/v1/candidates?${query}`), 'query', 'per_page');
  }
  expectInvalid(await get('/api/v1/candidates?page=0'), 'query', 'page');
  const both = await get('/api/v1/candidates?page=0&per_page=201');
  expect(both.body.errors).toHaveLength(2);
  expectRouted(await get('/api/v1/candidates?page=3&per_page=200'));
});

test('EA#18: an unknown enum value → 422 naming it; enums match exactly', async () => {
  expectInvalid(
    await get('/api/v1/candidates?auto_delete_state=deleted'),
    'query',
    'auto_delete_state',
  );
  expectInvalid(
    await get('/api/v1/candidates?auto_delete_state=Canceled'),
    'query',
    'auto_delete_state',
  );
  expectInvalid(await get('/api/v1/movies?sort_by=rating'), 'query', 'sort_by');
  expectRouted(await get('/api/v1/candidates?auto_delete_state=canceled'));
});

test('EA#20: catalog_id and tmdb_id with different values → 422; equal values pass', async () => {
  expectInvalid(await get('/api/v1/candidates?catalog_id=550&tmdb_id=551'), 'query', 'catalog_id');
  expectRouted(await get('/api/v1/candidates?catalog_id=550&tmdb_id=550'));
  expectRouted(await get('/api/v1/movies?catalog_id=550'));
  const body = (extra: object) => JSON.stringify({ media_type: 'movie', tmdb_id: 550, ...extra });
  expectInvalid(await post('/api/v1/protections', body({ catalog_id: 551 })), 'body', 'catalog_id');
  expectRouted(await post('/api/v1/protections', body({ catalog_id: 550 })));
});

test('EA#21: malformed JSON → 400, a non-JSON content type → 415, over 64 KiB → 413, a non-object → 422', async () => {
  expectProblem(await post(CANCEL, '{"reason":'), 400, 'malformed_json');
  expectProblem(
    await post(CANCEL, '{"reason":"x"}', { 'content-type': 'text/plain' }),
    415,
    'unsupported_media_type',
  );
  expectProblem(
    await post(CANCEL, '{}', { 'content-type': 'application/json; charset=latin1' }),
    415,
    'unsupported_media_type',
  );
  expectProblem(await post(CANCEL, big()), 413, 'payload_too_large');
  for (const raw of ['[]', '[{"reason":"x"}]', 'null', '42', '"text"']) {
    expectInvalid(await post(CANCEL, raw), 'body', 'body');
  }
});

test('EA#21, EA#23: an absent body needs no content type; JSON variants are accepted', async () => {
  expectRouted(await post(CANCEL));
  expectRouted(await post(CANCEL, ''));
  for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
    expectRouted(await post(CANCEL, '{"reason":"kept"}', { 'content-type': type }));
  }
  // Unknown body fields are ignored (external-api.md 1.1).
  expectRouted(await post(CANCEL, '{"reason":"kept","extra":true}'));
});

test('a body that is not UTF-8 → 400 malformed_json', async () => {
  const response = await fetch(`${world.url}${CANCEL}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: Buffer.from([0x7b, 0x22, 0x72, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  });
  const body = (await response.json()) as Record<string, unknown>;
  await expectMatchesContract('POST', CANCEL, response.status, body);
  expectProblem(
    { status: response.status, headers: response.headers, body },
    400,
    'malformed_json',
  );
});

test('EA#34: an Idempotency-Key of 256 characters or with a non-ASCII character → 422 in header', async () => {
  for (const key of ['k'.repeat(256), 'caf\u00e9-key', '']) {
    expectInvalid(
      await post(CANCEL, '{}', { 'idempotency-key': key }),
      'header',
      'Idempotency-Key',
    );
  }
  expectRouted(await post(CANCEL, '{}', { 'idempotency-key': `~ ${'k'.repeat(253)}` }));
});

test('EA#54: the event feed limit is 1…500; a malformed cursor is not refused by the gateway', async () => {
  for (const limit of ['501', '0', 'ten']) {
    expectInvalid(await get(`/api/v1/events?limit=${limit}`), 'query', 'limit');
  }
  expectRouted(await get('/api/v1/events?limit=500'));
  // The webhooks service answers 400 invalid_cursor; the gateway only routes it.
  expectRouted(await get('/api/v1/events?cursor=not-a-uuid'));
});

test('query booleans accept true/false/1/0 in any case; anything else → 422', async () => {
  for (const value of ['TRUE', 'true', '1', 'False', '0']) {
    expectRouted(await get(`/api/v1/movies?include_removed=${value}`));
  }
  for (const value of ['maybe', 'yes', '']) {
    expectInvalid(await get(`/api/v1/movies?include_removed=${value}`), 'query', 'include_removed');
  }
});

test('a path id that is not a positive 64-bit-safe integer → 422 in path', async () => {
  for (const id of ['abc', '0', '-1', '9007199254740992']) {
    expectInvalid(await get(`/api/v1/candidates/${id}`), 'path', 'candidate_id');
  }
  expectInvalid(
    await world.request('DELETE', '/api/v1/protections/x', { token }),
    'path',
    'protection_id',
  );
  expectRouted(await get('/api/v1/candidates/9007199254740991'));
});

test('unknown query parameters are ignored (GET /api/v1/candidates?foo=bar reaches routing)', async () => {
  expectRouted(await get('/api/v1/candidates?foo=bar'));
  expectRouted(await get('/api/v1/movies?per_page=5&unknown[nested]=1'));
});

describe('the order of checks (external-api.md 1.9)', () => {
  test('authentication before body size: no token and 70 KiB → 401', async () => {
    const reply = await world.request('POST', CANCEL, {
      raw: big(),
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(reply, 401, 'missing_token');
  });

  test('scope before body syntax: a token without the scope and a malformed body → 403', async () => {
    const reply = await world.request('POST', CANCEL, {
      token: readOnly,
      raw: '{"reason":',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(reply, 403, 'insufficient_scope');
  });

  test('body transport before validation: size, then content type, then syntax, then fields', async () => {
    expectProblem(
      await post('/api/v1/candidates/abc/cancel', big(), { 'content-type': 'text/plain' }),
      413,
      'payload_too_large',
    );
    expectProblem(
      await post('/api/v1/candidates/abc/cancel', '{"reason":', { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    expectProblem(await post('/api/v1/candidates/abc/cancel', '{"reason":'), 400, 'malformed_json');
    expectInvalid(await post('/api/v1/candidates/abc/cancel', '{}'), 'path', 'candidate_id');
  });

  test('route match before authentication: 404 and 405 without a token', async () => {
    expectProblem(await world.request('POST', '/api/v1/candidates/1/explode'), 404, 'not_found');
    expectProblem(await world.request('DELETE', CANCEL), 405, 'method_not_allowed');
  });
});

test('EA#55: malformed input never yields a 5xx (only 503 service_unavailable from routing)', async () => {
  const inputs: [string, string, string?, Record<string, string>?][] = [
    ['GET', '/api/v1/candidates?per_page[a]=1'],
    ['GET', '/api/v1/candidates?page=1&page=2'],
    ['GET', '/api/v1/candidates?tmdb_id=%zz'],
    ['GET', '/api/v1/candidates?catalog_id=1&catalog_id=2'],
    ['GET', '/api/v1/candidates?media_type=MOVIE&rule_id=-5&season_number=1e999'],
    ['GET', `/api/v1/movies?search=${'%F0%9F%92%A9'.repeat(50)}&sort_order=sideways`],
    ['GET', '/api/v1/events?cursor=%00&limit=1e3'],
    ['GET', '/api/v1/tasks/%20/runs?page=-1'],
    ['GET', '/api/v1/protections?active_only=perhaps'],
    ['POST', CANCEL, `{"reason":${'['.repeat(5000)}${']'.repeat(5000)}}`],
    ['POST', CANCEL, '\u0000'],
    ['POST', CANCEL, '{"reason": "x", "reason": 5}'],
    ['POST', CANCEL, '{"__proto__": {"admin": true}}'],
    ['POST', '/api/v1/candidates/1/postpone', '{"until":"2099-13-45T99:99:99Z"}'],
    ['POST', '/api/v1/candidates/1/postpone', '{"until":12345}'],
    ['POST', '/api/v1/candidates/1/protect', '{"expires_at":[],"reason":{}}'],
    ['POST', '/api/v1/protections', '{"media_type":"movie","media_id":1,"tmdb_id":2}'],
    ['POST', '/api/v1/protections', '{"media_type":"series","tmdb_id":{"$gt":0}}'],
    ['POST', '/api/v1/protections', '{"media_type":"movie","catalog_id":"550x"}'],
    ['DELETE', '/api/v1/protections/1', undefined, { 'idempotency-key': '\t' }],
    ['POST', CANCEL, '{}', { 'content-type': 'application/json; charset=' }],
    ['POST', CANCEL, '{}', { 'content-type': ';;;' }],
    ['GET', '/api/v1/system', undefined, { authorization: `Bearer ${'x'.repeat(4000)}` }],
    ['GET', '/api/v1', undefined, { authorization: 'Bearer mcs_abcdefabcdef_' }],
  ];
  for (const [method, path, raw, headers] of inputs) {
    const reply = await world.request(method, path, {
      token: headers?.authorization ? undefined : token,
      raw,
      headers: raw === undefined ? headers : { 'content-type': 'application/json', ...headers },
    });
    if (reply.status >= 500) {
      expect({ method, path, status: reply.status, code: reply.body.code }).toEqual({
        method,
        path,
        status: 503,
        code: 'service_unavailable',
      });
    }
  }
});

test('EA#55: a path id with malformed percent-encoding (/api/v1/candidates/%zz) → 422 in path', async () => {
  for (const id of ['%zz', '%E0%A4%A'])
    expectInvalid(await get(`/api/v1/candidates/${id}`), 'path', 'candidate_id');
});

test('EA#55: a session cookie with malformed percent-encoding (mcs_session=%) → 401', async () => {
  const reply = await world.request('GET', '/api/auth/me', {
    headers: { cookie: 'mcs_session=%' },
  });
  expectProblem(reply, 401, 'unauthenticated');
});

test('EA#55: non-canonical integers (1.0, 1e0) in path ids and query → 422', async () => {
  for (const id of ['1.0', '1e0'])
    expectInvalid(await get(`/api/v1/candidates/${id}`), 'path', 'candidate_id');
  expectInvalid(await get('/api/v1/candidates?per_page=1.0'), 'query', 'per_page');
  expectInvalid(await get('/api/v1/candidates?page=1e1'), 'query', 'page');
});
