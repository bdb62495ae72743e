import type { Tx } from '../db';
import type { Target } from '../domain/target';

export interface NewReceipt {
  operationId: number;
  candidateId: number;
  target: Target;
  title: string;
  kind: string;
  rules: { id: number; name: string | null }[];
  qualifiedBy: Record<string, unknown>;
  approver: { type: 'system' | 'user'; id: string | number | null };
  dataFreshness: unknown[];
  files: unknown[];
  bytesFreed: number | null;
}

/** The deletion receipt of a succeeded operation (issue 13); never holds a path. */
export async function insertReceipt(tx: Tx, receipt: NewReceipt, now: Date): Promise<void> {
  const t = receipt.target;
  await tx.$executeRaw`
    INSERT INTO deletion_receipts (operation_id, candidate_id, media_type, scope, media_id,
        movie_version_id, season_id, episode_id, title, kind, rules, qualified_by, approver,
        data_freshness, files, bytes_freed, created_at)
    VALUES (${receipt.operationId}::bigint, ${receipt.candidateId}::bigint, ${t.mediaType},
        ${t.scope}, ${t.mediaId}::bigint, ${t.movieVersionId}::bigint, ${t.seasonId}::bigint,
        ${t.episodeId}::bigint, ${receipt.title}, ${receipt.kind},
        ${JSON.stringify(receipt.rules)}::jsonb, ${JSON.stringify(receipt.qualifiedBy)}::jsonb,
        ${JSON.stringify(receipt.approver)}::jsonb, ${JSON.stringify(receipt.dataFreshness)}::jsonb,
        ${JSON.stringify(receipt.files)}::jsonb, ${receipt.bytesFreed}::bigint, ${now})
    ON CONFLICT (operation_id) DO NOTHING`;
}

/** Names of rules by id (a deleted rule has none). */
export async function ruleNames(
  tx: Tx,
  ids: number[],
): Promise<{ id: number; name: string | null }[]> {
  const rows = await tx.$queryRaw<{ id: bigint; name: string }[]>`
    SELECT id, name FROM rules WHERE id = ANY(${ids.map(BigInt)}::bigint[])`;
  const names = new Map(rows.map((row) => [Number(row.id), row.name]));
  return ids.map((id) => ({ id, name: names.get(id) ?? null }));
}
