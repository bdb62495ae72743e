// `pnpm secrets:reencrypt` over the real catalog, gateway, scheduler and webhooks schemas: after the
// command every stored credential opens with the new key alone, so the old key can leave
// ENCRYPTION_KEYS.
import { Pool } from 'pg';
import { runReencryptCommand, SecretBox, type SealedColumns } from '@mcs/kit';
import { callSigned, createTestEnv, type TestEnv } from '@mcs/kit/testing';
import { startCatalog } from '../services/catalog/src/server';
import { gatewayDefaults } from '../services/gateway/src/config';
import { SEALED_COLUMNS as GATEWAY } from '../services/gateway/src/oidc/oidc-settings.repository';
import { startGateway } from '../services/gateway/src/server';
import { SEALED_COLUMNS as CATALOG } from '../services/catalog/src/service-settings/service-settings.repository';
import { SEALED_COLUMNS as WEBHOOKS } from '../services/webhooks/src/endpoints/endpoint.repository';
import { startScheduler } from '../services/scheduler/src/server';
import { SEALED_COLUMNS as SCHEDULER } from '../services/scheduler/src/settings/settings.repository';
import { startWebhooks } from '../services/webhooks/src/server';

const OLD = 'old-encryption-key-0123456789abcdefgh';
const NEW = 'new-encryption-key-0123456789abcdefgh';
const ADMIN = { type: 'user' as const, id: 1, role: 'admin' as const };

let env: TestEnv;
let pool: Pool;
beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await env.cleanup();
});

async function storeCredentialsUnder(keys: string[]) {
  const runtime = env.runtimeConfig();
  const nowhere = 'http://127.0.0.1:9';
  const services = { catalog: nowhere, cleanup: nowhere, scheduler: nowhere, webhooks: nowhere };
  const [catalog, webhooks, scheduler, gateway] = await Promise.all([
    startCatalog({ runtime, encryptionKeys: keys }),
    startWebhooks({ runtime, encryptionKeys: keys }),
    startScheduler({ runtime, encryptionKeys: keys }),
    startGateway(gatewayDefaults(runtime, services, keys)),
  ]);
  try {
    await storeOidcSecret(gateway.url, 'oidc-client-secret');
    const settings = await callSigned('scheduler', scheduler.url, 'PUT', '/api/settings/general', {
      principal: ADMIN,
      body: { tmdb_api_key: 'tmdb-api-key' },
    });
    expect(settings.status).toBe(200);
    const saved = await callSigned('catalog', catalog.url, 'POST', '/api/settings/save/service', {
      principal: ADMIN,
      body: {
        service_type: 'radarr',
        name: 'Radarr',
        base_url: 'http://127.0.0.1:9/radarr',
        api_key: 'radarr-api-key',
        enabled: false,
      },
    });
    expect(saved.status).toBe(201);
    const created = await callSigned(
      'webhooks',
      webhooks.url,
      'POST',
      '/api/settings/integrations/webhooks',
      {
        principal: ADMIN,
        body: {
          name: 'Home Assistant',
          url: 'http://127.0.0.1:9/hooks',
          event_types: ['candidate.deleted'],
          headers: [{ name: 'X-Api-Key', value: 'header-value' }],
          auth_username: 'bob',
          auth_password: 'bob-password',
        },
      },
    );
    expect(created.status).toBe(201);
  } finally {
    await Promise.all([catalog.stop(), webhooks.stop(), scheduler.stop(), gateway.stop()]);
  }
}

/** The gateway's one secret: the OIDC client secret, saved by the first administrator. */
async function storeOidcSecret(gatewayUrl: string, secret: string) {
  const json = { 'content-type': 'application/json' };
  const setup = await fetch(`${gatewayUrl}/api/setup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'admin', password: 'correct horse battery' }),
  });
  expect(setup.status).toBe(201);
  const cookie = (setup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrf_token: csrf } = (await setup.json()) as { csrf_token: string };
  const saved = await fetch(`${gatewayUrl}/api/settings/oidc`, {
    method: 'PUT',
    headers: { ...json, cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({ client_secret: secret }),
  });
  expect(saved.status).toBe(200);
}

/** Every non-null sealed value of the schema's sealed columns. */
async function sealedValues(schema: string, targets: readonly SealedColumns[]) {
  const values: string[] = [];
  for (const { table, columns } of targets) {
    const { rows } = await pool.query<Record<string, string | null>>(
      `SELECT ${columns.join(', ')} FROM ${schema}.${table}`,
    );
    for (const row of rows)
      values.push(...Object.values(row).filter((v): v is string => v !== null));
  }
  return values;
}

test('every credential catalog, the gateway, the scheduler and webhooks store moves to the new key', async () => {
  await storeCredentialsUnder([OLD]);
  const io = (keys: string[]) => ({
    env: { DATABASE_URL: env.databaseUrl, ENCRYPTION_KEYS: keys.join(',') },
    out: () => undefined,
  });
  expect(await runReencryptCommand('catalog', CATALOG, io([NEW, OLD]))).toBe(0);
  expect(await runReencryptCommand('webhooks', WEBHOOKS, io([NEW, OLD]))).toBe(0);
  expect(await runReencryptCommand('scheduler', SCHEDULER, io([NEW, OLD]))).toBe(0);
  expect(await runReencryptCommand('gateway', GATEWAY, io([NEW, OLD]))).toBe(0);

  const onlyNew = new SecretBox([NEW]);
  const catalogValues = await sealedValues('catalog', CATALOG);
  expect(catalogValues.map((v) => onlyNew.open(v))).toEqual(['radarr-api-key']);
  const webhookValues = (await sealedValues('webhooks', WEBHOOKS)).map((v) => onlyNew.open(v));
  expect(webhookValues).toEqual(
    expect.arrayContaining([
      'bob-password',
      JSON.stringify([{ name: 'X-Api-Key', value: 'header-value' }]),
    ]),
  );
  expect(webhookValues).toHaveLength(3); // headers, password, signing secret
  const settingsValues = await sealedValues('scheduler', SCHEDULER);
  expect(settingsValues.map((v) => onlyNew.open(v))).toEqual(['tmdb-api-key']);
  const gatewayValues = await sealedValues('gateway', GATEWAY);
  expect(gatewayValues.map((v) => onlyNew.open(v))).toEqual(['oidc-client-secret']);
});

test('the commands know every sealed column of their schema', async () => {
  const { rows } = await pool.query<{ schema: string; column: string }>(
    `SELECT table_schema AS schema, table_name || '.' || column_name AS column
       FROM information_schema.columns
      WHERE table_schema IN ('catalog', 'gateway', 'webhooks') AND column_name LIKE '%\\_encrypted'
      ORDER BY 1, 2`,
  );
  const listed = (targets: readonly SealedColumns[]) =>
    targets.flatMap(({ table, columns }) => columns.map((column) => `${table}.${column}`));
  expect(rows.filter((r) => r.schema === 'catalog').map((r) => r.column)).toEqual(
    listed(CATALOG).sort(),
  );
  expect(rows.filter((r) => r.schema === 'webhooks').map((r) => r.column)).toEqual(
    listed(WEBHOOKS).sort(),
  );
  expect(rows.filter((r) => r.schema === 'gateway').map((r) => r.column)).toEqual(
    listed(GATEWAY).sort(),
  );
});
