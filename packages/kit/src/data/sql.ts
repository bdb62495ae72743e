/**
 * Raw SQL for the services' Prisma clients. The tag comes from @prisma/client-runtime-utils,
 * the package every generated client takes its own from (keep its version equal to
 * @prisma/client's): $queryRaw recognises the fragments built here as its own. The client and
 * transaction types stay with each service (src/db.ts), generated from its schema.
 */
import { empty, join, raw, sql, type Sql } from '@prisma/client-runtime-utils';
import type { SqlClient } from './database';

export { empty, join, raw, sql, type Sql };

/**
 * A BIGINT column as a row holds it: Prisma's raw queries read it as bigint, plain node-pg
 * (`createDirect`) as text. A statement that serves both declares its columns with this.
 */
export type BigIntColumn = bigint | string;

/** IDs are BIGINT columns; every one of them stays below 2^53 (external-api.md 1.6). */
export function num(value: BigIntColumn | number): number {
  return Number(value);
}

export function numOrNull(value: BigIntColumn | number | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * The rows of a statement built with `sql`, through either reader: a service's Prisma client
 * (or transaction) or plain pg (`createDirect`), whose rows cost a fraction of the CPU on a
 * large page (decision 029). Declare BIGINT columns as BigIntColumn.
 */
export function readRows<Row>(reader: SqlClient, statement: Sql): PromiseLike<Row[]> {
  return reader.$queryRawUnsafe<Row[]>(statement.text, ...statement.values);
}

/** `WHERE a AND b …`, or nothing when there are no conditions. */
export function whereAll(conditions: Sql[]): Sql {
  return conditions.length === 0 ? empty : sql`WHERE ${join(conditions, ' AND ')}`;
}

/** `column ILIKE '%search%'`, with the search's own `%`, `_` and `\` matched literally. */
export function containsText(column: Sql, search: string): Sql {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} ILIKE ${pattern} ESCAPE '\\'`;
}

/**
 * Every service's default for interactive transactions (its PrismaClient's
 * `transactionOptions`). Prisma's own defaults (2 s to get a connection, 5 s to finish) are
 * tight for a loaded two-core host: start-up transactions failed there and stopped a service
 * (CI's `pnpm start` test at load 6), and the scheduler bench lost fires at replica start. A
 * transaction that is merely slow should finish; these bound only the truly stuck.
 */
export const DEFAULT_TX = { maxWait: 10_000, timeout: 30_000 } as const;

/** Interactive transactions of bulk work outlive the default. */
export const BULK_TX = { timeout: 120_000, maxWait: 30_000 } as const;
