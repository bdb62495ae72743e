import { waitFor, DAY } from '@mcs/kit/testing';
import type { ActionResponse, Protection } from './support/api';
import {
  episodeTarget,
  movieTarget,
  newCandidate,
  newFileOperation,
  newMovie,
  newProtection,
  newSeries,
  seasonTarget,
  versionTarget,
} from './support/factories';
import { candidateCalls } from './support/calls';
import { useWorld } from './support/world';

/** Protect (external-api.md 2.3, domain.md 7.4) and the pending-operation refusal (EA#29). */
const world = useWorld();

const { act, delivered, eventNames, movieCandidate } = candidateCalls(world);

describe('protect', () => {
  test('EA#27: creates a permanent api protection at the candidate scope; protection.created first', async () => {
    const { id, movie } = await movieCandidate();
    const response = await act(id, 'protect');
    expect(response.status).toBe(200);
    expect(response.body.candidate.blockers).toEqual(['protected']);
    expect(response.body.candidate.auto_delete_state).toBe('scheduled');
    const protection = await world.api<Protection>(
      'GET',
      `/api/v1/protections/${response.body.protection_id}`,
    );
    expect(protection.body).toMatchObject({
      scope: 'version',
      movie_version_id: movie.versions[0]?.version_id,
      source: 'api',
      permanent: true,
      reason: 'Protected through the API',
    });
    await waitFor(() => delivered(id).length === 2);
    expect(eventNames(id)).toEqual(['protection.created', 'candidate.protected']);
  });

  test('EA#28: afterwards cancel, postpone and reset-timer → 409; protect again reuses it', async () => {
    const { id } = await movieCandidate();
    const first = await act(id, 'protect', { reason: 'Favourite' });
    for (const action of ['cancel', 'postpone', 'reset-timer']) {
      const refused = await act(id, action, { until: '2099-01-01T00:00:00Z' });
      expect(refused.body).toMatchObject({ status: 409, code: 'candidate_protected' });
    }
    const again = await act(id, 'protect');
    expect(again.body.protection_id).toBe(first.body.protection_id);
    await waitFor(() => delivered(id).length === 3);
    expect(eventNames(id)).toEqual([
      'protection.created',
      'candidate.protected',
      'candidate.protected',
    ]);
  });

  test('reuses a covering manual movie protection and widens it to permanent', async () => {
    const { id, movie } = await movieCandidate();
    const expiresAt = new Date(world.clock.now().getTime() + DAY);
    const movieProtection = await newProtection(world.service.db, movieTarget(movie), {
      expiresAt,
    });
    const response = await act(id, 'protect', { reason: 'Keep forever' });
    expect(response.body.protection_id).toBe(movieProtection);
    const protection = await world.api<Protection>('GET', `/api/v1/protections/${movieProtection}`);
    expect(protection.body).toMatchObject({
      permanent: true,
      expires_at: null,
      reason: 'Keep forever',
    });
    expect(await world.recorded(id)).toEqual(['candidate.protected']);
  });

  test('a target covered only by a rule-managed protection gets its own new protection', async () => {
    const { id, movie } = await movieCandidate();
    const ruleProtection = await newProtection(world.service.db, movieTarget(movie), {
      source: 'rule',
    });
    const response = await act(id, 'protect');
    expect(response.body.protection_id).not.toBe(ruleProtection);
    expect(await world.recorded(id)).toEqual(['protection.created', 'candidate.protected']);
  });

  test('through the internal UI (an administrator) the protection is manual', async () => {
    const { id } = await movieCandidate();
    const path = `/api/media/candidates/${id}/protect`;
    const asUser = await world.api('POST', path, {
      principal: { type: 'user', id: 2, role: 'user' },
    });
    expect(asUser.status).toBe(403);
    // The external route serves API tokens only (decision 023).
    const external = await world.api('POST', `/api/v1/candidates/${id}/protect`, {
      principal: { type: 'user', id: 1, role: 'admin' },
    });
    expect(external.status).toBe(403);
    const response = await world.api<ActionResponse>('POST', path, {
      principal: { type: 'user', id: 1, role: 'admin' },
    });
    expect(response.status).toBe(200);
    const protection = await world.api<Protection>(
      'GET',
      `/api/v1/protections/${response.body.protection_id}`,
    );
    expect(protection.body).toMatchObject({ source: 'manual', reason: null });
  });
});

describe('EA#29: a pending delete or move of the media refuses every action (409)', () => {
  test('a queued operation on another version of the same movie blocks the candidate', async () => {
    const db = world.service.db;
    const movie = await newMovie(db, { versions: 2 });
    const id = await newCandidate(db, versionTarget(movie, 0));
    await newFileOperation(db, versionTarget(movie, 1), 'running');
    for (const action of ['cancel', 'postpone', 'reset-timer', 'protect']) {
      const refused = await act(id, action, { until: '2099-01-01T00:00:00Z' });
      expect(refused.body).toMatchObject({ status: 409, code: 'file_operation_pending' });
    }
  });

  test('an operation on a sibling season does not block; one on the series does; a finished one never', async () => {
    const db = world.service.db;
    const series = await newSeries(db, { episodes: [1, 1] });
    const id = await newCandidate(db, episodeTarget(series, 0));
    await newFileOperation(db, seasonTarget(series, 1), 'queued');
    await newFileOperation(
      db,
      { ...seasonTarget(series, 0), scope: 'series', seasonId: null },
      'succeeded',
    );
    expect((await act(id, 'cancel')).status).toBe(200);
    await newFileOperation(db, seasonTarget(series, 0), 'verifying');
    expect((await act(id, 'cancel')).body.code).toBe('file_operation_pending');
  });
});
