#!/usr/bin/env node
// `pnpm secrets:reencrypt`: runs the reencrypt command of every service that seals secrets
// (catalog, gateway, scheduler, webhooks), which move every
// stored credential to the first key of ENCRYPTION_KEYS (docs/decisions/023). Without
// ENCRYPTION_KEYS(_FILE) in the environment it uses `pnpm start`'s key file
// (MCS_DATA_DIR/encryption.key). Safe while the services run.
const { spawnSync } = require('node:child_process');
const { join, resolve } = require('node:path');

const root = join(__dirname, '..');
const env = { ...process.env };
if (!env.ENCRYPTION_KEYS && !env.ENCRYPTION_KEYS_FILE)
  env.ENCRYPTION_KEYS_FILE = resolve(root, env.MCS_DATA_DIR ?? '.data', 'encryption.key');

let failed = 0;
for (const service of ['catalog', 'gateway', 'scheduler', 'webhooks']) {
  const { status } = spawnSync(
    process.execPath,
    [join(root, 'services', service, 'dist', 'reencrypt.js')],
    { env, stdio: 'inherit' },
  );
  if (status !== 0) failed = status ?? 1;
}
process.exit(failed);
