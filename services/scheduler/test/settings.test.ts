import type { GeneralSettings, MessagePayload } from '@mcs/contracts';
import { SecretBox, type Principal } from '@mcs/kit';
import {
  recordMessages,
  TEST_ENCRYPTION_KEYS,
  waitFor,
  type MessageRecorder,
} from '@mcs/kit/testing';
import { useWorld } from './support/world';

/** The general settings (internal-api.md 6.1, domain.md 11), owned here (decision 025). */
const world = useWorld();
const ADMIN: Principal = { type: 'user', id: 42, role: 'admin', name: 'Ada' };
const USER: Principal = { type: 'user', id: 43, role: 'user' };
const box = new SecretBox(TEST_ENCRYPTION_KEYS);

type Changed = MessagePayload<'settings.changed'>;
interface Problem {
  code: string;
  errors?: { in: string; name: string; message: string }[];
}

let changes: MessageRecorder<Changed>;
beforeAll(async () => {
  changes = await recordMessages<Changed>(world.env.namespace, ['settings.changed']);
});
afterAll(() => changes.close());

const read = async () =>
  (await world.api<GeneralSettings>('GET', '/api/settings/general', { principal: ADMIN })).body;
/** The version of the last successful change (each test's changes follow the previous ones). */
let version = 0;
const put = async (body: unknown) => {
  const reply = await world.api<GeneralSettings & Problem>('PUT', '/api/settings/general', {
    principal: ADMIN,
    body,
  });
  if (reply.status === 200) version += 1;
  return reply;
};
/** The settings.changed of `version`, once published. */
const published = async (version: number): Promise<Changed> => {
  await waitFor(() => changes.messages.some((m) => m.payload.version === version));
  return changes.messages.find((m) => m.payload.version === version)!.payload;
};
const smtp = (over: Record<string, unknown> = {}) => ({
  name: 'Mail',
  kind: 'smtp',
  url_or_host: 'mail.example.org',
  settings: { port: 587, from: 'mcs@example.org', to: ['me@example.org'], password: 'hunter2' },
  events: ['task_failure', 'alert'],
  enabled: true,
  ...over,
});

test('before any change every key reads its documented default', async () => {
  expect(await read()).toEqual({
    auto_delete_movie_delay_days: 14,
    auto_delete_series_delay_days: 7,
    auto_delete_breaker_max_items: 50,
    auto_delete_breaker_max_share: 0.05,
    sync_removal_guard_ratio: 0.1,
    default_arr_action: 'unmonitor',
    arr_add_import_exclusion: true,
    media_server_fallback_enabled: true,
    delete_pacing_seconds: 2,
    move_destination_movies: null,
    move_destination_series: null,
    path_mappings: [],
    public_url: null,
    users_can_view_candidates: true,
    tmdb_api_key: null,
    tmdb_base_url: 'https://api.themoviedb.org/3',
    imdb_ratings_enabled: true,
    imdb_ratings_url: 'https://datasets.imdbws.com/title.ratings.tsv.gz',
    event_retention_days: 90,
    webhook_block_private_destinations: false,
    update_check_enabled: false,
    notifications: { channels: [] },
  });
});

test('only administrators read or change the settings', async () => {
  const token: Principal = { type: 'api_token', id: 1, scopes: ['tasks:run'] };
  for (const principal of [USER, token]) {
    for (const method of ['GET', 'PUT']) {
      const reply = await world.api<Problem>(method, '/api/settings/general', {
        principal,
        body: method === 'PUT' ? { auto_delete_movie_delay_days: 1 } : undefined,
      });
      expect([reply.status, reply.body.code]).toEqual([403, 'forbidden']);
    }
  }
  expect((await read()).auto_delete_movie_delay_days).toBe(14);
});

test('a partial change keeps the other keys, raises the version and is published whole', async () => {
  const before = await read();
  const reply = await put({
    auto_delete_movie_delay_days: 3,
    path_mappings: [{ remote_prefix: '/data', local_prefix: '/mnt/media' }],
    post_action_webhooks: [{ url: 'http://old.example/hook' }],
  });
  expect(reply.status).toBe(200);
  const expected = {
    ...before,
    auto_delete_movie_delay_days: 3,
    path_mappings: [{ remote_prefix: '/data', local_prefix: '/mnt/media' }],
  };
  expect(reply.body).toEqual(expected);
  expect(await read()).toEqual(expected);
  expect(version).toBe(1);
  const message = await published(version);
  expect(message.settings).toEqual(expected);
});

test('a secret is write-only: masked on read, sealed on the bus, kept when sent back masked', async () => {
  const set = await put({ tmdb_api_key: 'tmdb-secret-key' });
  expect(set.body.tmdb_api_key).toBe('********');
  expect((await read()).tmdb_api_key).toBe('********');
  const sealed = (await published(version)).settings.tmdb_api_key!;
  expect(sealed).toMatch(/^v2\./);
  expect(box.open(sealed)).toBe('tmdb-secret-key');
  expect(JSON.stringify(changes.messages)).not.toContain('tmdb-secret-key');

  expect((await put({ tmdb_api_key: '********', delete_pacing_seconds: 5 })).status).toBe(200);
  const kept = (await published(version)).settings.tmdb_api_key!;
  expect(box.open(kept)).toBe('tmdb-secret-key');

  expect((await put({ tmdb_api_key: null })).body.tmdb_api_key).toBeNull();
  expect((await published(version)).settings.tmdb_api_key).toBeNull();
  const masked = await put({ tmdb_api_key: '********' });
  expect([masked.status, masked.body.errors?.map((e) => e.name)]).toEqual([422, ['tmdb_api_key']]);
});

