import { isIP, isIPv4 } from 'node:net';
import { join, resolve } from 'node:path';
import {
  ConfigError,
  encryptionKeysVars,
  env,
  loadConfigOrExit,
  metricsPortVar,
  runtimeConfig,
  runtimeVars,
  type Env,
  type Parsed,
} from '@mcs/kit';
import { groupList } from './domain/forward-auth/identity';
import { TrustedProxies } from './domain/forward-auth/trusted-proxies';

const http = ['http', 'https'] as const;
/** The web UI's `vite build` output: this file is services/gateway/{src,dist}/config.*. */
const DEFAULT_WEB_DIST_DIR = join(__dirname, '..', '..', '..', 'packages', 'web', 'dist');
const DEFAULT_UPDATE_CHECK_URL =
  'https://api.github.com/repos/media-cleanup-service/media-cleanup-service/releases/latest';
/**
 * Express's trust proxy as an operator may set it: false, a hop count, or a comma-separated
 * list of proxy-addr names, addresses and subnets (address/prefix or IPv4 address/netmask).
 * Checked here so a typo stops the start with a config error, not a crash after migrations.
 */
function isTrustProxy(text: string): boolean {
  if (text === 'false' || /^\d+$/.test(text)) return true;
  return text.split(',').every((item) => {
    const [address = '', range, ...rest] = item.trim().split('/');
    if (['loopback', 'linklocal', 'uniquelocal'].includes(address) && range === undefined)
      return true;
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (range === undefined) return true;
    if (family === 4 && isIPv4(range)) return true;
    return /^\d{1,3}$/.test(range) && Number(range) <= (family === 4 ? 32 : 128);
  });
}

/**
 * Forward-auth (trusted header SSO behind Authelia, Authentik, Keycloak's proxies): off unless
 * FORWARD_AUTH_USER_HEADER is set, and then only with an explicit list of trusted proxies.
 */
export interface ForwardAuthConfig {
  /** Lower-case header name, e.g. remote-user. */
  userHeader: string;
  /** Lower-case header name, e.g. remote-groups; null: roles are never taken from groups. */
  groupsHeader: string | null;
  trustedProxies: TrustedProxies;
  adminGroups: string[];
  /** Create a user the first time an unknown username arrives (default off). */
  autoCreate: boolean;
}

/** RFC 9110 token characters: what a header name may be made of. */
const TOKEN_CHARS = new Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyz");
const isHeaderName = (text: string) =>
  [...text.toLowerCase()].every((char) => TOKEN_CHARS.has(char));

const isProxyList = (text: string) => TrustedProxies.parse(text) instanceof TrustedProxies;

const forwardAuthVars = {
  FORWARD_AUTH_USER_HEADER: env.pattern('', isHeaderName, 'a header name like Remote-User'),
  FORWARD_AUTH_GROUPS_HEADER: env.pattern('', isHeaderName, 'a header name like Remote-Groups'),
  FORWARD_AUTH_TRUSTED_PROXIES: env.pattern(
    '',
    isProxyList,
    'IPv4/IPv6 addresses or CIDRs, comma-separated (e.g. 172.18.0.5, 10.0.0.0/8, fd00::/8)',
  ),
  FORWARD_AUTH_ADMIN_GROUPS: env.optional(),
  FORWARD_AUTH_AUTO_CREATE: env.bool(false),
};

/**
 * The feature's settings, or null when it is off. A user header without trusted proxies is a
 * start-up error rather than "trust nobody": the operator meant to turn the feature on, and a
 * silent no-op would look like a broken proxy.
 */
function forwardAuthConfig(vars: Parsed<typeof forwardAuthVars>): ForwardAuthConfig | null {
  if (vars.FORWARD_AUTH_USER_HEADER === '') return null;
  const trustedProxies = TrustedProxies.parse(vars.FORWARD_AUTH_TRUSTED_PROXIES);
  if (!(trustedProxies instanceof TrustedProxies) || trustedProxies.entries.length === 0) {
    throw new ConfigError([
      'FORWARD_AUTH_TRUSTED_PROXIES is required when FORWARD_AUTH_USER_HEADER is set ' +
        "(expected the proxy's addresses or CIDRs, e.g. 172.18.0.5 or 10.0.0.0/8)",
    ]);
  }
  return {
    userHeader: vars.FORWARD_AUTH_USER_HEADER.toLowerCase(),
    groupsHeader: vars.FORWARD_AUTH_GROUPS_HEADER.toLowerCase() || null,
    trustedProxies,
    adminGroups: groupList(vars.FORWARD_AUTH_ADMIN_GROUPS),
    autoCreate: vars.FORWARD_AUTH_AUTO_CREATE,
  };
}

