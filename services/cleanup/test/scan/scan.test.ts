import { DAY } from '@mcs/kit/testing';
import type { Candidate } from '../support/api';
import {
  movieTarget,
  newCandidate,
  newMovie,
  newProtection,
  newSeries,
  versionTarget,
} from '../support/factories';
import { conditionsRule, ruleCalls } from '../support/rules';
import { patchFacts, runScan, setSources } from '../support/scan';
import { useWorld } from '../support/world';

/** scan_cleanup_candidates over cleanup's projection (domain.md 4.1, 4.3, 5.5; issue 13). */
const world = useWorld();
const rules = () => ruleCalls(world);

const yearBelow = (year: number) => ({ field: 'media.year', operator: 'less_than', value: year });

async function newRule(body: Record<string, unknown>): Promise<number> {
  const response = await rules().create(body);
  if (response.status !== 201) throw new Error(`rule: ${JSON.stringify(response.body)}`);
  return response.body.id;
}

async function movieOf(year: number, extra: Record<string, unknown> = {}) {
  const movie = await newMovie(world.service.db);
  await patchFacts(world.service.db, 'movie', movie.media_id, { year, ...extra });
  return movie;
}

const candidateRows = () =>
  world.service.db.candidate.findMany({ orderBy: { id: 'asc' } }).then((rows) =>
    rows.map((row) => ({
      id: Number(row.id),
      mediaId: Number(row.mediaId),
      scope: row.scope,
      matchedRuleIds: row.matchedRuleIds.map(Number),
      updatedAt: row.updatedAt,
      unknownSince: row.unknownSince,
    })),
  );
const ruleProtections = () =>
  world.service.db.protection.findMany({ where: { source: 'rule' }, orderBy: { id: 'asc' } });
const getCandidate = async (id: number) => world.api<Candidate>('GET', `/api/v1/candidates/${id}`);

beforeEach(() => setSources(world, { catalog: 'ok', arr: 'ok' }));
afterEach(async () => {
  const { db } = world.service;
  await db.$executeRaw`TRUNCATE rules, candidates, protections, media_items, movie_versions,
    seasons, episodes, episode_files`;
  world.clock.set(new Date());
});

test('a match becomes a candidate, keeps its id and timers while it matches, and goes silently when it stops', async () => {
  const ruleId = await newRule(
    conditionsRule('Old films', [yearBelow(1990)], {
      action: { auto_delete_enabled: true, auto_delete_delay_days: 30 },
    }),
  );
  const old = await movieOf(1980);
  await movieOf(2020);

  expect(await runScan(world)).toMatchObject({ evaluated: 2, created: 1, updated: 0, removed: 0 });
  const [row] = await candidateRows();
  const id = row?.id ?? 0;
  const created = (await getCandidate(id)).body;
  expect(created).toMatchObject({
    matched_rule_ids: [ruleId],
    reason: 'Old films: Year 1980',
    auto_delete_state: 'scheduled',
    auto_delete_delay_days: 30,
  });
  expect(await world.recorded(id)).toEqual(['candidate.scheduled']);

  await world.api('POST', `/api/v1/candidates/${id}/cancel`, { body: { reason: 'Later' } });
  world.clock.advance(DAY);
  expect(await runScan(world)).toMatchObject({ created: 0, updated: 1, removed: 0 });
  const kept = (await getCandidate(id)).body;
  expect(kept).toMatchObject({
    id,
    created_at: created.created_at,
    auto_delete_state: 'canceled',
    lifecycle_reason: 'Later',
  });
  // Announced once: the cancel does not make a later scan announce again.
  expect(await world.recorded(id)).toEqual(['candidate.scheduled', 'candidate.canceled']);

  await patchFacts(world.service.db, 'movie', old.media_id, { year: 2001 });
  expect(await runScan(world)).toMatchObject({ created: 0, updated: 0, removed: 1 });
  expect((await getCandidate(id)).status).toBe(404);
  expect(await world.recorded(id)).toEqual(['candidate.scheduled', 'candidate.canceled']);
});

test('protect beats candidate: a protect rule protects its matches once, which are then no candidates', async () => {
  const protectId = await newRule(
    conditionsRule('Keep classics', [yearBelow(1970)], { action: { outcome: 'protect' } }),
  );
  await newRule(conditionsRule('Old films', [yearBelow(1990)]));
  const classic = await movieOf(1960);
  const old = await movieOf(1985);
  // Already a candidate from an earlier scan: the new protection excludes it now.
  const stale = await newCandidate(world.service.db, versionTarget(classic), {
    matchedRuleIds: [],
  });

  const summary = await runScan(world);
  expect(summary).toMatchObject({
    rule_protections_created: 1,
    excluded_protected: 1,
    created: 1,
    removed: 1,
  });
  const [protection] = await ruleProtections();
  expect(protection).toMatchObject({
    sourceRuleId: BigInt(protectId),
    sourceRuleName: 'Keep classics',
    scope: 'version',
    permanent: true,
    reason: 'Rule Keep classics: Year 1960',
  });
  expect(await world.recordedProtection(Number(protection?.id))).toEqual(['protection.created']);
  expect((await getCandidate(stale)).status).toBe(404);
  // Renaming the rule renames what its protections show; nothing else about them changes.
  const renamed = await rules().update(
    protectId,
    conditionsRule('Keep the classics', [yearBelow(1970)], { action: { outcome: 'protect' } }),
  );
  expect(renamed.status).toBe(200);
  const [afterRename] = await ruleProtections();
  expect(afterRename).toEqual({ ...protection, sourceRuleName: 'Keep the classics' });
  expect((await candidateRows()).map((row) => row.mediaId)).toEqual([old.media_id]);

  // A second scan changes nothing; a classic that stops matching loses its rule protection.
  expect(await runScan(world)).toMatchObject({
    rule_protections_created: 0,
    rule_protections_removed: 0,
    created: 0,
    updated: 1,
  });
  await patchFacts(world.service.db, 'movie', classic.media_id, { year: 1975 });
  expect(await runScan(world)).toMatchObject({ rule_protections_removed: 1, created: 1 });
  expect(await ruleProtections()).toEqual([]);
  expect(await world.recordedProtection(Number(protection?.id))).toEqual([
    'protection.created',
    'protection.removed',
  ]);
});

