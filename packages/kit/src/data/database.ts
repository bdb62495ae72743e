import { Pool } from 'pg';

/**
 * What the kit needs from a service's database client. Prisma's client and its transaction
 * client both satisfy it, so kit code (outbox, inbox, health) runs inside the service's own
 * Prisma transactions without the kit importing any service's generated client.
 */
export interface SqlClient {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
}

export interface TransactionOptions {
  maxWait?: number;
  timeout?: number;
  /** READ COMMITTED when unset. */
  isolationLevel?: 'RepeatableRead';
}

export interface Database<Tx extends SqlClient = SqlClient> extends SqlClient {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: TransactionOptions): Promise<R>;
}

/** Quotes an SQL identifier (schema names come from configuration, never from users). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Planner settings of every connection. Our statements are short and index-driven, but
 * PostgreSQL estimates set-based ones over whole tables: JIT then compiles them (300 ms each
 * for milliseconds of work in catalog's sync), and the default random_page_cost of 4, which
 * models spinning disks, made it scan 400k episode rows rather than look up 3 000 of them
 * (0.9 s instead of 20 ms for one statement of an incremental sync; bench/catalog-sync).
 */
const PLANNER = '-c jit=off -c random_page_cost=1.1';

/**
 * One pg pool per process, shared by Prisma (through @prisma/adapter-pg) and the kit's own
 * queries. search_path is set to the service's schema so raw SQL resolves like Prisma does.
 */
export function createPool(options: { url: string; schema: string; max: number }): Pool {
  return new Pool({
    connectionString: options.url,
    max: options.max,
    options: `-c search_path=${ident(options.schema)} ${PLANNER}`,
    connectionTimeoutMillis: 5000,
  });
}
