import { Pool } from 'pg';
import type { GeneralSettings } from '@mcs/contracts';
import {
  callSigned,
  createTestEnv,
  TEST_ENCRYPTION_KEYS,
  waitFor,
  type TestEnv,
} from '@mcs/kit/testing';
import { startScheduler, type SchedulerService } from '../services/scheduler/src/server';
import { startWebhooks, type WebhooksService } from '../services/webhooks/src/server';

/**
 * events-webhooks.md 5 across the two owners: a `post_action_webhooks` list an older version
 * kept in the general settings becomes webhook endpoints once, and the field is gone.
 */
const ADMIN = { type: 'user' as const, id: 1, role: 'admin' as const };
const ENDPOINTS = '/api/settings/integrations/webhooks';

let env: TestEnv;
let pool: Pool;
let webhooks: WebhooksService;
let scheduler: SchedulerService;

const startOwner = () =>
  startScheduler({ runtime: env.runtimeConfig(), encryptionKeys: TEST_ENCRYPTION_KEYS });
const endpoints = async () =>
  (
    await callSigned<{ items: { name: string; url: string; event_types: string[] }[] }>(
      'webhooks',
      webhooks.url,
      'GET',
      ENDPOINTS,
      { principal: ADMIN },
    )
  ).body.items;
const importsSent = async () =>
  (
    await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scheduler.outbox
        WHERE routing_key = 'webhooks.legacy_endpoints.import'`,
    )
  ).rows[0]?.n;

beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl, max: 2 });
  // What an older version left: its settings, with the legacy list inside.
  const legacy = {
    auto_delete_movie_delay_days: 20,
    post_action_webhooks: [
      {
        name: 'Jellyfin refresh',
        url_template: 'http://media.lan:8096/library/refresh?path={urlencoded_path}',
        method: 'post',
        actions: ['deleted'],
        auth_username: 'jf',
        auth_password: 'jf-password',
      },
      { name: 'Relative', url_template: '/hooks/x' },
    ],
  };
  await pool.query(
    `INSERT INTO scheduler.general_settings (id, version, document, updated_at)
     VALUES (1, 3, $1::jsonb, now())`,
    [JSON.stringify(legacy)],
  );
  webhooks = await startWebhooks({
    runtime: env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });
  scheduler = await startOwner();
});
afterAll(async () => {
  await scheduler.stop();
  await webhooks.stop();
  await pool.end();
  await env.cleanup();
});

test('the legacy list becomes endpoints for deletions and moves only, and leaves the settings', async () => {
  const created = await waitFor(async () => {
    const items = await endpoints();
    return items.length > 0 && items;
  });
  expect(created).toEqual([
    expect.objectContaining({
      name: 'Jellyfin refresh',
      url: 'http://media.lan:8096/',
      event_types: ['candidate.deleted'],
    }),
  ]);
  const settings = await callSigned<GeneralSettings>(
    'scheduler',
    scheduler.url,
    'GET',
    '/api/settings/general',
    { principal: ADMIN },
  );
  expect(settings.body.auto_delete_movie_delay_days).toBe(20);
  expect(settings.body).not.toHaveProperty('post_action_webhooks');
  const { rows } = await pool.query<{ legacy: boolean; sent: string }>(
    `SELECT document ? 'post_action_webhooks' AS legacy, (SELECT payload::text FROM scheduler.outbox
       WHERE routing_key = 'webhooks.legacy_endpoints.import') AS sent
       FROM scheduler.general_settings`,
  );
  expect(rows[0]?.legacy).toBe(false);
  expect(rows[0]?.sent).not.toContain('jf-password');
});

test('a restart migrates nothing twice, and an incoming post_action_webhooks is ignored', async () => {
  await scheduler.stop();
  scheduler = await startOwner();
  expect(await importsSent()).toBe(1);
  const put = await callSigned<GeneralSettings>(
    'scheduler',
    scheduler.url,
    'PUT',
    '/api/settings/general',
    {
      principal: ADMIN,
      body: { post_action_webhooks: [{ url_template: 'http://other.lan/' }] },
    },
  );
  expect(put.status).toBe(200);
  expect(put.body).not.toHaveProperty('post_action_webhooks');
  expect(await importsSent()).toBe(1);
  expect(await endpoints()).toHaveLength(1);
});
