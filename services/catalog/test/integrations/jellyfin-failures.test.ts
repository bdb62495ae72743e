import nock from 'nock';
import { JellyfinClient } from '../../src/integrations/jellyfin';
import { movieItem, queryResult } from './factories/jellyfin';
import { API_KEY, collect, failureOf, testConfig } from './support';
import { useNock } from './use-nock';

const BASE = 'http://jellyfin.test:8096';
const LIBRARY = '7e64e319657a9516ec78490da03edccb';

useNock();

function client(extra: Parameters<typeof testConfig>[1] = {}) {
  const config = testConfig(BASE, extra);
  return { config, jellyfin: new JellyfinClient({ ...config, pageSize: 2 }) };
}

describe('Jellyfin client failures', () => {
  test('a 5xx answer is retried and the retry succeeds', async () => {
    nock(BASE)
      .get('/Users')
      .reply(503, 'Service Unavailable')
      .get('/Users')
      .reply(200, [
        {
          Name: 'alice',
          Id: 'u1',
          Policy: { IsAdministrator: true },
          LastActivityDate: '2025-05-31T10:00:00.0000000Z',
        },
      ]);
    const { jellyfin, config } = client();
    await expect(jellyfin.users()).resolves.toMatchObject([{ externalId: 'u1', isAdmin: true }]);
    expect(config.sleeps).toEqual([1000]);
  });

  test('a server that does not answer in time fails with a timeout', async () => {
    nock(BASE).get('/System/Info').delay(2_000).reply(200, {});
    const failure = await failureOf(client({ timeoutSeconds: 0.05 }).jellyfin.testConnection());
    expect(failure.code).toBe('timeout');
  });

  test('a rejected API key fails as unauthorized without naming the key', async () => {
    nock(BASE).get('/Users').reply(401, `Invalid token ${API_KEY}`);
    const failure = await failureOf(client().jellyfin.users());
    expect(failure.code).toBe('unauthorized');
    expect(failure.message).toBe(
      'Jellyfin GET /Users: the server refused the credentials (HTTP 401)',
    );
  });

  test('malformed JSON and missing fields are invalid responses, never an empty library', async () => {
    nock(BASE)
      .get('/Items')
      .query(true)
      .reply(200, '{"Items":[{"Id":"a"', { 'Content-Type': 'application/json' });
    expect((await failureOf(collect(client().jellyfin.movies(LIBRARY)))).code).toBe(
      'invalid_response',
    );

    nock(BASE)
      .get('/Items')
      .query(true)
      .reply(200, queryResult([movieItem({ Id: undefined })], 1));
    const missing = await failureOf(collect(client().jellyfin.movies(LIBRARY)));
    expect(missing.message).toContain('Items[0].Id is missing');
  });

  test('deleting an item sends one DELETE and verification sees it gone', async () => {
    const scope = nock(BASE)
      .delete('/Items/abc')
      .reply(204)
      .get('/Items')
      .query({ Ids: 'abc', Fields: 'MediaSources,Path' })
      .reply(200, queryResult([], 0));
    const { jellyfin } = client();
    await jellyfin.deleteItem('abc');
    await expect(jellyfin.findItem('abc')).resolves.toBeNull();
    scope.done();
  });
});
