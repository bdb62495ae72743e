import type { Pool, PoolClient } from 'pg';
import type { MessageName } from '@mcs/contracts';
import type { Logger } from '../logger';
import type { Envelope } from './envelope';
import type { Publisher } from './publisher';
import { ident } from '../data/database';
import { holdClient } from '../data/held-client';
import { outboxChannel } from './outbox';

interface OutboxRow {
  id: string;
  message_id: string;
  routing_key: string;
  payload: unknown;
  correlation_id: string;
  occurred_at: Date;
  schema_version: number;
}

export interface RelayOptions {
  pool: Pool;
  schema: string;
  publisher: Publisher;
  log: Logger;
  batchSize?: number;
  /** How often an idle relay looks for rows written by other replicas. */
  pollIntervalMs?: number;
  /** Published rows are kept this long (for inspection), then deleted. */
  retainPublishedMs?: number;
  /** Test-only fault injection: runs after publishing, before the rows are marked. */
  afterPublish?: (count: number) => Promise<void>;
}

/**
 * Publishes outbox rows. Each batch is locked with FOR UPDATE SKIP LOCKED for the duration of
 * publish + mark, so concurrent relays (several replicas) never publish the same row, and a
 * relay that dies between publishing and marking leaves the rows to be published again: the
 * delivery is at least once, and consumers drop the duplicate by message_id (inbox).
 */
export class OutboxRelay {
  private readonly table: string;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private kicked = false;
  private lastPrune = 0;
  private listener: PoolClient | undefined;
  private relisten: NodeJS.Timeout | undefined;
  private listening: Promise<void> = Promise.resolve();

  constructor(private readonly options: RelayOptions) {
    this.table = `${ident(options.schema)}.outbox`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.listening = this.listen();
  }

  /**
   * Resolves once the first attempt to LISTEN has finished (listening, or polling after a
   * failure): a commit after it wakes the relay at once. Before it, a commit's NOTIFY may go
   * unheard and the row waits for the next poll.
   */
  ready(): Promise<void> {
    return this.listening;
  }

  /** Asks the relay to look for new rows now (called after a local commit). */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /** Finishes the batch in progress, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.relisten);
    this.listener?.release(true);
    this.listener = undefined;
    this.wake?.();
    await this.loop;
  }

  /**
   * Wakes the relay when any replica commits outbox rows (the outbox NOTIFYs in the writing
   * transaction). The poll stays as a fallback while the listening connection is down.
   */
  private async listen(): Promise<void> {
    const { pool, log, schema } = this.options;
    try {
      const client = await pool.connect();
      if (!this.running) {
        client.release();
        return;
      }
      this.listener = client;
      client.on('notification', () => this.kick());
      client.on('error', (error) => {
        log.warn({ err: error }, 'outbox listener lost its connection; listening again shortly');
        if (this.listener === client) this.listener = undefined;
        client.release(true);
        this.relisten = setTimeout(() => void this.listen(), 1000);
      });
      await client.query(`LISTEN ${outboxChannel(schema)}`);
    } catch (error) {
      if (!this.running) return;
      log.warn({ err: error }, 'could not listen for outbox notifications; polling meanwhile');
      this.relisten = setTimeout(() => void this.listen(), 1000);
    }
  }

  /**
   * Publishes one batch; returns how many rows it published. The transaction holds its client
   * across the broker's confirms: held by holdClient, a connection lost meanwhile (PostgreSQL
   * restarting) fails this batch instead of crashing the process.
   */
  async relayOnce(): Promise<number> {
    const { pool, publisher, batchSize = 200 } = this.options;
    const { client, release } = await holdClient(pool);
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, message_id, routing_key, payload, correlation_id, occurred_at, schema_version
           FROM ${this.table}
          WHERE published_at IS NULL
          ORDER BY id
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      if (rows.length > 0) {
        await publisher.publishEnvelopes(rows.map(toEnvelope));
        await this.options.afterPublish?.(rows.length);
        await client.query(
          `UPDATE ${this.table} SET published_at = now() WHERE id = ANY($1::bigint[])`,
          [rows.map((row) => row.id)],
        );
      }
      await client.query('COMMIT');
      return rows.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      release();
    }
  }

  private async run(): Promise<void> {
    const { log, pollIntervalMs = 500 } = this.options;
    let failures = 0;
    while (this.running) {
      this.kicked = false;
      let published = 0;
      try {
        published = await this.relayOnce();
        await this.prune();
        failures = 0;
      } catch (error) {
        failures += 1;
        log.warn({ err: error, failures }, 'outbox relay failed; will retry');
      }
      if (published > 0 && failures === 0) continue;
      const delay = failures > 0 ? Math.min(100 * 2 ** failures, 5000) : pollIntervalMs;
      // stop() during a batch wakes nothing (no idle is pending yet): do not start one then.
      if (!this.kicked && this.running) await this.idle(delay);
    }
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private async prune(): Promise<void> {
    const retain = this.options.retainPublishedMs ?? 3_600_000;
    if (Date.now() - this.lastPrune < 60_000) return;
    this.lastPrune = Date.now();
    await this.options.pool.query(
      `DELETE FROM ${this.table} WHERE published_at < now() - make_interval(secs => $1)`,
      [retain / 1000],
    );
  }
}

function toEnvelope(row: OutboxRow): Envelope {
  return {
    name: row.routing_key as MessageName,
    payload: row.payload,
    messageId: row.message_id,
    correlationId: row.correlation_id,
    occurredAt: row.occurred_at,
    schemaVersion: row.schema_version,
  };
}
