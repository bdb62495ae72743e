import { empty, num, readPage, sql, type Sql, type SqlClient, whereAll } from '@mcs/kit';
import type { Actor, ProtectionSource } from '../domain/actor';
import type { ProtectionTerms } from '../domain/protection-terms';
import type { MediaType, Scope, Target } from '../domain/target';
import {
  PROTECTION_SELECT,
  type ProtectionRecord,
  type ProtectionRow,
  toProtectionRecord,
} from './protection-record.repository';
import type { DbClient, Tx } from '../db';
import { activeAt, columnsOf, covers, targetColumns, valuesOf } from '../targets/target.repository';

export type { ProtectionRecord, VersionFacts } from './protection-record.repository';

export interface ProtectionFilters {
  mediaType?: MediaType;
  mediaId?: number;
  tmdbId?: number;
  source?: ProtectionSource;
  scope?: Scope;
  /** Case-insensitive substring of the root title. */
  search?: string;
  activeOnly: boolean;
}

export async function findProtection(db: DbClient, id: number, lock = false) {
  const rows = await db.$queryRaw<ProtectionRow[]>`${PROTECTION_SELECT} WHERE p.id = ${id}::bigint
    ${lock ? sql`FOR UPDATE OF p` : empty}`;
  return rows[0] && toProtectionRecord(rows[0]);
}

/** Several protections by id, in id order (locked when asked). */
export async function findProtections(db: DbClient, ids: number[], lock = false) {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<ProtectionRow[]>`${PROTECTION_SELECT}
    WHERE p.id = ANY(${ids.map(BigInt)}::bigint[]) ORDER BY p.id ${lock ? sql`FOR UPDATE OF p` : empty}`;
  return rows.map(toProtectionRecord);
}

/**
 * Rule protections (domain.md 4.3: permanent, created by the system) in one statement: a scan
 * creates thousands. Returns the new ids in input order.
 */
export async function insertRuleProtections(
  tx: Tx,
  rows: { target: Target; ruleId: number; ruleName: string; reason: string }[],
  now: Date,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const input = rows.map(({ target: t, ruleId, ruleName, reason }, ordinal) => ({
    ordinal,
    ...targetColumns(t),
    source_rule_id: ruleId,
    source_rule_name: ruleName,
    reason,
  }));
  const inserted = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO protections (media_type, scope, media_id, movie_version_id, series_id, season_id,
        season_number, episode_id, episode_number, source, source_rule_id, source_rule_name,
        reason, permanent, expires_at, created_by_type, created_by_id, created_by_name,
        created_at, updated_at)
    SELECT media_type, scope, media_id, movie_version_id, series_id, season_id, season_number,
        episode_id, episode_number, 'rule', source_rule_id, source_rule_name, reason, true, NULL,
        'system', NULL, NULL, ${now}, ${now}
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(ordinal int, media_type text,
        scope text, media_id bigint, movie_version_id bigint, series_id bigint, season_id bigint,
        season_number int, episode_id bigint, episode_number int, source_rule_id bigint,
        source_rule_name text, reason text)
     ORDER BY ordinal
    RETURNING id`;
  // Ids come from one sequence in insertion (ordinal) order.
  return inserted.map((row) => num(row.id)).sort((a, b) => a - b);
}

/** Lists protections of live (not soft-removed) media, newest first, with the total. */
/**
 * A renamed rule's protections show its new name (the name is kept on each protection so
 * that it survives the rule being deleted with them gone, and for listing without a join).
 */
export async function renameRuleProtections(tx: Tx, ruleId: number, name: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE protections SET source_rule_name = ${name}
     WHERE source = 'rule' AND source_rule_id = ${ruleId}
       AND source_rule_name IS DISTINCT FROM ${name}`;
}

