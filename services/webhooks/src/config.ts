import { env, loadConfigOrExit, runtimeConfig, runtimeVars, type Env } from '@mcs/kit';

const schema = {
  ...runtimeVars(8104),
  /** Key for endpoint secrets and headers at rest; generated and kept in the database when unset. */
  ENCRYPTION_KEY: env.secret(32),
  /**
   * Webhook attempts in flight at once per replica (one per endpoint at most, §4.7). 0: this
   * replica sends nothing (it serves the API and stores the feed; other replicas deliver).
   */
  WEBHOOK_DELIVERY_CONCURRENCY: env.int(16, { min: 0, max: 200 }),
};

export interface WebhooksConfig {
  runtime: ReturnType<typeof runtimeConfig>;
  encryptionKey?: string | undefined;
  /** Unset (tests): 16; 0: no delivery worker or sweeper on this replica. */
  deliveryConcurrency?: number;
}

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): WebhooksConfig {
  return loadConfigOrExit(
    schema,
    (vars) => ({
      runtime: runtimeConfig(vars),
      encryptionKey: vars.ENCRYPTION_KEY,
      deliveryConcurrency: vars.WEBHOOK_DELIVERY_CONCURRENCY,
    }),
    source,
  );
}
