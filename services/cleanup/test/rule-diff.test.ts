import type { InternalApi } from '@mcs/contracts';
import { ADMIN } from './support/api';
import { newMovie } from './support/factories';
import { conditionsRule, ruleCalls, type RuleProblem } from './support/rules';
import { patchFacts, runScan, setSources } from './support/scan';
import { useWorld } from './support/world';

/** POST /api/rules/preview in `diff` mode: the what-if diff (domain.md 4.4). */
const world = useWorld();
type Diff = InternalApi.components['schemas']['RuleDiff'];

const DAY = 86_400_000;
const yearBelow = (year: number) => [{ field: 'media.year', operator: 'less_than', value: year }];
const optIn = (days: number) => ({ auto_delete_enabled: true, auto_delete_delay_days: days });

const diff = async (body: Record<string, unknown>) => {
  const reply = await world.api<Diff & RuleProblem>('POST', '/api/rules/preview', {
    body: { ...body, mode: 'diff' },
    principal: ADMIN,
  });
  expect(reply.status).toBe(200);
  return reply.body;
};

async function movieOf(year: number, title: string) {
  const movie = await newMovie(world.service.db, { title });
  await patchFacts(world.service.db, 'movie', movie.media_id, { year });
  return movie;
}

let ruleId = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  await setSources(world, { catalog: 'ok' });
  const created = await ruleCalls(world).create(
    conditionsRule('Old films', yearBelow(1990), { action: optIn(30) }),
  );
  ruleId = created.body.id;
  for (const [year, title] of [
    [1980, 'Eighty'],
    [1985, 'Eighty-Five'],
    [2000, 'Two Thousand'],
  ] as const)
    ids[title] = (await movieOf(year, title)).media_id;
  await runScan(world);
});

const unchangedStore = async () => ({
  candidates: await world.service.db.candidate.count(),
  outbox: await world.service.db.outboxMessage.count(),
  rules: await world.service.db.rule.count(),
});

test('editing a saved rule: a narrower match removes a candidate, a shorter delay retimes the other', async () => {
  const before = await unchangedStore();
  const body = await diff({
    ...conditionsRule('Old films', yearBelow(1983), { action: optIn(10) }),
    rule_id: ruleId,
  });
  expect(body.summary).toEqual({
    added: 0,
    removed: 1,
    retimed_earlier: 1,
    retimed_later: 0,
    newly_auto_delete: 0,
    no_longer_auto_delete: 0,
    unchanged: 0,
    unknown: 0,
  });
  expect(body.removed.map((r) => [r.target.media_id, r.target.title])).toEqual([
    [ids['Eighty-Five'], 'Eighty-Five'],
  ]);
  const [retimed] = body.retimed;
  expect(retimed).toMatchObject({ title: 'Eighty', direction: 'earlier' });
  expect(
    Date.parse(retimed?.old_eligible_at ?? '') - Date.parse(retimed?.new_eligible_at ?? ''),
  ).toBe(20 * DAY);
  expect(body.truncated).toBe(false);
  expect(await unchangedStore()).toEqual(before);
});

test('a new rule adds targets beside the saved one, whose candidates keep their timers', async () => {
  const body = await diff(conditionsRule('Before 2005', yearBelow(2005)));
  expect(body.summary).toMatchObject({ added: 1, removed: 0, unchanged: 2 });
  expect(
    body.added.map((a) => [a.target.media_id, a.target.scope, a.auto_delete, a.eligible_at]),
  ).toEqual([[ids['Two Thousand'], 'version', false, null]]);
});

test('turning auto-delete off, disabling the rule, or a protect rule each show their effect', async () => {
  const off = await diff({ ...conditionsRule('Old films', yearBelow(1990)), rule_id: ruleId });
  expect(off.summary).toMatchObject({ no_longer_auto_delete: 2, removed: 0 });

  const disabled = await diff({
    ...conditionsRule('Old films', yearBelow(1990), { enabled: false }),
    rule_id: ruleId,
  });
  expect(disabled.summary).toMatchObject({ removed: 2, added: 0 });

  const protect = await diff(
    conditionsRule('Keep the eighties start', yearBelow(1982), { action: { outcome: 'protect' } }),
  );
  expect(protect.summary).toMatchObject({ removed: 1, unchanged: 1 });
  expect(protect.removed.map((r) => r.candidate_id)).toHaveLength(1);
});

test('a draft whose source is unavailable adds nothing and counts the undecided targets', async () => {
  const body = await diff(
    conditionsRule('Never watched', [{ field: 'watch.never_watched', operator: 'is_true' }]),
  );
  // The two old films still match the saved rule; only the third is undecided.
  expect(body.summary).toMatchObject({ added: 0, removed: 0, unchanged: 2, unknown: 1 });
});

test('an invalid draft is 422 rule_invalid; an unknown mode is 422', async () => {
  const bad = await world.api<RuleProblem>('POST', '/api/rules/preview', {
    body: {
      ...conditionsRule('x', [{ field: 'nope', operator: 'equals', value: 1 }]),
      mode: 'diff',
    },
    principal: ADMIN,
  });
  expect(bad.status).toBe(422);
  const mode = await world.api<RuleProblem>('POST', '/api/rules/preview', {
    body: { ...conditionsRule('x', yearBelow(1990)), mode: 'what-if' },
    principal: ADMIN,
  });
  expect(mode.status).toBe(422);
});
