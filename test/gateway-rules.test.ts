import { upsertMediaItems } from '../services/cleanup/src/projection/media.repository';
import { movieFacts } from '../services/cleanup/test/support/facts';
import { conditionsRule } from '../services/cleanup/test/support/rules';
import { expectProblem } from '../services/gateway/test/support/gateway';
import { useCleanupBehindGateway } from './support/cleanup-gateway';

/**
 * Black-box through the gateway (issue 13): the administrators' rule routes with a session
 * (internal-api.md 10; IA#10, IA#28, IA#30). The gateway validates every answer against the
 * contracts.
 */
const world = useCleanupBehindGateway();

const rule = (name: string, action: Record<string, unknown>) => ({
  name,
  media_type: 'series',
  target_scope: 'season',
  definition: {
    version: 1,
    root: {
      type: 'group',
      op: 'and',
      children: [{ type: 'condition', field: 'season.fully_watched', operator: 'is_true' }],
    },
  },
  action,
});

test('IA#28: without an outcome a rule is a candidate rule; protect forces auto-delete off', async () => {
  const plain = await world.gateway.request('POST', '/api/rules', {
    session: world.admin,
    body: rule('Watched seasons', {}),
  });
  expect(plain.status).toBe(201);
  expect(plain.body).toMatchObject({ action: { outcome: 'candidate' }, enabled: true });
  const protect = await world.gateway.request('POST', '/api/rules', {
    session: world.admin,
    body: rule('Keep watched seasons', { outcome: 'protect', auto_delete_enabled: true }),
  });
  expect(protect.status).toBe(201);
  expect(protect.body).toMatchObject({
    action: { outcome: 'protect', auto_delete_enabled: false },
  });
  const listed = await world.gateway.request('GET', '/api/rules?media_type=series', {
    session: world.admin,
  });
  expect((listed.body.items as { name: string }[]).map((item) => item.name)).toEqual([
    'Keep watched seasons',
    'Watched seasons',
  ]);
  expectProblem(
    await world.gateway.request('POST', '/api/rules', {
      session: world.admin,
      body: rule('watched SEASONS', {}),
    }),
    409,
    'name_taken',
  );
  const invalid = await world.gateway.request('POST', '/api/rules', {
    session: world.admin,
    body: { ...rule('Broken', {}), target_scope: 'movie_version' },
  });
  expectProblem(invalid, 422, 'rule_invalid');
});

test('IA#30: validate-regex answers per pattern', async () => {
  const reply = await world.gateway.request('POST', '/api/rules/validate-regex', {
    session: world.admin,
    body: { patterns: ['^a', '(b'] },
  });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({
    valid: false,
    results: [
      { index: 0, valid: true, error: null },
      { index: 1, valid: false },
    ],
  });
});

test('a rule import takes up to 2 MiB: a 1 MB rule is refused with its offending path, nothing stored', async () => {
  const before = await world.gateway.request('GET', '/api/rules', {
    session: world.admin,
  });
  const huge = { ...rule('Huge notes', {}), description: 'x'.repeat(1_000_000) };
  const longList = conditionsRule('Huge list', [
    {
      field: 'media.title',
      operator: 'in',
      value: Array.from({ length: 2_000 }, (_, i) => `Title ${i}`),
    },
  ]);
  const imported = await world.gateway.request('POST', '/api/rules/import', {
    session: world.admin,
    body: { format: 'mcs-rules', version: 1, rules: [huge, longList] },
  });
  expect(imported.status).toBe(200);
  expect(imported.body).toMatchObject({
    imported: [],
    skipped: [
      { name: 'Huge notes', errors: [expect.objectContaining({ name: 'description' })] },
      {
        name: 'Huge list',
        errors: [expect.objectContaining({ name: 'definition.root.children[0].value' })],
      },
    ],
  });
  const after = await world.gateway.request('GET', '/api/rules', {
    session: world.admin,
  });
  expect(after.body).toEqual(before.body);

  // The same size anywhere else, or an import over 2 MiB: 413 before anything is read.
  expectProblem(
    await world.gateway.request('POST', '/api/rules', { session: world.admin, body: huge }),
    413,
    'payload_too_large',
  );
  const tooLarge = { ...huge, description: 'x'.repeat(2_200_000) };
  expectProblem(
    await world.gateway.request('POST', '/api/rules/import', {
      session: world.admin,
      body: { format: 'mcs-rules', version: 1, rules: [tooLarge] },
    }),
    413,
    'payload_too_large',
  );
});

test('IA#10: a user who is not an administrator gets 403 on GET /api/rules', async () => {
  const viewer = await world.gateway.userSession(world.admin, 'viewer');
  expectProblem(
    await world.gateway.request('GET', '/api/rules', { session: viewer }),
    403,
    'forbidden',
  );
});

test('IA#32: requester-watch-explain answers with requesters, identities, watches, episodes and servers', async () => {
  const movie = { ...movieFacts({ title: 'Fight Club' }), tmdb_id: 550 };
  await world.cleanup.db.$transaction((tx) => upsertMediaItems(tx, [movie]));
  const reply = await world.gateway.request(
    'GET',
    '/api/rules/requester-watch-explain?media_type=movie&catalog_id=550',
    { session: world.admin },
  );
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({
    media_id: movie.media_id,
    title: 'Fight Club',
    verdict: 'unknown', // Seerr and playback never reported: nothing is available
    requesters: [],
    episodes_required: { count: 0, items: [] },
    servers_unable_to_report: [],
  });
  expectProblem(
    await world.gateway.request('GET', '/api/rules/requester-watch-explain?media_type=movie', {
      session: world.admin,
    }),
    422,
    'validation_failed',
  );
});

test('the what-if diff of a draft answers through the gateway', async () => {
  const reply = await world.gateway.request('POST', '/api/rules/preview', {
    session: world.admin,
    body: { ...rule('Draft', {}), mode: 'diff' },
  });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ summary: { added: 0, removed: 0 }, truncated: false });
});
