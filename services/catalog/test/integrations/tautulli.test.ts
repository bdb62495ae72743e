import nock from 'nock';
import { TautulliClient } from '../../src/integrations/tautulli';
import { API_KEY, collect, failureOf, testConfig } from './support';
import { useNock } from './use-nock';

const BASE = 'http://tautulli.test:8181';

useNock();

function client(extra: Parameters<typeof testConfig>[1] = {}) {
  const config = testConfig(BASE, extra);
  return { config, tautulli: new TautulliClient(config) };
}

function success(data: unknown) {
  return { response: { result: 'success', message: null, data } };
}

function historyRow(id: number): Record<string, unknown> {
  return {
    reference_id: id,
    row_id: id,
    id,
    date: 1748740000,
    started: 1748740000,
    stopped: 1748745000 + id,
    duration: 5000,
    play_duration: 5000,
    paused_counter: 0,
    user_id: 1234567,
    user: 'alice',
    friendly_name: 'Alice',
    platform: 'Chrome',
    media_type: 'episode',
    rating_key: 5000 + id,
    parent_rating_key: 4000,
    grandparent_rating_key: 3000,
    full_title: 'Severance - Good News About Hell',
    percent_complete: 98,
    watched_status: 1,
  };
}

function historyPage(start: number, rows: unknown[], total: number) {
  return nock(BASE)
    .get('/api/v2')
    .query(
      (q) =>
        q.cmd === 'get_history' &&
        q.apikey === API_KEY &&
        q.start === String(start) &&
        q.length === '1000' &&
        q.order_dir === 'asc',
    )
    .reply(200, success({ recordsFiltered: total, recordsTotal: total, draw: 1, data: rows }));
}

describe('Tautulli client', () => {
  test('history is read in pages of 1000 until recordsFiltered', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => historyRow(i + 1));
    historyPage(0, rows.slice(0, 1000), 1200);
    historyPage(1000, rows.slice(1000), 1200);
    const events = await collect(client().tautulli.history(new Date('2025-05-31T00:00:00Z')));
    expect(events).toHaveLength(1200);
    expect(events[0]).toEqual({
      sourceEventId: '1',
      userExternalId: '1234567',
      itemExternalId: '5001',
      parentItemExternalId: '4000',
      grandparentItemExternalId: '3000',
      itemKind: 'episode',
      viewedAt: new Date((1748745000 + 1) * 1000),
      durationS: 5000,
      percentComplete: 98,
      completed: true,
    });
  });

  test('a play still in progress (no row id) is left for a later read', async () => {
    historyPage(0, [{ ...historyRow(1), id: null }, historyRow(2)], 2);
    const events = await collect(client().tautulli.history());
    expect(events.map((e) => e.sourceEventId)).toEqual(['2']);
  });

  test('users come from get_users', async () => {
    nock(BASE)
      .get('/api/v2')
      .query((q) => q.cmd === 'get_users')
      .reply(
        200,
        success([
          {
            user_id: 1234567,
            username: 'alice',
            friendly_name: 'Alice',
            email: 'alice@example.com',
            is_active: 1,
          },
        ]),
      );
    await expect(client().tautulli.users()).resolves.toMatchObject([
      { externalId: '1234567', displayName: 'Alice' },
    ]);
  });

  test('an error envelope about the key is unauthorized and never shows the key', async () => {
    nock(BASE)
      .get('/api/v2')
      .query(true)
      .reply(200, { response: { result: 'error', message: 'Invalid apikey', data: {} } });
    const failure = await failureOf(client().tautulli.testConnection());
    expect(failure.code).toBe('unauthorized');
    expect(failure.message).toBe('Tautulli GET /api/v2: command get_tautulli_info failed');
  });

  test('a 5xx is retried and the retry succeeds', async () => {
    nock(BASE)
      .get('/api/v2')
      .query(true)
      .reply(500)
      .get('/api/v2')
      .query(true)
      .reply(200, success({ tautulli_version: 'v2.15.0' }));
    await expect(client().tautulli.testConnection()).resolves.toEqual({ version: 'v2.15.0' });
  });

  test('a hanging answer times out', async () => {
    nock(BASE).get('/api/v2').query(true).delay(2_000).reply(200, success({}));
    expect((await failureOf(client({ timeoutSeconds: 0.05 }).tautulli.testConnection())).code).toBe(
      'timeout',
    );
  });

  test('history rows without a user are an invalid response', async () => {
    historyPage(0, [{ ...historyRow(1), user_id: undefined }], 1);
    const failure = await failureOf(collect(client().tautulli.history()));
    expect(failure.message).toContain('data.data[0].user_id is missing');
  });
});
