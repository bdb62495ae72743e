import type { InternalApi } from '@mcs/contracts';
import { replaceSourceStatus } from '../src/sources/source-status.repository';
import { ADMIN } from './support/api';
import {
  movieTarget,
  newCandidate,
  newMovie,
  newProtection,
  versionTarget,
} from './support/factories';
import { useWorld } from './support/world';

/** POST /api/rules/preview, `matches` mode (internal-api.md 10, domain.md 4.4; IA#29). */
const world = useWorld();

type Preview = InternalApi.components['schemas']['RulePreview'];

const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = world.service;
  const now = world.clock.now().toISOString();
  await db.$transaction((tx) =>
    replaceSourceStatus(tx, {
      as_of: now,
      sources: [
        {
          source: 'catalog',
          service_config_id: null,
          service_type: null,
          state: 'ok',
          reason: null,
          last_success_at: now,
          last_attempt_at: now,
        },
      ],
    }),
  );
  for (const [title, year] of [
    ['Old One', 1980],
    ['Old Two', 1995],
    ['New One', 2020],
  ] as const) {
    const movie = await newMovie(db, { title });
    await db.$executeRaw`
      UPDATE media_items SET facts = facts || ${JSON.stringify({ year })}::jsonb
       WHERE media_type = 'movie' AND media_id = ${movie.media_id}`;
    ids[title] = movie.media_id;
    if (title === 'Old One') await newProtection(db, movieTarget(movie));
    if (title === 'Old Two') ids.candidate = await newCandidate(db, versionTarget(movie));
  }
});

const yearRule = (outcome: 'candidate' | 'protect', extra: Record<string, unknown> = {}) => ({
  media_type: 'movie',
  target_scope: 'movie_version',
  definition: {
    version: 1,
    root: {
      type: 'group',
      op: 'and',
      children: [{ type: 'condition', field: 'media.year', operator: 'less_than', value: 2000 }],
    },
  },
  action: { outcome },
  ...extra,
});

const preview = (body: unknown) =>
  world.api<Preview>('POST', '/api/rules/preview', { body, principal: ADMIN });

test('a draft candidate rule lists what it matches with the conditions, and writes nothing', async () => {
  const rulesBefore = await world.service.db.rule.count();
  const reply = await preview(yearRule('candidate'));
  expect(reply.status).toBe(200);
  expect(reply.body.summary).toEqual({
    evaluated: 3,
    matched: 2,
    unknown: 0,
    no_match: 1,
    already_protected: 1,
    already_candidates: 1,
    // Protect beats candidate: the protected one would not be scheduled.
    would_schedule: 1,
  });
  expect(reply.body.total).toBe(2);
  const byTitle = Object.fromEntries(reply.body.items.map((item) => [item.target.title, item]));
  expect(byTitle['Old Two']).toMatchObject({
    verdict: 'match',
    protected: false,
    existing_candidate_id: ids.candidate,
    target: { scope: 'version', media_id: ids['Old Two'] },
    conditions: [
      { path: 'definition.root.children[0]', field: 'media.year', actual: 1995, result: 'match' },
    ],
  });
  expect(byTitle['Old One']).toMatchObject({ protected: true, existing_candidate_id: null });
  expect(reply.body.sources).toEqual([expect.objectContaining({ source: 'catalog', state: 'ok' })]);
  expect(await world.service.db.rule.count()).toBe(rulesBefore);
});

test('IA#29: a protect-rule preview includes the already-protected item with protected: true', async () => {
  const reply = await preview(yearRule('protect'));
  expect(reply.body.summary).toMatchObject({ matched: 2, already_protected: 1, would_schedule: 0 });
  expect(reply.body.items.find((item) => item.target.media_id === ids['Old One'])).toMatchObject({
    protected: true,
    verdict: 'match',
  });
});

test('a condition whose source is unavailable is unknown and listed as such; paging keeps the totals', async () => {
  const rule = yearRule('candidate');
  rule.definition.root.children = [
    { type: 'condition', field: 'imdb.rating', operator: 'greater_than', value: 7 },
  ];
  const reply = await preview({ ...rule, page: 2, per_page: 1 });
  expect(reply.body.summary).toMatchObject({ evaluated: 3, matched: 0, unknown: 3 });
  expect(reply.body).toMatchObject({ total: 3, page: 2, per_page: 1 });
  expect(reply.body.items).toHaveLength(1);
  expect(reply.body.items[0]).toMatchObject({
    verdict: 'unknown',
    conditions: [{ field: 'imdb.rating', actual: '<unavailable>', result: 'unknown' }],
  });
});

test('an invalid draft is 422 rule_invalid; an unknown mode or page size is 422', async () => {
  const invalid = await preview({ ...yearRule('candidate'), target_scope: 'season' });
  expect(invalid.status).toBe(422);
  expect(invalid.body.code).toBe('rule_invalid');
  expect((await preview({ ...yearRule('candidate'), mode: 'what-if' })).status).toBe(422);
  expect((await preview({ ...yearRule('candidate'), per_page: 500 })).status).toBe(422);
});
