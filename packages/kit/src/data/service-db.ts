import { PrismaPg } from '@prisma/adapter-pg';
import { setFlagsFromString } from 'node:v8';
import type { Pool } from 'pg';
import { pgDatabase, type PgDatabase } from './pg-database';
import { DEFAULT_TX } from './sql';

/** What the kit passes to a service's generated PrismaClient. */
export interface ServicePrismaOptions {
  adapter: PrismaPg;
  transactionOptions: typeof DEFAULT_TX;
}

/**
 * A service's two ways to its database (decision 018), from its generated PrismaClient class
 * (the kit imports no service's generated code):
 * - `createDb`: Prisma over the runtime's shared pool, bound to the service's schema, for
 *   writes and every read inside or beside a transaction;
 * - `createDirect`: plain pg over the same pool (search_path is the schema already), for bulk
 *   reads and hot paths where Prisma's per-statement CPU shows.
 * A service's src/db.ts calls this once and names its `Db` and `Tx` types.
 */
export function createServiceDb<Schema extends string, D>(
  schema: Schema,
  PrismaClient: new (options: ServicePrismaOptions) => D,
) {
  compileWasmOnce();
  return {
    SCHEMA: schema,
    createDb: (pool: Pool): D =>
      new PrismaClient({
        adapter: new PrismaPg(pool, { schema }),
        transactionOptions: DEFAULT_TX,
      }),
    createDirect: (pool: Pool): PgDatabase => pgDatabase(pool),
  };
}

/**
 * Prisma's query compiler is a WebAssembly module. V8 compiles it with its baseline compiler
 * (Liftoff) and then, for the functions it runs often, again with its optimizing one: tens of
 * megabytes more resident memory in every process, for no CPU difference we could measure on
 * our queries (bench/api/RESULTS.md). Set before any client exists (no Prisma client is made
 * without this function; the flag applies to modules compiled after it). NODE_OPTIONS does not
 * accept V8's WebAssembly flags.
 */
function compileWasmOnce(): void {
  setFlagsFromString('--liftoff-only');
}
