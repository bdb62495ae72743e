import type { Db } from '../db';
import { Prisma } from '../generated/prisma/client';

/** Repositories take the Prisma client or an interactive transaction (STYLE 10). */
export type Tx = Prisma.TransactionClient;
export type DbClient = Db | Tx;

export type Sql = Prisma.Sql;
export const sql = Prisma.sql;
export const join = Prisma.join;
export const raw = Prisma.raw;
export const empty = Prisma.empty;

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
