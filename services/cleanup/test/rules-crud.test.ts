import { ADMIN, USER } from './support/api';
import {
  movieTarget,
  newCandidate,
  newMovie,
  newProtection,
  versionTarget,
} from './support/factories';
import { ruleBody, ruleCalls } from './support/rules';
import { useWorld } from './support/world';

/** Rule storage through the internal routes (internal-api.md 10, domain.md 3.1–3.9, 4.3). */
const world = useWorld();
const { create, update, remove, get, list } = ruleCalls(world);

test('IA#28: a rule without an outcome is stored as a candidate rule with every default', async () => {
  const body = ruleBody({ description: 'Old films' });
  const created = await create(body);
  expect(created.status).toBe(201);
  expect(created.headers.get('location')).toBe(`/api/rules/${created.body.id}`);
  expect(created.body).toMatchObject({
    name: body.name,
    description: 'Old films',
    media_type: 'movie',
    target_scope: 'movie_version',
    enabled: true,
    revision: 1,
    candidate_count: 0,
    protection_count: 0,
    action: {
      outcome: 'candidate',
      arr_action: 'delete',
      media_server_action: 'delete',
      auto_delete_enabled: false,
      auto_delete_delay_days: null,
      move_instead_of_delete: false,
      tag_enabled: true,
      radarr_service_ids: [],
      sonarr_service_ids: [],
    },
  });
  expect(created.body.action.arr_tag).toMatch(/^mcs-unwatched-\d+$/);
  expect(created.body.definition.root).toMatchObject({
    enabled: true,
    children: [{ enabled: true }],
  });
  expect((await get(created.body.id)).body).toEqual(created.body);
});

test('IA#28: a protect rule is stored with its destructive settings off, whatever was sent', async () => {
  const created = await create(
    ruleBody({
      action: {
        outcome: 'protect',
        auto_delete_enabled: true,
        auto_delete_delay_days: 3,
        move_instead_of_delete: true,
        arr_action: 'delete',
      },
    }),
  );
  expect(created.status).toBe(201);
  expect(created.body.action).toEqual({
    outcome: 'protect',
    arr_action: null,
    media_server_action: 'none',
    auto_delete_enabled: false,
    auto_delete_delay_days: null,
    move_instead_of_delete: false,
    tag_enabled: false,
    arr_tag: null,
    radarr_service_ids: [],
    sonarr_service_ids: [],
  });
  expect((await list('?outcome=protect')).map((rule) => rule.id)).toContain(created.body.id);
  expect((await list('?outcome=candidate')).map((rule) => rule.id)).not.toContain(created.body.id);
});

test('a malformed rule is 422 rule_invalid listing every problem with its path and code; nothing is stored', async () => {
  const before = await world.service.db.rule.count();
  let deep: Record<string, unknown> = {
    type: 'condition',
    field: 'media.year',
    operator: 'equals',
    value: 1999,
  };
  for (let level = 0; level < 5; level += 1) deep = { type: 'group', op: 'or', children: [deep] };
  const reply = await create(
    ruleBody({
      definition: {
        version: 1,
        root: {
          type: 'group',
          op: 'and',
          children: [
            { type: 'condition', field: 'media.colour', operator: 'equals', value: 'red' },
            { type: 'condition', field: 'media.year', operator: 'contains_any', value: [1] },
            { type: 'condition', field: 'media.title', operator: 'matches_regex', value: '(a' },
            deep,
          ],
        },
      },
    }),
  );
  expect(reply.status).toBe(422);
  expect(reply.body.code).toBe('rule_invalid');
  const problems = (reply.body.errors ?? []).map((error) => [error.name, error.code]);
  expect(problems).toEqual(
    expect.arrayContaining([
      ['definition.root.children[0].field', 'unknown_field'],
      ['definition.root.children[1].operator', 'operator_not_allowed'],
      ['definition.root.children[2].value', 'invalid_regex'],
    ]),
  );
  expect(
    reply.body.errors?.some((error) => error.name.startsWith('definition.root.children[3]')),
  ).toBe(true);
  expect(await world.service.db.rule.count()).toBe(before);
});

