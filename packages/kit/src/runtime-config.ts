import type { KeyObject } from 'node:crypto';
import { env, loadConfigOrExit, type Env, type Parsed } from './config';
import { parsePrivateKey, parsePublicKeys, type PublicKeys } from './crypto/signing-keys';

const NAME = /^[a-z][a-z0-9_-]{0,39}$/;
const NAME_TEXT = 'lowercase letters, digits, _ or -, starting with a letter (max 40)';

/** Variables every service reads; a service spreads them into its own schema (src/config.ts). */
export function runtimeVars(defaultPort: number) {
  return {
    PORT: env.int(defaultPort, { min: 0, max: 65535 }),
    DATABASE_URL: env.url('postgresql://postgres@127.0.0.1:5432/mcs', ['postgres', 'postgresql']),
    DATABASE_POOL_MAX: env.int(10, { min: 1, max: 200 }),
    REDIS_URL: env.url('redis://127.0.0.1:6379', ['redis', 'rediss']),
    REDIS_PREFIX: env.pattern('mcs', NAME, NAME_TEXT),
    AMQP_URL: env.url('amqp://guest:guest@127.0.0.1:5672', ['amqp', 'amqps']),
    BROKER_NAMESPACE: env.pattern('mcs', NAME, NAME_TEXT),
    LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    // Each service signs its internal calls with its own key (docs/decisions/023); `pnpm start`
    // and docker-compose generate them. Either may come from a file (`<NAME>_FILE`).
    INTERNAL_SIGNING_KEY: env.key('an Ed25519 private key (base64 PKCS#8 or PEM)', parsePrivateKey),
    INTERNAL_PUBLIC_KEYS: env.key('<service>=<base64 Ed25519 public key>, …', parsePublicKeys),
    INTERNAL_SECRET: env.replacedBy('INTERNAL_SIGNING_KEY and INTERNAL_PUBLIC_KEYS'),
    SHUTDOWN_TIMEOUT_MS: env.int(20000, { min: 1000, max: 600000 }),
    // How long a started service's first decision waits for the scheduler's answer to
    // settings.requested (docs/decisions/025); 0: decide on the stored settings at once.
    SETTINGS_WAIT_MS: env.int(10000, { min: 0, max: 600000 }),
  };
}

export type RuntimeVars = Parsed<ReturnType<typeof runtimeVars>>;

/**
 * METRICS_PORT, for a service whose own port is public (the gateway): /metrics is served on
 * that port alone, never on the public one. Internal services leave it out and serve /metrics
 * on their own port, which only the internal network reaches.
 */
export function metricsPortVar(defaultPort: number) {
  return { METRICS_PORT: env.int(defaultPort, { min: 0, max: 65535 }) };
}

export interface RuntimeConfig {
  port: number;
  /** Where /metrics is served instead of `port` (metricsPortVar); unset: on `port`. */
  metricsPort?: number;
  database: { url: string; poolMax: number };
  redis: { url: string; prefix: string };
  broker: { url: string; namespace: string };
  log: { level: string };
  /** This service's signing key, and every service's public key by name. */
  keys: { signing: KeyObject; peers: PublicKeys };
  shutdownTimeoutMs: number;
  /** SETTINGS_WAIT_MS; unset (tests): 0, decisions do not wait for the settings owner. */
  settingsWaitMs?: number;
}

export function runtimeConfig(vars: RuntimeVars & { METRICS_PORT?: number }): RuntimeConfig {
  return {
    port: vars.PORT,
    metricsPort: vars.METRICS_PORT,
    database: { url: vars.DATABASE_URL, poolMax: vars.DATABASE_POOL_MAX },
    redis: { url: vars.REDIS_URL, prefix: vars.REDIS_PREFIX },
    broker: { url: vars.AMQP_URL, namespace: vars.BROKER_NAMESPACE },
    log: { level: vars.LOG_LEVEL },
    keys: { signing: vars.INTERNAL_SIGNING_KEY, peers: vars.INTERNAL_PUBLIC_KEYS },
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    settingsWaitMs: vars.SETTINGS_WAIT_MS,
  };
}

/** The configuration of a service that reads nothing but the runtime's variables. */
export interface ServiceConfig {
  runtime: RuntimeConfig;
}

/** src/config.ts of such a service: parsed once, or the process stops naming every bad key. */
export function loadServiceConfig(defaultPort: number, source: Env = process.env): ServiceConfig {
  return loadConfigOrExit(
    runtimeVars(defaultPort),
    (vars) => ({ runtime: runtimeConfig(vars) }),
    source,
  );
}

/**
 * ENCRYPTION_KEYS, for a service that seals credentials at rest (catalog, webhooks): the
 * current key first, older ones after it while their values are resealed
 * (`pnpm secrets:reencrypt`). Required: a key the service generated itself would have to be
 * kept next to what it protects (docs/decisions/023).
 */
export function encryptionKeysVars() {
  return {
    ENCRYPTION_KEYS: env.secretList(32),
    ENCRYPTION_KEY: env.replacedBy('ENCRYPTION_KEYS'),
  };
}
