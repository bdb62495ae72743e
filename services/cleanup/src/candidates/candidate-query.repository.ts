import {
  type BigIntColumn,
  containsText,
  empty,
  join,
  num,
  numOrNull,
  readPage,
  readRows,
  sql,
  type Sql,
  type SqlClient,
  whereAll,
} from '@mcs/kit';
import type { AutoDeleteState } from '../domain/auto-delete';
import type { MediaType, Target } from '../domain/target';
import { stateCondition } from './candidate-state.repository';
import type { DbClient } from '../db';
import {
  activeAt,
  columnsOf,
  overlaps,
  pendingRequest,
  targetOf,
  type TargetRow,
} from '../targets/target.repository';
import { policyOf, type PolicyRow } from './candidate-policy.repository';

/** A candidate as read for responses and events: its row, root media facts and blockers. */
export interface CandidateRecord extends Target {
  id: number;
  title: string | null;
  year: number | null;
  tmdbId: number | null;
  matchedRuleIds: number[];
  reason: string;
  deleteOperation: 'delete' | 'move';
  createdAt: Date;
  configured: boolean;
  delayDays: number;
  timerStartedAt: Date | null;
  postponedUntil: Date | null;
  cancelledAt: Date | null;
  lifecycleReason: string | null;
  lifecycleUpdatedAt: Date | null;
  /** An active protection of any source overlaps the target (blocker `protected`). */
  protected: boolean;
  /** A pending protection request overlaps it (blocker `pending_protection_request`). */
  pendingProtectionRequest: boolean;
  /** A pending delete request overlaps it (blocker `pending_delete_request`). */
  pendingDeleteRequest: boolean;
}

export interface CandidateFilters {
  mediaType?: MediaType;
  tmdbId?: number;
  ruleId?: number;
  seriesId?: number;
  /** The movie or series (with mediaType). */
  mediaId?: number;
  seasonNumber?: number;
  episodeNumber?: number;
  autoDeleteState?: AutoDeleteState;
}

interface Row extends TargetRow, PolicyRow {
  id: BigIntColumn;
  title: string | null;
  year: number | null;
  tmdb_id: BigIntColumn | null;
  matched_rule_ids: BigIntColumn[];
  reason: string;
  delete_operation: 'delete' | 'move';
  lifecycle_reason: string | null;
  lifecycle_updated_at: Date | null;
  protected: boolean;
  pending_protection_request: boolean;
  pending_delete_request: boolean;
}

/**
 * The response columns over `page`, a subquery of candidate rows (aliased c): blockers and
 * media facts are computed for the page only, never for every row the filters scan.
 */
function select(page: Sql, now: Date): Sql {
  return sql`
    SELECT c.id, c.media_type, c.scope, c.media_id, c.movie_version_id, c.series_id, c.season_id,
           c.season_number, c.episode_id, c.episode_number, m.title, m.year, m.tmdb_id,
           c.matched_rule_ids, c.reason, c.delete_operation, c.created_at,
           c.auto_delete_configured, c.auto_delete_delay_days, c.auto_delete_timer_started_at,
           c.auto_delete_postponed_until, c.auto_delete_cancelled_at, c.lifecycle_reason,
           c.lifecycle_updated_at,
           EXISTS (SELECT 1 FROM protections p
                    WHERE ${activeAt('p', now)} AND ${overlaps(columnsOf('p'), columnsOf('c'))}
           ) AS protected,
           ${pendingRequest('protection', 'c')} AS pending_protection_request,
           ${pendingRequest('delete', 'c')} AS pending_delete_request
      FROM (${page}) c
      LEFT JOIN media_items m ON m.media_type = c.media_type AND m.media_id = c.media_id`;
}

const ORDER = sql`ORDER BY c.created_at DESC, c.id DESC`;

function conditions(filters: CandidateFilters, now: Date): Sql[] {
  const where: Sql[] = [];
  const { mediaType, tmdbId, ruleId, seriesId, seasonNumber, episodeNumber } = filters;
  if (mediaType !== undefined) where.push(sql`c.media_type = ${mediaType}`);
  if (tmdbId !== undefined)
    where.push(sql`(c.media_type, c.media_id) IN
      (SELECT media_type, media_id FROM media_items WHERE tmdb_id = ${tmdbId}::bigint)`);
  // Exact membership: 6 matches [6, 8] but not [16].
  if (ruleId !== undefined) where.push(sql`c.matched_rule_ids @> ARRAY[${ruleId}::bigint]`);
  if (seriesId !== undefined) where.push(sql`c.series_id = ${seriesId}::bigint`);
  if (filters.mediaId !== undefined) where.push(sql`c.media_id = ${filters.mediaId}::bigint`);
  if (seasonNumber !== undefined) where.push(sql`c.season_number = ${seasonNumber}::int`);
  if (episodeNumber !== undefined) where.push(sql`c.episode_number = ${episodeNumber}::int`);
  if (filters.autoDeleteState) where.push(stateCondition(filters.autoDeleteState, now));
  return where;
}