export async function listProtections(
  reader: SqlClient,
  filters: ProtectionFilters,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ records: ProtectionRecord[]; total: number }> {
  const where = whereAll(conditions(filters, now));
  const { rows, total } = await readPage<ProtectionRow>(reader, {
    total: sql`SELECT count(*) FROM protections p
                 JOIN media_items m ON m.media_type = p.media_type AND m.media_id = p.media_id
               ${where}`,
    page: sql`${PROTECTION_SELECT} ${where}
              ORDER BY p.created_at DESC, p.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    order: sql`p.created_at DESC, p.id DESC`,
  });
  return { records: rows.map(toProtectionRecord), total };
}

/** The list's total for `active_only` and no other filter (the dashboard's figure). */
export async function countActiveProtections(db: DbClient, now: Date): Promise<number> {
  const where = whereAll(conditions({ activeOnly: true }, now));
  const [row] = await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total
    FROM protections p
    JOIN media_items m ON m.media_type = p.media_type AND m.media_id = p.media_id ${where}`;
  return row?.total ?? 0;
}

function conditions(filters: ProtectionFilters, now: Date): Sql[] {
  const where = [sql`m.removed_at IS NULL`];
  const { mediaType, mediaId, tmdbId, source, scope, search } = filters;
  if (mediaType !== undefined) where.push(sql`p.media_type = ${mediaType}`);
  if (mediaId !== undefined) where.push(sql`p.media_id = ${mediaId}::bigint`);
  if (tmdbId !== undefined) where.push(sql`m.tmdb_id = ${tmdbId}::bigint`);
  if (source !== undefined) where.push(sql`p.source = ${source}`);
  if (scope !== undefined) where.push(sql`p.scope = ${scope}`);
  if (search !== undefined) where.push(sql`strpos(lower(m.title), lower(${search})) > 0`);
  if (filters.activeOnly) where.push(activeAt('p', now));
  return where;
}

/** Active protections of the given sources that cover `target` (same target or broader). */
export async function findCovering(
  tx: Tx,
  target: Target,
  now: Date,
  sources: ProtectionSource[],
): Promise<ProtectionRecord[]> {
  const rows = await tx.$queryRaw<ProtectionRow[]>`${PROTECTION_SELECT}
    WHERE ${activeAt('p', now)} AND p.source = ANY(${sources}::text[])
      AND ${covers(columnsOf('p'), valuesOf(target))}
    ORDER BY p.id`;
  return rows.map(toProtectionRecord);
}

/** Every protection scoped to one movie version (version binding, domain.md 7.5). */
export async function findVersionProtections(tx: Tx, versionId: number) {
  const rows = await tx.$queryRaw<ProtectionRow[]>`${PROTECTION_SELECT}
    WHERE p.scope = 'version' AND p.movie_version_id = ${versionId}::bigint
    ORDER BY p.id FOR UPDATE OF p`;
  return rows.map(toProtectionRecord);
}

export interface NewProtection {
  target: Target;
  source: ProtectionSource;
  reason: string | null;
  expiresAt: Date | null;
  createdBy: Actor;
  /** The creator's display name at creation, never updated later (null for system). */
  createdByName: string | null;
  /** The rule of a `source: rule` protection (domain.md 4.3). */
  sourceRuleId?: number;
  /** The protection request whose approval created it (domain.md 8.1). */
  requestId?: number;
}

export async function insertProtection(tx: Tx, data: NewProtection, now: Date): Promise<number> {
  const t = data.target;
  const created = await tx.protection.create({
    data: {
      mediaType: t.mediaType,
      scope: t.scope,
      mediaId: BigInt(t.mediaId),
      movieVersionId: big(t.movieVersionId),
      seriesId: big(t.seriesId),
      seasonId: big(t.seasonId),
      seasonNumber: t.seasonNumber,
      episodeId: big(t.episodeId),
      episodeNumber: t.episodeNumber,
      source: data.source,
      sourceRuleId: data.sourceRuleId === undefined ? null : BigInt(data.sourceRuleId),
      requestId: data.requestId === undefined ? null : BigInt(data.requestId),
      reason: data.reason,
      permanent: data.expiresAt === null,
      expiresAt: data.expiresAt,
      createdByType: data.createdBy.type,
      createdById: big(data.createdBy.id),
      createdByName: data.createdByName,
      createdAt: now,
      updatedAt: now,
    },
    select: { id: true },
  });
  return num(created.id);
}

export async function updateProtectionTerms(
  tx: Tx,
  id: number,
  changes: Partial<ProtectionTerms>,
  now: Date,
): Promise<void> {
  await tx.protection.update({ where: { id: BigInt(id) }, data: { ...changes, updatedAt: now } });
}

export async function deleteProtection(tx: Tx, id: number): Promise<void> {
  await tx.protection.delete({ where: { id: BigInt(id) } });
}

export async function deleteProtections(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.$executeRaw`DELETE FROM protections WHERE id = ANY(${ids.map(BigInt)}::bigint[])`;
}

const big = (value: number | null) => (value === null ? null : BigInt(value));
