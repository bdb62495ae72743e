/**
 * Raw SQL for the services' Prisma clients. The tag comes from @prisma/client-runtime-utils,
 * the package every generated client takes its own from (keep its version equal to
 * @prisma/client's): $queryRaw recognises the fragments built here as its own. The client and
 * transaction types stay with each service (src/db.ts), generated from its schema.
 */
import { empty, join, raw, sql, type Sql } from '@prisma/client-runtime-utils';

export { empty, join, raw, sql, type Sql };

/** IDs are BIGINT columns; every one of them stays below 2^53 (external-api.md 1.6). */
export function num(value: bigint | number): number {
  return Number(value);
}

export function numOrNull(value: bigint | number | null): number | null {
  return value === null ? null : Number(value);
}

/** `WHERE a AND b …`, or nothing when there are no conditions. */
export function whereAll(conditions: Sql[]): Sql {
  return conditions.length === 0 ? empty : sql`WHERE ${join(conditions, ' AND ')}`;
}

/** Interactive transactions of bulk work outlive Prisma's 5 s default. */
export const BULK_TX = { timeout: 120_000, maxWait: 30_000 } as const;