test('a body that is not a rule at all is 422, never 500', async () => {
  for (const body of [[], 'rule', { name: 5 }]) {
    const reply = await create(body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('rule_invalid');
  }
});

test('library.id values must name a library holding media; a later field is field_not_available', async () => {
  const movie = await newMovie(world.service.db);
  await world.service.db.$executeRaw`
    UPDATE media_items SET facts = jsonb_set(facts, '{library_ids}', '[41]')
     WHERE media_id = ${movie.media_id}`;
  const condition = (field: string, operator: string, value: unknown) =>
    ruleBody({
      definition: {
        version: 1,
        root: {
          type: 'group',
          op: 'and',
          children: [{ type: 'condition', field, operator, value }],
        },
      },
    });
  expect((await create(condition('library.id', 'contains_any', [41]))).status).toBe(201);
  const unknown = await create(condition('library.id', 'contains_any', [42]));
  expect(unknown.body.errors).toEqual([
    expect.objectContaining({
      name: 'definition.root.children[0].value[0]',
      code: 'invalid_value',
    }),
  ]);
  const later = await create(condition('tmdb.popularity', 'greater_than', 5));
  expect(later.body.errors?.[0]).toMatchObject({ code: 'field_not_available' });
});

test('names are unique case-insensitively: 409 name_taken on create and on update', async () => {
  const first = await create(ruleBody({ name: 'Old Stuff' }));
  const clash = await create(ruleBody({ name: '  old stuff ' }));
  expect(clash.status).toBe(409);
  expect(clash.body.code).toBe('name_taken');
  const other = await create(ruleBody());
  expect((await update(other.body.id, ruleBody({ name: 'OLD STUFF' }))).status).toBe(409);
  // The rule itself may keep (or recase) its own name.
  const renamed = await update(first.body.id, ruleBody({ name: 'old stuff' }));
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ name: 'old stuff', revision: 2 });
});

test('the list is ordered by name case-insensitively and filters by media type and enabled', async () => {
  const names = ['zz beta', 'ZZ alpha', 'zz Gamma'];
  for (const name of names) await create(ruleBody({ name, enabled: name !== 'zz Gamma' }));
  const mine = (await list()).filter((rule) => rule.name.toLowerCase().startsWith('zz '));
  expect(mine.map((rule) => rule.name)).toEqual(['ZZ alpha', 'zz beta', 'zz Gamma']);
  expect((await list('?enabled=false')).map((rule) => rule.name)).toContain('zz Gamma');
  expect((await list('?enabled=true')).map((rule) => rule.name)).not.toContain('zz Gamma');
  expect(await list('?media_type=series')).toEqual([]);
  expect((await world.api('GET', '/api/rules?enabled=maybe', { principal: ADMIN })).status).toBe(
    422,
  );
});

/** A rule with one rule protection and two candidates: one only its own, one shared. */
async function ruleWithWork() {
  const { db } = world.service;
  const rule = (await create(ruleBody())).body;
  const keeper = (await create(ruleBody())).body;
  const movie = await newMovie(db, { versions: 2 });
  const protectionId = await newProtection(db, movieTarget(movie), { source: 'rule' });
  await db.protection.update({
    where: { id: BigInt(protectionId) },
    data: { sourceRuleId: BigInt(rule.id) },
  });
  const alone = await newCandidate(db, versionTarget(movie, 0), { matchedRuleIds: [rule.id] });
  const shared = await newCandidate(db, versionTarget(movie, 1), {
    matchedRuleIds: [rule.id, keeper.id],
  });
  expect((await get(rule.id)).body).toMatchObject({ candidate_count: 2, protection_count: 1 });
  return { rule, keeper, protectionId, alone, shared };
}

test('deleting a rule removes its protections (protection.removed) and the candidates it alone selected', async () => {
  const { db } = world.service;
  const { rule, keeper, protectionId, alone, shared } = await ruleWithWork();
  const reply = await remove(rule.id);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    deleted: true,
    id: rule.id,
    removed_protections: 1,
    removed_candidates: 1,
  });
  expect(await db.protection.findUnique({ where: { id: BigInt(protectionId) } })).toBeNull();
  expect(await world.recordedProtection(protectionId)).toEqual(['protection.removed']);
  expect(await db.candidate.findUnique({ where: { id: BigInt(alone) } })).toBeNull();
  const kept = await db.candidate.findUniqueOrThrow({ where: { id: BigInt(shared) } });
  expect(kept.matchedRuleIds).toEqual([BigInt(keeper.id)]);
  expect((await get(rule.id)).status).toBe(404);
  expect((await remove(rule.id)).status).toBe(404);
});

