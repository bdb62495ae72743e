import type { InternalApi, MessagePayload } from '@mcs/contracts';
import { sql, type Sql, whereAll } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
import type { Target } from '../domain/target';
import type { OperationSnapshot } from '../operations/file-operation.repository';

type Outcome = MessagePayload<'media.file_operation_completed'>;

export interface NewReceipt {
  operationId: number;
  outcome: Outcome;
  trigger: 'auto' | 'manual' | 'delete_request';
  action: 'deleted' | 'moved' | 'unmonitored' | 'unmonitored_only';
  approvedBy: { type: 'system' | 'user'; id: string | number | null };
  target: Target;
  /** The target as queued (with the candidate, if the operation was on one). */
  snapshot: OperationSnapshot | null;
  rules: { rule_id: number; rule_name: string | null; rule_revision: number | null }[];
  evidence: { rule_id: number; conditions: unknown }[];
  sourceFreshness: Record<string, string | null>;
}

/** The receipt of a finished operation (domain.md 6.8), written once. */
export async function insertReceipt(tx: Tx, receipt: NewReceipt, now: Date): Promise<void> {
  const { target: t, outcome: o } = receipt;
  const c = receipt.snapshot?.candidate ?? null;
  const label = receipt.snapshot;
  await tx.$executeRaw`
    INSERT INTO deletion_receipts (operation_id, outcome, failure_reason, trigger, action,
        approved_by, candidate_id, candidate_created_at, eligible_at, delay_days, media_type,
        scope, media_id, movie_version_id, season_id, episode_id, title, year, tmdb_id,
        season_number, episode_number, files, rules, evidence, source_freshness, route,
        bytes_freed, warnings, created_at)
    VALUES (${receipt.operationId}::bigint, ${o.outcome}, ${o.failure_reason}, ${receipt.trigger},
        ${receipt.action}, ${JSON.stringify(receipt.approvedBy)}::jsonb, ${c?.id ?? null}::bigint,
        ${c?.created_at ?? null}::timestamptz, ${c?.auto_delete_eligible_at ?? null}::timestamptz,
        ${c?.auto_delete_delay_days ?? null}::int, ${t.mediaType}, ${t.scope},
        ${t.mediaId}::bigint, ${t.movieVersionId}::bigint, ${t.seasonId}::bigint,
        ${t.episodeId}::bigint, ${label?.title ?? ''}, ${label?.year ?? null}::int,
        ${label?.tmdb_id ?? null}::bigint, ${t.seasonNumber}::int, ${t.episodeNumber}::int,
        ${JSON.stringify(o.files)}::jsonb, ${JSON.stringify(receipt.rules)}::jsonb,
        ${JSON.stringify(receipt.evidence)}::jsonb,
        ${JSON.stringify(receipt.sourceFreshness)}::jsonb, ${JSON.stringify(o.route)}::jsonb,
        ${o.bytes_freed}::bigint, ${JSON.stringify(o.warnings)}::jsonb, ${now})
    ON CONFLICT (operation_id) DO NOTHING`;
}

/** Rules by id with their name and revision as they are now (a deleted rule has neither). */
export async function receiptRules(tx: Tx, ids: readonly number[]) {
  const rows = await tx.$queryRaw<{ id: bigint; name: string; revision: number }[]>`
    SELECT id, name, revision FROM rules WHERE id = ANY(${ids.map(BigInt)}::bigint[])`;
  const found = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => ({
    rule_id: id,
    rule_name: found.get(id)?.name ?? null,
    rule_revision: found.get(id)?.revision ?? null,
  }));
}

export interface ReceiptFilters {
  outcome?: 'succeeded' | 'failed';
  trigger?: 'auto' | 'manual' | 'delete_request';
  mediaType?: 'movie' | 'series';
  from?: Date;
  to?: Date;
}

type Wire = InternalApi.components['schemas']['Receipt'];

/** A receipt as stored (domain.md 6.8); the JSON columns hold the wire shapes. */
export interface ReceiptRow {
  id: bigint;
  operation_id: bigint;
  outcome: Wire['outcome'];
  failure_reason: string | null;
  trigger: Wire['trigger'];
  action: Wire['action'];
  approved_by: Wire['approved_by'];
  candidate_id: bigint | null;
  candidate_created_at: Date | null;
  eligible_at: Date | null;
  delay_days: number | null;
  media_type: Wire['target']['media_type'];
  scope: Wire['target']['scope'];
  media_id: bigint;
  movie_version_id: bigint | null;
  season_id: bigint | null;
  episode_id: bigint | null;
  title: string;
  year: number | null;
  tmdb_id: bigint | null;
  season_number: number | null;
  episode_number: number | null;
  files: Wire['files'];
  rules: Wire['rules'];
  evidence: Wire['evidence'];
  source_freshness: Wire['source_freshness'];
  route: Wire['route'];
  bytes_freed: bigint | null;
  warnings: Wire['warnings'];
  created_at: Date;
}

function filtersSql(filters: ReceiptFilters): Sql {
  return whereAll([
    ...(filters.outcome ? [sql`r.outcome = ${filters.outcome}`] : []),
    ...(filters.trigger ? [sql`r.trigger = ${filters.trigger}`] : []),
    ...(filters.mediaType ? [sql`r.media_type = ${filters.mediaType}`] : []),
    ...(filters.from ? [sql`r.created_at >= ${filters.from}::timestamptz`] : []),
    ...(filters.to ? [sql`r.created_at < ${filters.to}::timestamptz`] : []),
  ]);
}

/** A page of receipts, newest first, with the filtered total. */
export async function listReceipts(
  db: DbClient,
  filters: ReceiptFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: ReceiptRow[]; total: number }> {
  const where = filtersSql(filters);
  const rows = await db.$queryRaw<ReceiptRow[]>`
    SELECT * FROM deletion_receipts r ${where}
     ORDER BY r.created_at DESC, r.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
  const [count] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM deletion_receipts r ${where}`;
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findReceipt(db: DbClient, id: number): Promise<ReceiptRow | null> {
  const [row] = await db.$queryRaw<ReceiptRow[]>`
    SELECT * FROM deletion_receipts WHERE id = ${id}::bigint`;
  return row ?? null;
}

/** The totals dashboards read (domain.md 6.9), over every receipt. */
export async function reclaimTotals(db: DbClient, now: Date) {
  const [row] = await db.$queryRaw<
    { bytes: bigint | null; items: bigint; recent: bigint | null; failed: bigint }[]
  >`SELECT sum(bytes_freed) FILTER (WHERE outcome = 'succeeded') AS bytes,
           count(*) FILTER (WHERE outcome = 'succeeded') AS items,
           sum(bytes_freed) FILTER (WHERE outcome = 'succeeded'
             AND created_at >= ${now}::timestamptz - interval '30 days') AS recent,
           count(*) FILTER (WHERE outcome = 'failed') AS failed
      FROM deletion_receipts`;
  return {
    reclaimed_bytes_total: Number(row?.bytes ?? 0),
    reclaimed_items_total: Number(row?.items ?? 0),
    reclaimed_bytes_last_30_days: Number(row?.recent ?? 0),
    failed_total: Number(row?.failed ?? 0),
  };
}
