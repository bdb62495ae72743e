import type { InternalApi } from '@mcs/contracts';
import { ADMIN, USER } from './support/api';
import { ruleBody, ruleCalls } from './support/rules';
import { useWorld } from './support/world';

/**
 * Rules leaving and entering an installation (export, import), the Candidates page's rule
 * list and the editor's field list (internal-api.md 8 and 10).
 */
const world = useWorld();
const { create, get } = ruleCalls(world);

type Exported = InternalApi.components['schemas']['RuleExport'];
type Imported = InternalApi.components['schemas']['RuleImportResult'];

test('export drops instance ids; IA#30: import stores every valid rule disabled, renames taken names and reports the rest', async () => {
  const source = (await create(ruleBody({ name: 'Portable' }))).body;
  const exported = await world.api<Exported>('GET', `/api/rules/export?ids=${source.id}`, {
    principal: ADMIN,
  });
  expect(exported.body).toMatchObject({ format: 'mcs-rules', version: 1 });
  expect(exported.body.rules).toEqual([
    expect.objectContaining({ name: 'Portable', enabled: true, definition: source.definition }),
  ]);
  const [portable] = exported.body.rules;
  const broken = { ...ruleBody({ name: 'Broken import' }), target_scope: 'season' };
  const importRules = (rules: unknown[], mode?: string) =>
    world.api<Imported>('POST', '/api/rules/import', {
      principal: ADMIN,
      body: { format: 'mcs-rules', version: 1, rules, ...(mode ? { on_name_conflict: mode } : {}) },
    });
  const renamed = await importRules([portable, portable, broken]);
  expect(renamed.status).toBe(200);
  expect(renamed.body.imported.map((rule) => rule.name)).toEqual(['Portable (2)', 'Portable (3)']);
  expect(renamed.body.skipped).toEqual([
    { name: 'Broken import', errors: [expect.objectContaining({ name: 'target_scope' })] },
  ]);
  for (const { id } of renamed.body.imported)
    expect((await get(id)).body).toMatchObject({ enabled: false, action: source.action });
  const skipped = await importRules([portable], 'skip');
  expect(skipped.body).toEqual({
    imported: [],
    skipped: [{ name: 'Portable', errors: [expect.objectContaining({ code: 'name_taken' })] }],
  });
  const wrongFormat = await world.api('POST', '/api/rules/import', {
    principal: ADMIN,
    body: { format: 'other', version: 1, rules: [] },
  });
  expect(wrongFormat.status).toBe(422);
});

test('IA#20: the Candidates page lists enabled and disabled candidate rules, not protect rules, to every user', async () => {
  const on = (await create(ruleBody({ name: 'Filter on' }))).body;
  const off = (await create(ruleBody({ name: 'Filter off', enabled: false }))).body;
  const protect = (await create(ruleBody({ name: 'Filter keep', action: { outcome: 'protect' } })))
    .body;
  const reply = await world.api<{ items: { id: number; enabled: boolean }[] }>(
    'GET',
    '/api/media/candidates/rules',
    { principal: USER },
  );
  expect(reply.status).toBe(200);
  const ids = reply.body.items.map((item) => item.id);
  expect(ids).toEqual(expect.arrayContaining([on.id, off.id]));
  expect(ids).not.toContain(protect.id);
  expect(reply.body.items.find((item) => item.id === off.id)).toEqual({
    id: off.id,
    name: 'Filter off',
    media_type: 'movie',
    target_scope: 'movie_version',
    enabled: false,
    candidate_count: 0,
  });
});

test("the editor's field list follows the catalogue: scopes, operators and value schemas", async () => {
  type Fields = InternalApi.components['schemas']['RuleFieldList'];
  const fields = async (query = '') =>
    (await world.api<Fields>('GET', `/api/rules/fields${query}`, { principal: ADMIN })).body.items;
  const all = await fields();
  expect(all).toHaveLength(38);
  const season = (await fields('?target_scope=season')).map((f) => f.field);
  expect(season).toContain('season.number');
  expect(season).not.toContain('movie.version_count');
  const byName = Object.fromEntries(all.map((f) => [f.field, f]));
  expect(byName['library.id']).toMatchObject({
    label: 'Library',
    type: 'list',
    operators: ['contains_any', 'not_contains_any'],
    source: 'catalog',
    first_release: true,
  });
  expect(byName['media.year']?.value_schema).toMatchObject({
    less_than: { type: 'integer', minimum: 1000, maximum: 9999 },
    exists: null,
  });
  expect(byName['series.status']?.value_schema.in).toMatchObject({
    type: 'array',
    items: { enum: ['continuing', 'ended', 'canceled', 'upcoming'] },
  });
  expect(byName['seerr.requester_has_watched']?.source).toBe('seerr + playback');
  expect(
    (await world.api('GET', '/api/rules/fields?target_scope=film', { principal: ADMIN })).status,
  ).toBe(422);
});