/**
 * One page in the list order (created_at, then id, both descending) and the total, in one
 * statement (`readPage`): over `direct` on the list route. The total of the whole list or of one
 * media type is the maintained count (decision 029); other filters count the rows they match.
 */
export async function listCandidates(
  reader: SqlClient,
  filters: CandidateFilters,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ records: CandidateRecord[]; total: number }> {
  const where = whereAll(conditions(filters, now));
  const rows = sql`SELECT * FROM candidates c ${where} ${ORDER}
                    LIMIT ${page.limit} OFFSET ${page.offset}`;
  const { rows: found, total } = await readPage<Row>(reader, {
    total: totalOf(filters, where),
    page: sql`${select(rows, now)} ${ORDER}`,
    order: sql`p.created_at DESC, p.id DESC`,
  });
  return { records: found.map(toRecord), total };
}

/** The maintained count when only the media type filters, else a count of the matching rows. */
function totalOf(filters: CandidateFilters, where: Sql): Sql {
  const { mediaType, ...others } = filters;
  if (Object.values(others).some((value) => value !== undefined))
    return sql`(SELECT count(*)::int FROM candidates c ${where})`;
  const ofType = mediaType === undefined ? empty : sql`WHERE media_type = ${mediaType}`;
  return sql`(SELECT coalesce(sum(delta), 0)::int FROM candidate_counts ${ofType})`;
}

export async function findCandidates(
  db: DbClient,
  ids: number[],
  now: Date,
): Promise<CandidateRecord[]> {
  if (ids.length === 0) return [];
  const page = sql`SELECT * FROM candidates c WHERE c.id IN (${join(ids.map((id) => sql`${id}::bigint`))})`;
  const rows = await db.$queryRaw<Row[]>`${select(page, now)} ORDER BY c.id`;
  return rows.map(toRecord);
}

export async function findCandidate(
  db: DbClient,
  id: number,
  now: Date,
): Promise<CandidateRecord | undefined> {
  return (await findCandidates(db, [id], now))[0];
}

function toRecord(row: Row): CandidateRecord {
  return {
    id: num(row.id),
    ...targetOf(row),
    title: row.title,
    year: row.year,
    tmdbId: numOrNull(row.tmdb_id),
    matchedRuleIds: row.matched_rule_ids.map(num),
    reason: row.reason,
    deleteOperation: row.delete_operation,
    ...policyOf(row),
    lifecycleReason: row.lifecycle_reason,
    lifecycleUpdatedAt: row.lifecycle_updated_at,
    protected: row.protected,
    pendingProtectionRequest: row.pending_protection_request,
    pendingDeleteRequest: row.pending_delete_request,
  };
}

/** Candidates of one media type or root item, or all of them. */
export async function countCandidates(
  db: SqlClient,
  filter: { mediaType?: MediaType; mediaId?: number },
): Promise<number> {
  const mediaType = filter.mediaType ? sql`c.media_type = ${filter.mediaType}` : undefined;
  // One item's candidates are found by index; more are counted by the maintained deltas.
  const total =
    filter.mediaId === undefined
      ? totalOf({ mediaType: filter.mediaType }, empty)
      : sql`(SELECT count(*)::int FROM candidates c
               ${whereAll([...(mediaType ? [mediaType] : []), sql`c.media_id = ${filter.mediaId}::bigint`])})`;
  const statement = sql`SELECT ${total} AS n`;
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(statement.text, ...statement.values);
  return row?.n ?? 0;
}

export type GroupSort = 'created_at' | 'auto_delete_eligible_at' | 'title' | 'size';

export interface GroupFilters extends CandidateFilters {
  /** Case-insensitive part of the movie or series title. */
  search?: string;
  /** Only candidates with (true) or without (false) a blocker. */
  blocked?: boolean;
}

export interface CandidateGroup {
  mediaType: MediaType;
  mediaId: number;
  title: string | null;
  year: number | null;
  tmdbId: number | null;
  posterUrl: string | null;
  totalEstimatedBytes: number;
  candidates: CandidateRecord[];
}

