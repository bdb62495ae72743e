import {
  encryptionKeysVars,
  env,
  loadConfigOrExit,
  runtimeConfig,
  runtimeVars,
  type Env,
} from '@mcs/kit';

const http = ['http', 'https'] as const;

const schema = {
  ...runtimeVars(8104),
  /** Keys for endpoint secrets and headers at rest, the current one first. */
  ...encryptionKeysVars(),
  /**
   * Webhook attempts in flight at once per replica (one per endpoint at most, §4.7). 0: this
   * replica sends nothing (it serves the API and stores the feed; other replicas deliver).
   */
  WEBHOOK_DELIVERY_CONCURRENCY: env.int(16, { min: 0, max: 200 }),
  /** Catalog, for the path values of file-operation events (events-webhooks.md §3.3). */
  CATALOG_URL: env.url('http://127.0.0.1:8101', http),
  /** The notification retry schedule's unit: 30 s, 2 min, 10 min, … (notification-retry.ts). */
  NOTIFICATION_RETRY_BASE_MS: env.int(30_000, { min: 1, max: 3_600_000 }),
  /** One notification attempt's deadline: connect, send, answer. */
  NOTIFICATION_TIMEOUT_SECONDS: env.int(10, { min: 1, max: 120 }),
};

export interface WebhooksConfig {
  runtime: ReturnType<typeof runtimeConfig>;
  encryptionKeys: string[];
  /** Unset (tests): 16; 0: no delivery worker or sweeper on this replica. */
  deliveryConcurrency?: number;
  /** Where catalog answers the path values of a file operation; unset: no path values. */
  catalogUrl?: string;
  /** Notification timing; unset (tests): 10 s per attempt, retries from 30 s. */
  notifications?: { timeoutMs: number; retryBaseMs: number };
}

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): WebhooksConfig {
  return loadConfigOrExit(
    schema,
    (vars) => ({
      runtime: runtimeConfig(vars),
      encryptionKeys: vars.ENCRYPTION_KEYS,
      deliveryConcurrency: vars.WEBHOOK_DELIVERY_CONCURRENCY,
      catalogUrl: vars.CATALOG_URL,
      notifications: {
        timeoutMs: vars.NOTIFICATION_TIMEOUT_SECONDS * 1000,
        retryBaseMs: vars.NOTIFICATION_RETRY_BASE_MS,
      },
    }),
    source,
  );
}
