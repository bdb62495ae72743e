import { connect } from 'amqplib';
import { Redis } from 'ioredis';
import { ident } from '../data/database';
import { declaredQueues } from '../messaging/topology';
import type { RuntimeConfig } from '../runtime-config';
import { TEST_KEYS } from './keys';
import { TEST_DATABASE_PREFIX, uniqueName } from './names';
import { databaseUrl, templateName, withAdminClient } from './template';

export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * One test file's private world: its own database cloned from the migrated template, its own
 * broker namespace (exchange and queue name prefix) and its own Redis key prefix, so test files
 * run in parallel without seeing each other's data.
 */
export interface TestEnv {
  databaseName: string;
  databaseUrl: string;
  namespace: string;
  redisPrefix: string;
  /** Runtime configuration pointing a service at this world. */
  runtimeConfig(overrides?: Partial<RuntimeConfig>): RuntimeConfig;
  cleanup(): Promise<void>;
}

export async function createTestEnv(): Promise<TestEnv> {
  const id = uniqueName('');
  const databaseName = `${TEST_DATABASE_PREFIX}${id}`;
  await cloneTemplate(databaseName);
  const namespace = `t${id}`;
  const redisPrefix = `t${id}`;
  const url = databaseUrl(databaseName);
  return {
    databaseName,
    databaseUrl: url,
    namespace,
    redisPrefix,
    runtimeConfig: (overrides = {}) => ({
      port: 0,
      database: { url, poolMax: 5 },
      redis: { url: TEST_REDIS_URL, prefix: redisPrefix },
      broker: { url: TEST_AMQP_URL, namespace },
      log: { level: process.env.TEST_LOG_LEVEL ?? 'silent' },
      keys: TEST_KEYS,
      shutdownTimeoutMs: 10000,
      settingsWaitMs: 0,
      ...overrides,
    }),
    cleanup: async () => {
      await deleteBrokerObjects(namespace);
      await deleteRedisKeys(redisPrefix);
      await withAdminClient((admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${ident(databaseName)} WITH (FORCE)`),
      );
    },
  };
}

async function cloneTemplate(name: string): Promise<void> {
  const template = templateName();
  await withAdminClient(async (admin) => {
    // Concurrent clones of one template can briefly see each other as "using" it: retry.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(template)}`);
        return;
      } catch (error) {
        if (attempt >= 20 || (error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
}

async function deleteBrokerObjects(namespace: string): Promise<void> {
  const queues = [...declaredQueues].filter((queue) => queue.startsWith(`${namespace}.`));
  const connection = await connect(TEST_AMQP_URL);
  try {
    const channel = await connection.createChannel();
    for (const queue of queues) {
      await channel.deleteQueue(queue);
      await channel.deleteQueue(`${queue}.dlq`);
    }
    for (const exchange of ['events', 'commands', 'dlx'])
      await channel.deleteExchange(`${namespace}.${exchange}`);
    await channel.close();
  } finally {
    await connection.close();
  }
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
