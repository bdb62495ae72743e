// The keys `pnpm start` gives its services (docs/decisions/023), kept in a data directory that
// git ignores (MCS_DATA_DIR, default .data/ at the repository root):
//   keys/<service>/private.key   each service's Ed25519 signing key (0600)
//   keys/public/public-keys      every service's public key
//   encryption.key               ENCRYPTION_KEYS of catalog, gateway, scheduler and webhooks
//                                (0600), unless the environment sets ENCRYPTION_KEYS or
//                                ENCRYPTION_KEYS_FILE
// An install that ran an earlier version kept a generated encryption key in the database it
// protects (platform.secrets): the first start moves it into encryption.key and deletes it
// there, so what it sealed still opens. Back encryption.key up: without it, stored service
// API keys, webhook secrets and the OIDC client secret must be entered again.
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const {
  ensureServiceKeys,
  forgetLegacySecrets,
  legacyEncryptionKey,
} = require('../packages/kit/dist');

/** The services that seal secrets at rest with ENCRYPTION_KEYS. */
const SEALS_SECRETS = ['catalog', 'gateway', 'scheduler', 'webhooks'];

/** Environment variables for each service, by name. */
async function prepareKeys({ dataDir, databaseUrl, env }) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys = ensureServiceKeys(join(dataDir, 'keys'));
  const encryption =
    env.ENCRYPTION_KEYS || env.ENCRYPTION_KEYS_FILE
      ? {}
      : {
          ENCRYPTION_KEYS_FILE: await ensureEncryptionKeyFile(
            join(dataDir, 'encryption.key'),
            databaseUrl,
          ),
        };
  const forService = (service) => ({
    INTERNAL_SIGNING_KEY_FILE: keys.privateKeyFile(service),
    INTERNAL_PUBLIC_KEYS_FILE: keys.publicKeysFile,
    ...(SEALS_SECRETS.includes(service) ? encryption : {}),
  });
  return forService;
}

async function ensureEncryptionKeyFile(file, databaseUrl) {
  if (existsSync(file)) return file;
  const legacy = await legacyEncryptionKey(databaseUrl);
  writeFileSync(file, `${legacy ?? randomBytes(36).toString('base64url')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  // Deleted only once the file holds it: a failed write keeps the one copy where it was.
  await forgetLegacySecrets(databaseUrl);
  process.stdout.write(
    legacy
      ? `moved the encryption key out of the database into ${file}; back it up\n`
      : `generated an encryption key in ${file}; back it up\n`,
  );
  return file;
}

module.exports = { prepareKeys };
