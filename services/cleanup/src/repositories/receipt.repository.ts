import type { MessagePayload } from '@mcs/contracts';
import type { Tx } from '../db';
import type { Target } from '../domain/target';
import type { CandidateWire } from '../views/candidate.view';

type Outcome = MessagePayload<'media.file_operation_completed'>;

export interface NewReceipt {
  operationId: number;
  outcome: Outcome;
  trigger: 'auto' | 'manual' | 'delete_request';
  action: 'deleted' | 'moved' | 'unmonitored' | 'unmonitored_only';
  approvedBy: { type: 'system' | 'user'; id: string | number | null };
  target: Target;
  /** The candidate as queued, if the operation was on one. */
  candidate: CandidateWire | null;
  rules: { rule_id: number; rule_name: string | null; rule_revision: number | null }[];
  evidence: { rule_id: number; conditions: unknown }[];
  sourceFreshness: Record<string, string | null>;
}

/** The receipt of a finished operation (domain.md 6.8), written once. */
export async function insertReceipt(tx: Tx, receipt: NewReceipt, now: Date): Promise<void> {
  const { target: t, candidate: c, outcome: o } = receipt;
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
        ${t.episodeId}::bigint, ${c?.title ?? ''}, ${c?.year ?? null}::int,
        ${c?.tmdb_id ?? null}::bigint, ${t.seasonNumber}::int, ${t.episodeNumber}::int,
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
