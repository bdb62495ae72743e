import nock from 'nock';
import { SeerrClient } from '../../src/integrations/seerr';
import { seerrPage, seerrRequest, seerrUser } from './factories/seerr';
import { API_KEY, collect, failureOf, testConfig } from './support';
import { useNock } from './use-nock';

const BASE = 'http://seerr.test:5055';

useNock();

function client(extra: Parameters<typeof testConfig>[1] = {}) {
  const config = testConfig(BASE, extra);
  return { config, seerr: new SeerrClient(config, 2) };
}

function requestsPage(skip: number, results: unknown[], total: number) {
  return nock(BASE)
    .get('/api/v1/request')
    .query({ take: '2', skip: String(skip), filter: 'all', sort: 'added' })
    .matchHeader('x-api-key', API_KEY)
    .reply(200, seerrPage(results, total, 2, skip / 2 + 1));
}

describe('Seerr client', () => {
  test('the requests sweep reads every page and maps statuses, media and requesters', async () => {
    const series = seerrRequest({
      id: 12,
      status: 5,
      type: 'tv',
      media: { id: 78, mediaType: 'tv', tmdbId: 95396, tvdbId: 371980 },
      seasons: [
        { id: 1, seasonNumber: 1, status: 2 },
        { id: 2, seasonNumber: 2, status: 2 },
      ],
    });
    requestsPage(0, [seerrRequest(), series], 5);
    requestsPage(2, [seerrRequest({ id: 13, status: 3 }), seerrRequest({ id: 14, status: 1 })], 5);
    requestsPage(
      4,
      [
        seerrRequest({
          id: 15,
          status: 4,
          requestedBy: seerrUser({
            id: 3,
            displayName: undefined,
            username: 'bob',
            jellyfinUserId: null,
          }),
        }),
      ],
      5,
    );

    const requests = await collect(client().seerr.requests());

    expect(requests.map((r) => [r.externalId, r.status])).toEqual([
      [11, 'approved'],
      [12, 'completed'],
      [13, 'declined'],
      [14, 'pending'],
      [15, 'failed'],
    ]);
    expect(requests[0]).toMatchObject({
      seerrMediaId: 77,
      mediaType: 'movie',
      tmdbId: 335984,
      tvdbId: null,
      requestedAt: new Date('2025-03-01T18:30:00Z'),
      seasonNumbers: [],
      requestedBy: {
        externalId: 2,
        displayName: 'Alice',
        jellyfinUserId: '4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e',
        jellyfinUsername: 'alice',
      },
    });
    expect(requests[1]).toMatchObject({
      mediaType: 'series',
      tvdbId: '371980',
      seasonNumbers: [1, 2],
    });
    expect(requests[4]?.requestedBy?.displayName).toBe('bob');
  });

  test('a sweep whose pages do not add up to the total is incomplete', async () => {
    requestsPage(0, [seerrRequest(), seerrRequest()], 5);
    requestsPage(2, [seerrRequest()], 5);
    requestsPage(4, [seerrRequest()], 5);
    expect((await failureOf(collect(client().seerr.requests()))).code).toBe('incomplete');
  });

  test('a sentinel request date is unknown', async () => {
    requestsPage(0, [seerrRequest({ createdAt: '1970-01-01T00:00:00.000Z' })], 1);
    const [request] = await collect(client().seerr.requests());
    expect(request?.requestedAt).toBeNull();
  });

  test('users are paged the same way', async () => {
    nock(BASE)
      .get('/api/v1/user')
      .query({ take: '2', skip: '0' })
      .reply(
        200,
        seerrPage(
          [
            seerrUser({ id: 1, plexId: 1234567, plexUsername: 'admin', displayName: 'Admin' }),
            seerrUser(),
          ],
          3,
          2,
          1,
        ),
      );
    nock(BASE)
      .get('/api/v1/user')
      .query({ take: '2', skip: '2' })
      .reply(200, seerrPage([seerrUser({ id: 3 })], 3, 2, 2));
    const users = await collect(client().seerr.users());
    expect(users.map((u) => u.externalId)).toEqual([1, 2, 3]);
    expect(users[0]).toMatchObject({ plexId: '1234567', plexUsername: 'admin' });
  });

  test('the connection test reads the version and the key’s user', async () => {
    nock(BASE)
      .get('/api/v1/status')
      .reply(200, { version: '2.5.2', commitTag: 'v2.5.2', updateAvailable: false })
      .get('/api/v1/auth/me')
      .reply(200, seerrUser({ id: 1, displayName: 'Admin' }));
    await expect(client().seerr.testConnection()).resolves.toEqual({
      version: '2.5.2',
      userId: 1,
      userName: 'Admin',
    });
  });

  test('a 5xx page is retried and the sweep completes', async () => {
    nock(BASE).get('/api/v1/request').query(true).reply(502);
    requestsPage(0, [seerrRequest()], 1);
    await expect(collect(client().seerr.requests())).resolves.toHaveLength(1);
  });

  test('a page that never arrives times out', async () => {
    nock(BASE)
      .get('/api/v1/request')
      .query(true)
      .delay(2_000)
      .reply(200, seerrPage([], 0, 2, 1));
    expect((await failureOf(collect(client({ timeoutSeconds: 0.05 }).seerr.requests()))).code).toBe(
      'timeout',
    );
  });

  test('a wrong key is unauthorized', async () => {
    nock(BASE)
      .get('/api/v1/status')
      .reply(403, { message: 'You do not have permission to access this endpoint' });
    expect((await failureOf(client().seerr.testConnection())).code).toBe('unauthorized');
  });

  test('a page without pageInfo is an invalid response, never an empty sweep', async () => {
    nock(BASE).get('/api/v1/request').query(true).reply(200, { results: [] });
    const failure = await failureOf(collect(client().seerr.requests()));
    expect(failure.message).toContain('pageInfo is missing');
  });

  test('clearing a media entry sends one DELETE', async () => {
    const scope = nock(BASE).delete('/api/v1/media/77').reply(204);
    await client().seerr.deleteMedia(77);
    scope.done();
  });
});