test('disabling a rule lets go of what it manages at once; other edits wait for the scan', async () => {
  const { db } = world.service;
  const { rule, protectionId, alone, shared } = await ruleWithWork();
  const edited = await update(rule.id, ruleBody({ name: rule.name, description: 'edited' }));
  expect(edited.body).toMatchObject({ revision: 2, candidate_count: 2, protection_count: 1 });
  const disabled = await update(rule.id, ruleBody({ name: rule.name, enabled: false }));
  expect(disabled.body).toMatchObject({
    enabled: false,
    revision: 3,
    candidate_count: 0,
    protection_count: 0,
  });
  expect(await db.protection.findUnique({ where: { id: BigInt(protectionId) } })).toBeNull();
  expect(await db.candidate.findUnique({ where: { id: BigInt(alone) } })).toBeNull();
  expect(await db.candidate.findUnique({ where: { id: BigInt(shared) } })).not.toBeNull();
});

test('IA#30: validate-regex reports each pattern; samples are tried case-insensitively', async () => {
  const check = (body: unknown) =>
    world.api<{
      valid: boolean;
      results: { index: number; valid: boolean; error: string | null; matches?: boolean[] }[];
    }>('POST', '/api/rules/validate-regex', { body, principal: ADMIN });
  const reply = await check({ patterns: ['^a', '(b', '(x)\\1'], samples: ['Apple', 'banana'] });
  expect(reply.status).toBe(200);
  expect(reply.body.valid).toBe(false);
  const [first, open, backreference] = reply.body.results;
  expect(first).toEqual({ index: 0, valid: true, error: null, matches: [true, false] });
  for (const [index, result] of [open, backreference].entries()) {
    expect(result).toMatchObject({ index: index + 1, valid: false });
    expect(result?.error).toMatch(/\w/);
    expect(result).not.toHaveProperty('matches');
  }
  expect((await check({ patterns: [] })).status).toBe(422);
  expect((await check({})).status).toBe(422);
});

test('IA#10: users who are not administrators get 403 on every rule route', async () => {
  const rule = (await create(ruleBody())).body;
  const calls: [string, string][] = [
    ['GET', '/api/rules'],
    ['POST', '/api/rules'],
    ['GET', `/api/rules/${rule.id}`],
    ['POST', `/api/rules/${rule.id}`],
    ['DELETE', `/api/rules/${rule.id}`],
    ['POST', '/api/rules/validate-regex'],
    ['GET', '/api/rules/export'],
    ['POST', '/api/rules/import'],
  ];
  for (const [method, url] of calls) {
    const body = method === 'GET' ? undefined : ruleBody();
    const reply = await world.api(method, url, { principal: USER, body });
    expect([method, url, reply.status]).toEqual([method, url, 403]);
  }
  expect((await get(rule.id)).body.revision).toBe(1);
});

test('an exponential regex and a 1 MB body are refused and store nothing; a backtracking-prone pattern is safe here', async () => {
  const before = await world.service.db.rule.count();
  const withPattern = (value: string) =>
    ruleBody({
      definition: {
        version: 1,
        root: {
          type: 'group',
          op: 'and',
          children: [{ type: 'condition', field: 'media.title', operator: 'matches_regex', value }],
        },
      },
    });
  // RE2 refuses programs this large; a backtracking engine would not even notice them.
  const huge = await create(withPattern('((a{100}){100}){100}'));
  expect(huge.status).toBe(422);
  expect(huge.body.errors).toEqual([
    expect.objectContaining({ name: 'definition.root.children[0].value', code: 'invalid_regex' }),
  ]);
  // Over the body limit: 413 payload_too_large (external-api.md), before any validation.
  const big = await create({ ...withPattern('a'), description: 'x'.repeat(1_000_000) });
  expect(big.status).toBe(413);
  expect(big.body.code).toBe('payload_too_large');
  expect(await world.service.db.rule.count()).toBe(before);
  // Catastrophic only for backtracking engines: linear here, so it is a valid pattern.
  expect((await create(withPattern('(a+)+$'))).status).toBe(201);
});

test('ten concurrent creates of one name: one rule, nine 409 name_taken', async () => {
  const body = ruleBody({ name: 'Raced name' });
  const replies = await Promise.all(Array.from({ length: 10 }, () => create(body)));
  expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
  for (const reply of replies.filter((r) => r.status !== 201)) {
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('name_taken');
  }
  expect(await world.service.db.rule.count({ where: { name: 'Raced name' } })).toBe(1);
});