test('a notification channel is checked by kind, gets an id, and keeps its secrets by id', async () => {
  const missing = await put({
    notifications: { channels: [smtp({ settings: { from: 'x@example.org', to: [] } })] },
  });
  expect(missing.status).toBe(422);
  expect(missing.body.errors?.map((e) => e.name).sort()).toEqual([
    'notifications.channels[0].settings.port',
    'notifications.channels[0].settings.to',
  ]);

  const saved = await put({ notifications: { channels: [smtp()] } });
  expect(saved.status).toBe(200);
  const [channel] = saved.body.notifications.channels;
  expect(channel).toMatchObject({ url_or_host: '********', settings: { password: '********' } });
  expect(channel!.id).toMatch(/^[A-Za-z0-9_-]+$/);

  const renamed = await put({ notifications: { channels: [{ ...channel, name: 'Mail 2' }] } });
  expect(renamed.status).toBe(200);
  const message = await published(version);
  const sent = message.settings.notifications.channels[0]!;
  expect([sent.name, box.open(sent.url_or_host), box.open(String(sent.settings.password))]).toEqual(
    ['Mail 2', 'mail.example.org', 'hunter2'],
  );

  const stranger = await put({
    notifications: { channels: [{ ...channel, id: 'unknown-channel', name: 'Other' }] },
  });
  expect(stranger.status).toBe(422);
  expect(stranger.body.errors?.map((e) => e.name).sort()).toEqual([
    'notifications.channels[0].settings.password',
    'notifications.channels[0].url_or_host',
  ]);
});

test('bad input is 422 naming the key, and nothing changes', async () => {
  const before = await read();
  await published(version);
  const count = changes.messages.length;
  const mapping = { remote_prefix: '/r', local_prefix: '/l' };
  const cases: [Record<string, unknown>, string][] = [
    [{ auto_delete_movie_delay_days: 3651 }, 'auto_delete_movie_delay_days'],
    [{ auto_delete_series_delay_days: -1 }, 'auto_delete_series_delay_days'],
    [{ auto_delete_breaker_max_items: 100001 }, 'auto_delete_breaker_max_items'],
    [{ auto_delete_breaker_max_share: 1.5 }, 'auto_delete_breaker_max_share'],
    [{ sync_removal_guard_ratio: -0.1 }, 'sync_removal_guard_ratio'],
    [{ default_arr_action: 'shred' }, 'default_arr_action'],
    [{ arr_add_import_exclusion: 'yes' }, 'arr_add_import_exclusion'],
    [{ media_server_fallback_enabled: 1 }, 'media_server_fallback_enabled'],
    [{ delete_pacing_seconds: 61 }, 'delete_pacing_seconds'],
    [{ move_destination_movies: 'relative/movies' }, 'move_destination_movies'],
    [{ move_destination_series: 'series' }, 'move_destination_series'],
    [{ path_mappings: Array.from({ length: 51 }, () => mapping) }, 'path_mappings'],
    [
      { path_mappings: [{ remote_prefix: '/r', local_prefix: 'l' }] },
      'path_mappings[0].local_prefix',
    ],
    [{ users_can_view_candidates: null }, 'users_can_view_candidates'],
    [{ tmdb_api_key: '' }, 'tmdb_api_key'],
    [{ tmdb_base_url: 'ftp://tmdb' }, 'tmdb_base_url'],
    [{ imdb_ratings_enabled: 'no' }, 'imdb_ratings_enabled'],
    [{ imdb_ratings_url: 'not a url' }, 'imdb_ratings_url'],
    [{ event_retention_days: 6 }, 'event_retention_days'],
    [{ webhook_block_private_destinations: 'on' }, 'webhook_block_private_destinations'],
    [{ update_check_enabled: 0 }, 'update_check_enabled'],
    [{ notifications: { channels: [smtp({ kind: 'pager' })] } }, 'notifications.channels[0].kind'],
    [{ surprise: true }, 'surprise'],
  ];
  for (const [body, name] of cases) {
    const reply = await put({ auto_delete_movie_delay_days: 1, ...body });
    expect([reply.status, reply.body.code, reply.body.errors?.map((e) => e.name)]).toEqual([
      422,
      'validation_failed',
      [name],
    ]);
  }
  expect(await read()).toEqual(before);
  expect(changes.messages).toHaveLength(count);
});

test('a follower asking for the settings gets the current version again', async () => {
  const current = await read();
  await published(version);
  const count = changes.messages.length;
  await world.publisher.publish('settings.requested', { requested_by_service: 'cleanup' });
  await waitFor(() => changes.messages.length > count);
  const again = changes.messages.at(-1)!.payload;
  expect(again.version).toBe(version);
  expect({ ...again.settings, tmdb_api_key: current.tmdb_api_key }).toMatchObject({
    auto_delete_movie_delay_days: current.auto_delete_movie_delay_days,
  });
});

test('a move destination cannot be set while catalog cannot check it, and nothing changes', async () => {
  const before = await read();
  const reply = await put({ move_destination_movies: '/mnt/moved/movies' });
  expect([reply.status, reply.body.code]).toEqual([503, 'service_unavailable']);
  expect(await read()).toEqual(before);
});
