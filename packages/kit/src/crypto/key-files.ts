import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  formatPublicKeys,
  generateSigningKeyPair,
  parsePrivateKey,
  publicKeyOf,
} from './signing-keys';

export const SERVICE_NAMES = ['gateway', 'catalog', 'cleanup', 'scheduler', 'webhooks'] as const;

export interface KeyFiles {
  /** `<dir>/<service>/private.key`: readable by its owner only. */
  privateKeyFile: (service: string) => string;
  /** `<dir>/public/public-keys`: every service's public key, one `name=key` line each. */
  publicKeysFile: string;
}

/**
 * The signing keys of a deployment as files (docs/decisions/023): `pnpm start` keeps them in
 * its data directory, docker-compose's `keys` service in one volume per folder, so each
 * container mounts its own private key and the public list, never another's private key.
 * Missing keys are generated; existing ones are kept, so a restart changes nothing. The
 * public list is derived from the private keys each time.
 */
export function ensureServiceKeys(
  dir: string,
  services: readonly string[] = SERVICE_NAMES,
): KeyFiles {
  const privateKeyFile = (service: string) => join(dir, service, 'private.key');
  const publicKeys: Record<string, string> = {};
  for (const service of services) {
    const file = privateKeyFile(service);
    mkdirSync(join(dir, service), { recursive: true, mode: 0o700 });
    // 'wx': never overwrite a key another process wrote a moment ago.
    if (!existsSync(file))
      writeFileSync(file, `${generateSigningKeyPair().privateKey}\n`, { mode: 0o600, flag: 'wx' });
    publicKeys[service] = publicKeyOf(parsePrivateKey(readFileSync(file, 'utf8').trim()));
  }
  const publicKeysFile = join(dir, 'public', 'public-keys');
  mkdirSync(join(dir, 'public'), { recursive: true, mode: 0o755 });
  writeFileSync(publicKeysFile, `${formatPublicKeys(publicKeys)}\n`, { mode: 0o644 });
  return { privateKeyFile, publicKeysFile };
}