/**
 * `GET /api/media/candidates` (internal-api.md 8): the filtered candidates grouped by movie or
 * series, a page of groups in the chosen order, each with its candidates (newest first). The
 * filters apply before grouping, so a group holds only the candidates that passed them.
 */
export async function listCandidateGroups(
  reader: SqlClient,
  filters: GroupFilters,
  order: { sortBy: GroupSort; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ groups: CandidateGroup[]; total: number }> {
  const where = whereAll(groupConditions(filters, now));
  const filtered = sql`SELECT c.* FROM candidates c ${where}`;
  const dir = order.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const keys = await readRows<{
    media_type: MediaType;
    media_id: BigIntColumn;
    bytes: BigIntColumn | null;
    total: BigIntColumn;
  }>(
    reader,
    sql`SELECT f.media_type, f.media_id, sum(f.estimated_space_bytes) AS bytes,
           count(*) OVER () AS total
      FROM (${filtered}) f
      LEFT JOIN media_items m ON m.media_type = f.media_type AND m.media_id = f.media_id
     GROUP BY f.media_type, f.media_id, m.title
     ORDER BY ${groupKey(order)} ${dir} NULLS LAST, f.media_id ${dir}, f.media_type
     LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  if (keys.length === 0)
    return { groups: [], total: page.offset > 0 ? await countGroups(reader, where) : 0 };
  const inPage = sql`(c.media_type, c.media_id) IN (${join(
    keys.map((key) => sql`(${key.media_type}, ${key.media_id}::bigint)`),
  )})`;
  const rows = await readRows<Row & { poster_url: string | null }>(
    reader,
    sql`SELECT r.*, m.facts->>'poster_url' AS poster_url FROM (${select(
      sql`SELECT c.* FROM candidates c ${whereAll([...groupConditions(filters, now), inPage])}`,
      now,
    )}) r
      LEFT JOIN media_items m ON m.media_type = r.media_type AND m.media_id = r.media_id
     ORDER BY r.created_at DESC, r.id DESC`,
  );
  // Each group's candidates, newest first as read, by one pass over the rows.
  const byGroup = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.media_type}:${num(row.media_id)}`;
    const mine = byGroup.get(key);
    if (mine) mine.push(row);
    else byGroup.set(key, [row]);
  }
  const groups = keys.map((key): CandidateGroup => {
    const mine = byGroup.get(`${key.media_type}:${num(key.media_id)}`) ?? [];
    const first = mine[0];
    return {
      mediaType: key.media_type,
      mediaId: num(key.media_id),
      title: first?.title ?? null,
      year: first?.year ?? null,
      tmdbId: first ? numOrNull(first.tmdb_id) : null,
      posterUrl: first?.poster_url ?? null,
      totalEstimatedBytes: num(key.bytes ?? 0),
      candidates: mine.map(toRecord),
    };
  });
  return { groups, total: num(keys[0]?.total ?? 0) };
}

function groupConditions(filters: GroupFilters, now: Date): Sql[] {
  const where = conditions(filters, now);
  if (filters.search !== undefined)
    where.push(sql`c.media_id IN (SELECT s.media_id FROM media_items s
      WHERE s.media_type = c.media_type AND ${containsText(sql`s.title`, filters.search)})`);
  if (filters.blocked !== undefined) {
    const blocked = sql`(EXISTS (SELECT 1 FROM protections p
        WHERE ${activeAt('p', now)} AND ${overlaps(columnsOf('p'), columnsOf('c'))})
      OR ${pendingRequest('protection', 'c')} OR ${pendingRequest('delete', 'c')})`;
    where.push(filters.blocked ? blocked : sql`NOT ${blocked}`);
  }
  return where;
}

/** A group's place: its newest (or oldest) candidate, earliest deadline, title or total size. */
function groupKey(order: { sortBy: GroupSort; direction: 'asc' | 'desc' }): Sql {
  const asc = order.direction === 'asc';
  switch (order.sortBy) {
    case 'created_at':
      return asc ? sql`min(f.created_at)` : sql`max(f.created_at)`;
    case 'auto_delete_eligible_at':
      return asc ? sql`min(f.auto_delete_eligible_at)` : sql`max(f.auto_delete_eligible_at)`;
    case 'title':
      return sql`lower(m.title)`;
    case 'size':
      return sql`sum(f.estimated_space_bytes)`;
  }
}

async function countGroups(reader: SqlClient, where: Sql): Promise<number> {
  const [row] = await readRows<{ n: BigIntColumn }>(
    reader,
    sql`SELECT count(DISTINCT (c.media_type, c.media_id)) AS n FROM candidates c ${where}`,
  );
  return num(row?.n ?? 0);
}
