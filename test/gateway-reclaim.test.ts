import { newCandidate, newMovie, versionTarget } from '../services/cleanup/test/support/factories';
import { expectProblem } from '../services/gateway/test/support/gateway';
import { useCleanupBehindGateway } from './support/cleanup-gateway';

/**
 * Black-box through the gateway (issue 13): manual deletion and the reclaim history with an
 * administrator's session. The gateway validates requests and every answer against the
 * contracts, so the receipt's shape is checked here too.
 */
const world = useCleanupBehindGateway();

test('a manual delete is queued, its outcome becomes a receipt, and presence and history follow', async () => {
  const movie = await newMovie(world.cleanup.db);
  const id = await newCandidate(world.cleanup.db, versionTarget(movie), { matchedRuleIds: [] });
  expectProblem(
    await world.gateway.request('POST', '/api/media/candidates/delete', {
      session: world.admin,
      body: { candidate_ids: [id], surprise: true },
    }),
    422,
    'validation_failed',
  );
  const queued = await world.gateway.request('POST', '/api/media/candidates/delete', {
    session: world.admin,
    body: { candidate_ids: [id], reason: 'Never again' },
  });
  expect(queued.status).toBe(202);
  expect(queued.body).toMatchObject({ status: 'queued', candidate_ids: [id] });
  const [operationId] = queued.body.operation_ids as number[];
  const presence = (query: string) =>
    world.gateway.request('GET', `/api/media/candidates/presence${query}`, {
      session: world.admin,
    });
  const ofMovie = `?media_type=movie&media_id=${movie.media_id}`;
  expect((await presence(ofMovie)).body).toEqual({ has_candidates: true, count: 1 });
  expect((await presence('?media_type=series')).body).toEqual({ has_candidates: false, count: 0 });
  expectProblem(await presence(`?media_id=${movie.media_id}`), 422, 'validation_failed');

  // catalog's answer, as it would publish it.
  const at = new Date().toISOString();
  await world.cleanup.db.$transaction((tx) =>
    world.cleanup.services.operationOutcomes.record(
      tx,
      {
        operation_id: operationId ?? 0,
        candidate_id: id,
        kind: 'unmonitor',
        outcome: 'succeeded',
        failure_reason: null,
        verified: true,
        route: {
          service_type: 'radarr',
          service_config_id: 2,
          arr_action: 'unmonitor',
          import_exclusion: false,
        },
        files: [],
        bytes_freed: 0,
        attempt_log: [],
        warnings: [],
        started_at: at,
        finished_at: at,
      },
      new Date(),
    ),
  );
  // Unmonitored and verified: no longer a candidate.
  expect((await presence(ofMovie)).body).toEqual({ has_candidates: false, count: 0 });
  const history = await world.gateway.request('GET', '/api/media/reclaim-history', {
    session: world.admin,
  });
  expect(history.status).toBe(200);
  expect(history.body).toMatchObject({
    total: 1,
    items: [{ action: 'unmonitored', trigger: 'manual', approved_by: { type: 'user' } }],
    totals: { reclaimed_items_total: 1, failed_total: 0 },
  });
  const receiptId = (history.body.items as { id: number }[])[0]?.id;
  const receipt = await world.gateway.request('GET', `/api/media/reclaim-history/${receiptId}`, {
    session: world.admin,
  });
  expect(receipt.status).toBe(200);
  expect(receipt.body).toMatchObject({ candidate_id: id, rules: [], evidence: [] });
  expectProblem(
    await world.gateway.request('GET', '/api/media/reclaim-history/999999', {
      session: world.admin,
    }),
    404,
    'not_found',
  );
});
