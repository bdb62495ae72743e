import { MAX_PROGRAM_SIZE } from '../../src/domain/rules';
import { ADMIN } from '../support/api';
import { newMovie } from '../support/factories';
import { conditionsRule, type RuleProblem, ruleCalls } from '../support/rules';
import { runScan, setSources } from '../support/scan';
import { useWorld } from '../support/world';

/**
 * Rule patterns that expand into huge programs are refused wherever a pattern comes in, before
 * re2js compiles them, and a stored one never compiles at scan time (issue 25).
 */
const world = useWorld();
const { create, update } = ruleCalls(world);

/** Each expands, once its counted repetitions are unrolled, far past the limit. */
const OVERSIZED = [
  '((a{1000}){1000}){1000}',
  '(?:x{500}){500}',
  'a{1001}{1001}',
  `${'(?:'.repeat(12)}a${'){3}'.repeat(12)}`,
  `(?:${'a'.repeat(500)}){1000}`,
  `(?:${'\\pL'.repeat(160)}){1000}`,
  '.{1000}'.repeat(6),
];
const REASONABLE = [
  '\\d{1,4}',
  '(a{2}){3}',
  'S\\d{2}E\\d{2}',
  '(?i)\\b(?:remux|bluray)\\b',
  '.{1000}',
];

const limitNamed = `more than ${MAX_PROGRAM_SIZE} instructions`;
const titleRegex = (pattern: string, operator = 'matches_regex') =>
  conditionsRule(`Pattern ${Math.random()}`, [{ field: 'media.title', operator, value: pattern }]);

type Checked = {
  valid: boolean;
  results: { index: number; valid: boolean; error: string | null }[];
};
const validate = (patterns: string[]) =>
  world.api<Checked>('POST', '/api/rules/validate-regex', {
    body: { patterns, samples: ['The Movie'] },
    principal: ADMIN,
  });

test('validate-regex refuses oversized patterns before compiling them, naming the limit', async () => {
  // Only the size check, which runs before re2js compiles anything, names the limit: compiling
  // any of these would take seconds and hundreds of MB (a wall-clock bound here failed in CI
  // under load; speed belongs in benchmarks).
  const reply = await validate(OVERSIZED);
  expect(reply.status).toBe(200);
  expect(reply.body.valid).toBe(false);
  for (const result of reply.body.results) {
    expect(result).toMatchObject({ valid: false });
    expect(result.error).toContain(limitNamed);
  }
});

test('reasonable patterns stay valid', async () => {
  const reply = await validate(REASONABLE);
  expect(reply.body).toMatchObject({ valid: true });
  const created = await create(titleRegex(REASONABLE.join('|')));
  expect(created.status).toBe(201);
});

test('rule create, update, import and preview answer 422 invalid_regex, naming the limit', async () => {
  const refusal = {
    status: 422,
    code: 'rule_invalid',
    errors: [
      expect.objectContaining({
        name: 'definition.root.children[0].value',
        code: 'invalid_regex',
        message: expect.stringContaining(limitNamed) as unknown,
      }),
    ],
  };
  for (const pattern of OVERSIZED) {
    expect((await create(titleRegex(pattern))).body).toMatchObject(refusal);
  }
  const [example] = OVERSIZED as [string];
  const saved = (await create(titleRegex('^The'))).body;
  expect((await update(saved.id, titleRegex(example))).body).toMatchObject(refusal);

  const imported = await world.api<{ imported: unknown[]; skipped: RuleProblem[] }>(
    'POST',
    '/api/rules/import',
    { principal: ADMIN, body: { format: 'mcs-rules', version: 1, rules: [titleRegex(example)] } },
  );
  expect(imported.body.imported).toEqual([]);
  expect(imported.body.skipped[0]?.errors).toEqual(refusal.errors);

  const preview = await world.api<RuleProblem>('POST', '/api/rules/preview', {
    principal: ADMIN,
    body: { ...titleRegex(example), mode: 'matches' },
  });
  expect(preview.body).toMatchObject(refusal);
});

test('a stored oversized pattern never compiles at scan time: its condition is unknown', async () => {
  await world.service.db.$executeRaw`TRUNCATE rules, candidates`; // the other tests' rules
  await setSources(world, { catalog: 'ok' });
  await newMovie(world.service.db);
  const rule = (await create(titleRegex('^zzz', 'not_matches_regex'))).body;
  expect(await runScan(world)).toMatchObject({ created: 1 });

  // As a rule saved before the limit existed would hold it.
  const oversized = JSON.stringify(`(?:${'a'.repeat(500)}){1000}`);
  await world.service.db.$executeRaw`
    UPDATE rules SET definition = jsonb_set(definition, '{root,children,0,value}', ${oversized}::jsonb)
     WHERE id = ${rule.id}`;
  const summary = await runScan(world);
  // Its candidate stays as it was, marked unknown; it would make no new one. Compiled, the
  // pattern would have been evaluated (and matched nothing), not left unknown.
  expect(summary).toMatchObject({ created: 0, updated: 0, removed: 0, unknown: 1 });
  const [candidate] = await world.service.db.candidate.findMany();
  expect(candidate?.unknownSince).not.toBeNull();
});
