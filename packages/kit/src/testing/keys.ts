import {
  formatPublicKeys,
  generateSigningKeyPair,
  parsePrivateKey,
  parsePublicKeys,
  deriveSigningKey,
  type SigningKey,
} from '../crypto/signing-keys';
import type { RuntimeConfig } from '../runtime-config';

const SERVICES = ['gateway', 'catalog', 'cleanup', 'scheduler', 'webhooks'] as const;

/**
 * One key pair per test process, listed under every service's name: the services a test starts
 * side by side verify each other, and the kit's own tests (internal-auth) prove with distinct
 * keys that a service signs only as itself. Generated, never committed.
 */
const pair = generateSigningKeyPair();
const publicKeys = formatPublicKeys(
  Object.fromEntries(SERVICES.map((service) => [service, pair.publicKey])),
);

export const TEST_KEYS: RuntimeConfig['keys'] = {
  signing: parsePrivateKey(pair.privateKey),
  peers: parsePublicKeys(publicKeys),
};

/** The key a test signs with as `service` (the gateway, for calls made as a user or token). */
export function testSigningKey(service = 'gateway'): SigningKey {
  return deriveSigningKey(service, TEST_KEYS.signing, TEST_KEYS.peers);
}

/** The same keys as environment variables, for services started as child processes. */
export const TEST_KEY_ENV: Readonly<Record<string, string>> = {
  INTERNAL_SIGNING_KEY: pair.privateKey,
  INTERNAL_PUBLIC_KEYS: publicKeys,
};

/** ENCRYPTION_KEYS of the services that seal secrets (catalog, gateway, scheduler, webhooks) in tests. */
export const TEST_ENCRYPTION_KEYS: string[] = ['test-encryption-key-0123456789abcdefghij'];
