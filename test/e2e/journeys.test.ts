// End-to-end (issue 31, item 2; `pnpm test:e2e`): the five services as real processes and the
// library simulator, set up as `pnpm demo` sets them up (scripts/demo.js), driven through a
// typed client (openapi-fetch over the types generated from the external document) as an
// integrator drives them; every answer is validated against the served document (support.ts).
// Here: candidate actions, deletion and moves; safety.test.ts: the guards that hold them.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { externalOpenApiDocument } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { conditionsRule } from '../../services/cleanup/test/support/rules';
import {
  enableDeleting,
  fedAndDelivered,
  feed,
  internal,
  runTask,
  untouchedMovies,
  useDemo,
} from './support';

const world = useDemo();
const moveRoot = mkdtempSync(join(tmpdir(), 'mcs-e2e-move-'));
afterAll(() => rm(moveRoot, { recursive: true, force: true }));

test('the gateway serves the document the client was generated from', async () => {
  const { demo } = world;
  const served = (await (await fetch(`${demo.gateway}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, unknown>;
    components: { schemas: Record<string, unknown> };
  };
  const source = externalOpenApiDocument() as typeof served;
  expect(Object.keys(served.paths).sort()).toEqual(Object.keys(source.paths).sort());
  expect(served.components.schemas).toEqual(source.components.schemas);
});

test('sync → scan → candidate actions → feed → signed deliveries, once each', async () => {
  const { api, demo } = world;
  const { data: page } = await api.GET('/api/v1/candidates', {
    params: { query: { per_page: 4 } },
  });
  expect(page?.total).toBe(demo.candidates);
  const [a, b, c, d] = (page?.items ?? []).map((item) => item.id);
  expect([a, b, c, d].every((id) => typeof id === 'number')).toBe(true);

  const key = `e2e-cancel-${a}`;
  const first = await api.POST('/api/v1/candidates/{candidate_id}/cancel', {
    params: { path: { candidate_id: a as number }, header: { 'Idempotency-Key': key } },
    body: { reason: 'e2e' },
  });
  const again = await api.POST('/api/v1/candidates/{candidate_id}/cancel', {
    params: { path: { candidate_id: a as number }, header: { 'Idempotency-Key': key } },
    body: { reason: 'e2e' },
  });
  expect([first.response.status, again.response.status]).toEqual([200, 200]);
  expect(again.response.headers.get('idempotent-replayed')).toBe('true');
  expect(again.data).toEqual({ ...first.data, replayed: true });

  // Later than the deletion the demo's rules schedule (30 days out).
  const until = new Date(Date.now() + 60 * 86_400_000).toISOString();
  const postponed = await api.POST('/api/v1/candidates/{candidate_id}/postpone', {
    params: { path: { candidate_id: b as number } },
    body: { until },
  });
  const reset = await api.POST('/api/v1/candidates/{candidate_id}/reset-timer', {
    params: { path: { candidate_id: c as number } },
    body: {},
  });
  const protectedOne = await api.POST('/api/v1/candidates/{candidate_id}/protect', {
    params: { path: { candidate_id: d as number } },
    body: { reason: 'e2e' },
  });
  expect([postponed, reset, protectedOne].map((r) => r.response.status)).toEqual([200, 200, 200]);

  const wanted = [
    ['candidate.canceled', a],
    ['candidate.postponed', b],
    ['candidate.timer_reset', c],
    ['candidate.protected', d],
  ] as const;
  const events = await waitFor(
    async () => {
      const all = await feed(api);
      return wanted.every(([type, id]) => all.some((e) => e.type === type && e.candidate_id === id))
        ? all
        : undefined;
    },
    { timeoutMs: 30_000, what: 'the four actions in the feed' },
  );
  // Gapless and without duplicates: each event once, the replayed cancel not a second time.
  expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  for (const [type, id] of wanted)
    expect(events.filter((e) => e.type === type && e.candidate_id === id)).toHaveLength(1);
  expect(events.filter((e) => e.type === 'candidate.scheduled')).toHaveLength(demo.candidates);

  // Every event reaches the subscribed receiver once, signature verified, its webhook-id the
  // event's id (events-webhooks.md): no event missing, none delivered twice.
  const deliveries = demo.receiver.seen.deliveries;
  await waitFor(() => events.every((e) => deliveries.some((x) => x.id === e.id)), {
    timeoutMs: 60_000,
    what: 'a verified delivery of every event',
  });
  const perEvent = events.map((e) => deliveries.filter((x) => x.id === e.id).length);
  expect(perEvent.filter((n) => n !== 1)).toEqual([]);
  expect(deliveries.every((x) => JSON.stringify(x.body).includes(x.id))).toBe(true);
  expect(demo.receiver.seen.rejected).toBe(0);
}, 120_000);

test('auto-delete reaches the simulator, and the feed says so', async () => {
  const { api, demo } = world;
  // A movie no rule picked yet, so the only schedule it gets is the one below.
  const { data: movies } = await api.GET('/api/v1/movies', {
    params: { query: { per_page: 200, sort_by: 'title' } },
  });
  const movie = movies?.items.find((item) => item.candidate_ids.length === 0);
  expect(movie).toBeDefined();
  // A rule for that one movie, due at once, through the internal API as the UI creates it.
  const created = await internal(
    world,
    'POST',
    '/api/rules',
    conditionsRule(
      'e2e: this one now',
      [{ field: 'media.title', operator: 'equals', value: movie?.title }],
      { action: { auto_delete_enabled: true, auto_delete_delay_days: 0 } },
    ),
  );
  expect(created.status).toBe(201);
  await enableDeleting(world);
  demo.sim.deletions.clear();

  for (const task of ['scan_cleanup_candidates', 'delete_cleanup_candidates'] as const)
    expect(await runTask(api, task)).toMatchObject({ status: 'completed' });
  await waitFor(() => demo.sim.deletions.list('radarr').length > 0, {
    timeoutMs: 60_000,
    what: 'the deletion to reach Radarr',
  });
  expect(demo.sim.deletions.list('radarr')).toHaveLength(1);
  const deleted = await waitFor(
    async () => (await feed(api)).find((e) => e.type === 'candidate.deleted'),
    { timeoutMs: 30_000, what: 'candidate.deleted in the feed' },
  );
  expect(deleted.payload).toMatchObject({
    candidate: { media_type: 'movie', title: movie?.title },
  });
}, 180_000);

test('a rule that moves: the file lands under the destination, Radarr forgets the movie, the feed says moved', async () => {
  const { api, demo } = world;
  const { media, sim: movie } = (await untouchedMovies(world, 1, 'desc'))[0]!;
  // The catalog service runs on this machine: it finds what the server calls /media/… under
  // moveRoot/media, where the film is.
  const source = join(moveRoot, movie.paths[0] as string);
  mkdirSync(dirname(source), { recursive: true });
  writeFileSync(source, 'the film');
  const archive = join(moveRoot, 'archive', 'movies');
  const saved = await internal(world, 'PUT', '/api/settings/general', {
    path_mappings: [
      { service_config_id: null, remote_prefix: '/media', local_prefix: join(moveRoot, 'media') },
    ],
    move_destination_movies: archive,
  });
  expect(saved.status).toBe(200);
  // Cleanup refuses a moving rule (move_destination_missing) until it follows that save, the
  // one message catalog follows too, long before the move below.
  const rule = await waitFor(
    async () => {
      const reply = await internal<{ id: number }>(
        world,
        'POST',
        '/api/rules',
        conditionsRule(
          'e2e: move it',
          [{ field: 'media.title', operator: 'equals', value: media.title }],
          {
            action: {
              arr_action: 'delete',
              move_instead_of_delete: true,
              auto_delete_enabled: true,
              auto_delete_delay_days: 0,
            },
          },
        ),
      );
      if (reply.status !== 201) throw new Error(`${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
    { timeoutMs: 30_000, what: 'cleanup to accept a rule that moves' },
  );
  expect(await runTask(api, 'scan_cleanup_candidates')).toMatchObject({ status: 'completed' });
  const { data: candidates } = await api.GET('/api/v1/candidates', {
    params: { query: { rule_id: rule.id } },
  });
  expect(candidates?.items).toMatchObject([
    { media_id: media.id, delete_operation: 'move', auto_delete_state: 'eligible' },
  ]);
  const candidateId = candidates?.items[0]?.id as number;

  await enableDeleting(world);
  demo.sim.deletions.clear();
  expect(await runTask(api, 'delete_cleanup_candidates')).toMatchObject({ status: 'completed' });
  const [moved] = await fedAndDelivered(world, 'candidate.moved', [candidateId]);
  expect(moved?.payload).toMatchObject({ candidate: { media_type: 'movie', title: media.title } });
  expect(JSON.stringify(moved)).not.toContain(moveRoot);

  // The file went, not deleted: under the destination, in the movie's own folder.
  const destination = join(archive, ...(movie.paths[0] as string).split('/').slice(-2));
  expect(readFileSync(destination, 'utf8')).toBe('the film');
  expect(existsSync(source)).toBe(false);
  // Radarr forgot the movie without deleting files (those are in the archive now).
  expect(demo.sim.deletions.list('radarr')).toMatchObject([
    { path: `/api/v3/movie/${movie.radarrId}`, query: { deleteFiles: 'false' } },
  ]);
  expect(demo.sim.library.movie(movie.index).inRadarr).toBe(false);
}, 180_000);
