import type { InternalApi } from '@mcs/contracts';
import { expectMatchesContract } from '../../gateway/test/support/contract';
import { ADMIN, type Candidate, type CandidatePage, USER } from './support/api';
import { newMovie } from './support/factories';
import { operationCompleted, sentOperations } from './support/operations';
import { conditionsRule, ruleCalls } from './support/rules';
import { patchFacts, runScan, setSources } from './support/scan';
import { useWorld } from './support/world';

/**
 * The CandidateView of GET /api/media/candidates (internal-api.md 1.3, 8): a scanned
 * candidate with what the Candidates page adds, paths for administrators only (check 36), and
 * the external Candidate left as it was.
 */
const world = useWorld();
type Page = InternalApi.components['schemas']['CandidateGroupPage'];
type View = InternalApi.components['schemas']['CandidateView'];

const POSTER = 'https://image.tmdb.org/t/p/w342/heat.jpg';

/** The one candidate on the page, as `principal` sees it; the body matches the contract. */
async function view(principal = ADMIN): Promise<View> {
  const url = '/api/media/candidates';
  const reply = await world.api<Page>('GET', url, { principal });
  expect(reply.status).toBe(200);
  await expectMatchesContract('GET', url, 200, reply.body);
  const candidate = reply.body.items[0]?.candidates[0];
  if (!candidate) throw new Error('a candidate expected');
  return candidate;
}

let ruleId = 0;
let candidateId = 0;

beforeAll(async () => {
  await setSources(world, { catalog: 'ok', arr: 'ok' });
  const rule = await ruleCalls(world).create(
    conditionsRule(
      'Old films',
      [
        { field: 'media.year', operator: 'less_than', value: 1990 },
        { field: 'media.path', operator: 'starts_with_any', value: ['/media/movies'] },
        { field: 'media.size_bytes', operator: 'exists' },
      ],
      { action: { arr_action: 'unmonitor', media_server_action: 'none' } },
    ),
  );
  if (rule.status !== 201) throw new Error(`rule: ${JSON.stringify(rule.body)}`);
  ruleId = rule.body.id;
  const movie = await newMovie(world.service.db, { title: 'Heat' });
  await patchFacts(world.service.db, 'movie', movie.media_id, { year: 1980, poster_url: POSTER });
  expect(await runScan(world)).toMatchObject({ created: 1 });
  const [row] = await world.service.db.candidate.findMany();
  candidateId = Number(row?.id);
});

test('a scanned candidate shows its actions, size, criteria and file, with no operation yet', async () => {
  const candidate = await view();
  const fileName = candidate.version?.file_name ?? '';
  expect(candidate).toMatchObject({
    id: candidateId,
    scope: 'version',
    matched_rule_ids: [ruleId],
    // The rule's own actions: no default applies while it matches (domain.md 3.8).
    arr_action: 'unmonitor',
    media_server_action: 'none',
    estimated_space_bytes: 20_000_000_000,
    unknown_since: null,
    completed_action: null,
    failure_count: 0,
    last_failure_reason: null,
    operation: null,
    version: {
      size_bytes: 20_000_000_000,
      resolution: '1080p',
      video_codec: 'hevc',
      hdr: false,
      dolby_vision: false,
    },
    poster_url: POSTER,
  });
  expect(fileName).toMatch(/^[^/\\]+\.mkv$/);
  expect(candidate.matched_criteria).toEqual({
    [ruleId]: [
      expect.objectContaining({
        field: 'media.year',
        operator: 'less_than',
        value: 1990,
        actual: 1980,
        result: 'match',
      }),
      // An administrator sees the rule's prefix; the file's path is never stored (1.12).
      expect.objectContaining({
        field: 'media.path',
        operator: 'starts_with_any',
        value: ['/media/movies'],
        actual: null,
        result: 'match',
      }),
      // `exists` has no value: it reads as null, so every condition has all five fields.
      expect.objectContaining({
        field: 'media.size_bytes',
        operator: 'exists',
        value: null,
        actual: 20_000_000_000,
        result: 'match',
      }),
    ],
  });
  expect(JSON.stringify(candidate)).not.toContain(`/media/movies/${fileName}`);
});

test('a user without the admin role sees no path at all, not even the rule’s prefix', async () => {
  const candidate = await view(USER);
  const path = candidate.matched_criteria[ruleId]?.find((c) => c.field === 'media.path');
  expect(path).toMatchObject({ value: null, actual: null, result: 'match' });
  expect(JSON.stringify(candidate)).not.toContain('/media/');
  expect(candidate.version?.file_name).toMatch(/^[^/\\]+$/);
});

test('a queued delete shows as the operation, and its failure as the failure count', async () => {
  const queued = await world.api<{ operation_ids: number[] }>(
    'POST',
    '/api/media/candidates/delete',
    { principal: ADMIN, body: { candidate_ids: [candidateId] } },
  );
  expect(queued.status).toBe(202);
  const [operationId] = queued.body.operation_ids;
  expect((await view()).operation).toMatchObject({
    id: operationId,
    kind: 'unmonitor',
    status: 'queued',
    failure_reason: null,
  });

  const command = (await sentOperations(world.service)).at(-1);
  if (!command) throw new Error('a command expected');
  await world.service.db.$transaction((tx) =>
    world.service.services.operationOutcomes.record(
      tx,
      operationCompleted(command, 'failed', 'http_503'),
      new Date(),
    ),
  );
  expect(await view()).toMatchObject({
    failure_count: 1,
    last_failure_reason: 'http_503',
    operation: { id: operationId, status: 'failed', failure_reason: 'http_503' },
  });
});

test('the external Candidate keeps its own fields only', async () => {
  const external = Object.keys(await view());
  const page = await world.api<CandidatePage>('GET', '/api/v1/candidates');
  const one = await world.api<Candidate>('GET', `/api/v1/candidates/${candidateId}`);
  await expectMatchesContract('GET', '/api/v1/candidates', 200, page.body);
  for (const body of [page.body.items[0], one.body]) {
    expect(body).toMatchObject({ id: candidateId });
    const keys = Object.keys(body ?? {});
    for (const added of ['arr_action', 'matched_criteria', 'operation', 'version', 'poster_url'])
      expect(keys).not.toContain(added);
    expect(external).toEqual(expect.arrayContaining(keys));
  }
});