test('a manual protection of the movie excludes each of its versions', async () => {
  await newRule(conditionsRule('Old films', [yearBelow(1990)]));
  const movie = await movieOf(1980);
  await newProtection(world.service.db, movieTarget(movie));
  expect(await runScan(world)).toMatchObject({ excluded_protected: 1, created: 0 });
  expect(await candidateRows()).toEqual([]);
});

test('unknown keeps the candidate exactly as it is while a source is down, then decides again', async () => {
  await newRule(
    conditionsRule('Unmonitored old', [
      yearBelow(1990),
      { field: 'arr.monitored', operator: 'is_false' },
    ]),
  );
  const movie = await movieOf(1980, { is_monitored: false });
  await runScan(world);
  const [before] = await candidateRows();
  const id = before?.id ?? 0;
  const view = (await getCandidate(id)).body;

  await setSources(world, { catalog: 'ok', arr: 'unavailable' });
  world.clock.advance(DAY);
  const summary = await runScan(world);
  expect(summary).toMatchObject({ unknown: 1, created: 0, updated: 0, removed: 0 });
  expect(summary.sources_unavailable).toContain('arr');
  expect(summary.sources_unavailable).not.toContain('catalog');
  const [during] = await candidateRows();
  expect(during).toEqual({ ...before, unknownSince: world.clock.now() });
  expect((await getCandidate(id)).body).toEqual(view);

  // A sure match is held back too while a protect rule of the scope cannot decide.
  await newRule(conditionsRule('Old films', [yearBelow(1990)]));
  await newRule(
    conditionsRule('Keep monitored', [{ field: 'arr.monitored', operator: 'is_true' }], {
      action: { outcome: 'protect' },
    }),
  );
  expect(await runScan(world)).toMatchObject({ unknown: 1, updated: 0, removed: 0 });
  expect((await getCandidate(id)).body).toEqual(view);

  // Back up: the protect rule now matches, so the target is protected and not a candidate.
  await setSources(world, { catalog: 'ok', arr: 'ok' });
  await patchFacts(world.service.db, 'movie', movie.media_id, { is_monitored: true });
  expect(await runScan(world)).toMatchObject({
    unknown: 0,
    rule_protections_created: 1,
    excluded_protected: 1,
    removed: 1,
  });
  expect((await getCandidate(id)).status).toBe(404);
});

test('episode rules decide every episode; a series-level rule protection excludes all of them', async () => {
  const episodeRule = {
    ...conditionsRule('Early episodes', [
      { field: 'season.number', operator: 'less_than_or_equal', value: 1 },
    ]),
    media_type: 'series',
    target_scope: 'episode',
  };
  await newRule(episodeRule);
  const kept = await newSeries(world.service.db, { episodes: [2, 1] });
  const other = await newSeries(world.service.db, { episodes: [3] });
  await patchFacts(world.service.db, 'series', kept.media_id, { title: 'Keep me' });
  expect(await runScan(world)).toMatchObject({ evaluated: 6, created: 5 });

  await newRule({
    ...conditionsRule(
      'Keep titled',
      [{ field: 'media.title', operator: 'equals', value: 'Keep me' }],
      { action: { outcome: 'protect' } },
    ),
    media_type: 'series',
    target_scope: 'series',
  });
  expect(await runScan(world)).toMatchObject({
    rule_protections_created: 1,
    excluded_protected: 3,
    removed: 2,
  });
  const rows = await candidateRows();
  expect(rows.map((row) => [row.mediaId, row.scope])).toEqual([
    [other.media_id, 'episode'],
    [other.media_id, 'episode'],
    [other.media_id, 'episode'],
  ]);
});

test('with no enabled rule every candidate and every rule protection goes', async () => {
  const protectId = await newRule(
    conditionsRule('Keep classics', [yearBelow(1970)], { action: { outcome: 'protect' } }),
  );
  const classic = await movieOf(1960);
  const other = await movieOf(1999);
  await runScan(world);
  await newCandidate(world.service.db, versionTarget(other));
  const [protection] = await ruleProtections();
  // Disabled behind the API's back: the scan still removes what the rule left behind.
  await world.service.db.rule.update({
    where: { id: BigInt(protectId) },
    data: { enabled: false },
  });
  expect(await runScan(world)).toMatchObject({
    evaluated: 0,
    removed: 1,
    rule_protections_removed: 1,
  });
  expect(await candidateRows()).toEqual([]);
  expect(await world.recordedProtection(Number(protection?.id))).toEqual([
    'protection.created',
    'protection.removed',
  ]);
  expect(classic.media_id).toBeGreaterThan(0);
});

test('the rule list counts what a scan produced', async () => {
  const ruleId = await newRule(conditionsRule('Old films', [yearBelow(1990)]));
  await movieOf(1980);
  await movieOf(1981);
  await runScan(world);
  const listed = (await rules().get(ruleId)).body;
  expect(listed.candidate_count).toBe(2);
});