const schema = {
  ...runtimeVars(8000),
  /** /metrics is served on this port only, never on the public PORT. */
  ...metricsPortVar(9100),
  /** Seals the OIDC client secret at rest (docs/decisions/023). */
  ...encryptionKeysVars(),
  CATALOG_URL: env.url('http://127.0.0.1:8101', http),
  CLEANUP_URL: env.url('http://127.0.0.1:8102', http),
  SCHEDULER_URL: env.url('http://127.0.0.1:8103', http),
  WEBHOOKS_URL: env.url('http://127.0.0.1:8104', http),
  INTERNAL_TIMEOUT_MS: env.int(10000, { min: 100, max: 120000 }),
  /** How long the dashboard waits for each owner's figures before showing them as null. */
  DASHBOARD_PART_TIMEOUT_MS: env.int(1000, { min: 50, max: 30000 }),
  /** Requests per token per minute on /api/v1; 0 disables the limit. */
  RATE_LIMIT_PER_MINUTE: env.int(1200, { min: 0, max: 1_000_000 }),
  /** Login and setup attempts per client IP, and password changes per user and per IP, a minute. */
  LOGIN_ATTEMPTS_PER_MINUTE: env.int(5, { min: 1, max: 1000 }),
  /**
   * Node's own (libuv's thread pool, 4 threads by default; Node reads it too). scrypt runs on
   * that pool, as do DNS lookups, file reads and zlib, and each password hash holds a thread for
   * most of a second: hashing gets half of the threads, so the other half stay free for the
   * rest of the process however many logins arrive.
   */
  UV_THREADPOOL_SIZE: env.int(4, { min: 1, max: 1024 }),
  IDEMPOTENCY_RETENTION_HOURS: env.int(24, { min: 24, max: 24 * 365 }),
  /** How long a verified token stays cached; revocation events drop entries at once. */
  TOKEN_CACHE_TTL_MS: env.int(1000, { min: 0, max: 60000 }),
  /** How long an unknown token prefix is remembered: a repeated unknown token costs one query. */
  TOKEN_NEGATIVE_CACHE_MS: env.int(5000, { min: 0, max: 60000 }),
  /** Failed bearer authentications per client address per minute before it gets 429s. */
  AUTH_FAILURES_PER_MINUTE: env.int(30, { min: 1, max: 100_000 }),
  /**
   * Idempotent requests one token may have in flight per replica (each holds a connection of the
   * idempotency pool); 0 disables the cap. Independent of RATE_LIMIT_PER_MINUTE.
   */
  IDEMPOTENT_IN_FLIGHT_PER_TOKEN: env.int(4, { min: 0, max: 1000 }),
  COOKIE_SECURE: env.oneOf(['auto', 'true', 'false'], 'auto'),
  /**
   * Express "trust proxy": false, a hop count or the proxy's addresses/subnets. Never `true`:
   * that trusts every X-Forwarded-For hop, so any client could pick its own address and slip
   * past the per-address login limit.
   */
  TRUST_PROXY: env.pattern(
    'false',
    isTrustProxy,
    "false, a hop count or the proxy's addresses/CIDRs (e.g. 1 or loopback, 10.0.0.0/8), not true",
  ),
  /**
   * Origins whose browser pages may call /api/v1 (CORS, external-api.md 1.12): a comma-separated
   * list of scheme://host[:port], or * for any. Empty: same-origin only.
   */
  CORS_ALLOWED_ORIGINS: env.pattern(
    '',
    /^(\*|(https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?)(\s*,\s*https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?)*)?$/,
    'empty, * or a comma-separated list of origins like https://dash.example:8443',
  ),
  /** Reverse-proxy base path prefixed to the discovery links, e.g. /media-cleanup. */
  PUBLIC_BASE_PATH: env.pattern(
    '/',
    /^\/([A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*)?$/,
    'a path like /mcs',
  ),
  /**
   * Where the optional release check (update_check_enabled, off by default) reads the newest
   * release: a releases/latest JSON document with `tag_name` and `html_url`, GitHub's shape.
   */
  UPDATE_CHECK_URL: env.url(DEFAULT_UPDATE_CHECK_URL, http),
  /** The built web UI served at `/` (packages/web/dist of the checkout or image by default). */
  WEB_DIST_DIR: env.optional(),
  /** Forward-auth behind a trusted proxy (FORWARD_AUTH_*), off by default. */
  ...forwardAuthVars,
};

export type ServiceName = 'catalog' | 'cleanup' | 'scheduler' | 'webhooks';

export interface GatewayConfig {
  runtime: ReturnType<typeof runtimeConfig>;
  /** ENCRYPTION_KEYS: the current key first (seals), older ones after it (still open). */
  encryptionKeys: string[];
  services: Record<ServiceName, string>;
  internalTimeoutMs: number;
  /** The dashboard's and indicators' limit per owner's part (internal-api.md 5). */
  dashboardPartTimeoutMs: number;
  rateLimitPerMinute: number;
  loginAttemptsPerMinute: number;
  /** Password hashes computed at once in the process (half of UV_THREADPOOL_SIZE). */
  passwordHashSlots: number;
  idempotencyRetentionHours: number;
  tokenCacheTtlMs: number;
  tokenNegativeCacheMs: number;
  authFailuresPerMinute: number;
  idempotentInFlightPerToken: number;
  cookieSecure: 'auto' | 'true' | 'false';
  trustProxy: false | number | string;
  basePath: string;
  /** Exact origins (lower-case scheme and host, as browsers send them), or ['*']. */
  corsAllowedOrigins: string[];
  /** The release check's source (UPDATE_CHECK_URL); fetched only when the setting is on. */
  updateCheckUrl: string;
  /** Forward-auth (trusted header SSO); null when FORWARD_AUTH_USER_HEADER is unset. */
  forwardAuth: ForwardAuthConfig | null;
  /** The web UI's built files (index.html, assets/), served at `/` (WEB_DIST_DIR). */
  webDistDir: string;
}

function trustProxy(raw: string): false | number | string {
  if (raw === 'false') return false;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** Defaults for everything but the runtime, for tests and tools that build a config in code. */
export function gatewayDefaults(
  runtime: GatewayConfig['runtime'],
  services: GatewayConfig['services'],
  encryptionKeys: string[],
): GatewayConfig {
  return {
    runtime,
    encryptionKeys,
    services,
    internalTimeoutMs: 10000,
    dashboardPartTimeoutMs: 1000,
    rateLimitPerMinute: 1200,
    loginAttemptsPerMinute: 5,
    passwordHashSlots: 2,
    idempotencyRetentionHours: 24,
    tokenCacheTtlMs: 1000,
    tokenNegativeCacheMs: 5000,
    authFailuresPerMinute: 30,
    idempotentInFlightPerToken: 4,
    cookieSecure: 'auto',
    trustProxy: false,
    basePath: '',
    corsAllowedOrigins: [],
    updateCheckUrl: DEFAULT_UPDATE_CHECK_URL,
    forwardAuth: null,
    webDistDir: DEFAULT_WEB_DIST_DIR,
  };
}

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): GatewayConfig {
  return loadConfigOrExit(
    schema,
    (vars) => ({
      runtime: runtimeConfig(vars),
      encryptionKeys: vars.ENCRYPTION_KEYS,
      services: {
        catalog: vars.CATALOG_URL,
        cleanup: vars.CLEANUP_URL,
        scheduler: vars.SCHEDULER_URL,
        webhooks: vars.WEBHOOKS_URL,
      },
      internalTimeoutMs: vars.INTERNAL_TIMEOUT_MS,
      dashboardPartTimeoutMs: vars.DASHBOARD_PART_TIMEOUT_MS,
      rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
      loginAttemptsPerMinute: vars.LOGIN_ATTEMPTS_PER_MINUTE,
      passwordHashSlots: hashSlots(vars.UV_THREADPOOL_SIZE),
      idempotencyRetentionHours: vars.IDEMPOTENCY_RETENTION_HOURS,
      tokenCacheTtlMs: vars.TOKEN_CACHE_TTL_MS,
      tokenNegativeCacheMs: vars.TOKEN_NEGATIVE_CACHE_MS,
      authFailuresPerMinute: vars.AUTH_FAILURES_PER_MINUTE,
      idempotentInFlightPerToken: vars.IDEMPOTENT_IN_FLIGHT_PER_TOKEN,
      cookieSecure: vars.COOKIE_SECURE,
      trustProxy: trustProxy(vars.TRUST_PROXY),
      basePath: vars.PUBLIC_BASE_PATH === '/' ? '' : vars.PUBLIC_BASE_PATH,
      // As browsers send them: lower case, no default port (https://a.example:443 → https://a.example).
      corsAllowedOrigins: vars.CORS_ALLOWED_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
        .map((origin) => (origin === '*' ? origin : new URL(origin).origin)),
      updateCheckUrl: vars.UPDATE_CHECK_URL,
      forwardAuth: forwardAuthConfig(vars),
      // Relative to the working directory, as an operator typing it expects.
      webDistDir: resolve(vars.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    }),
    source,
  );
}

const hashSlots = (threads: number) => Math.max(1, Math.floor(threads / 2));

/** What the operator CLI needs: the database and the hashing slots, no keys or ports. */
export interface CliConfig {
  databaseUrl: string;
  passwordHashSlots: number;
}

export function loadCliConfig(source: Env = process.env): CliConfig {
  return loadConfigOrExit(
    { DATABASE_URL: schema.DATABASE_URL, UV_THREADPOOL_SIZE: schema.UV_THREADPOOL_SIZE },
    (vars) => ({
      databaseUrl: vars.DATABASE_URL,
      passwordHashSlots: hashSlots(vars.UV_THREADPOOL_SIZE),
    }),
    source,
  );
}
