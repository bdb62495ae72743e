import { BULK_TX, num, raw } from '@mcs/kit';
/**
 * Step 6 of the sync (domain.md 2.10-2.11): what left the library. A full sync removes what it
 * did not see in libraries whose enumeration completed, through the mass-removal guard; an
 * incremental one only the files that the items it fetched no longer hold.
 */
import type { Db, DbClient } from '../db';
import {
  byKind,
  decideRemovals,
  REMOVAL_KINDS,
  type ByKind,
  type RemovalKind,
} from '../domain/removal-guard';
import type { MediaEvents } from '../messaging/media-events';
import { type AlertInput, raiseAlert, resolveAlert } from '../alerts/alert.repository';
import { heldRemovals } from '../removals/pending-removal.repository';
import {
  announceReplacements,
  removeEpisodeFiles,
  removeItems,
  removeVersions,
  type FileRemoval,
} from './removal-apply';
import type { SyncRun } from './run';

export interface RemovalDeps {
  db: Db;
  events: MediaEvents;
  ratio: number;
}

const CHUNK = 1000;

export async function liveCounts(db: DbClient): Promise<ByKind<number>> {
  const rows = await db.$queryRaw<{ kind: RemovalKind; n: bigint }[]>`
    SELECT 'movie' AS kind, count(*) AS n FROM movies WHERE removed_at IS NULL
    UNION ALL SELECT 'series', count(*) FROM series WHERE removed_at IS NULL
    UNION ALL SELECT 'version', count(*) FROM movie_versions WHERE removed_at IS NULL
    UNION ALL SELECT 'episode_file', count(*) FROM episode_files WHERE removed_at IS NULL`;
  return byKind((kind) => num(rows.find((row) => row.kind === kind)?.n ?? 0));
}

export async function concludeRemovals(deps: RemovalDeps, run: SyncRun, before: ByKind<number>) {
  if (!run.full) {
    await apply(deps, run, {
      movie: [],
      series: [],
      version: leftoversOf(run, 'version'),
      episode_file: leftoversOf(run, 'episode_file'),
    });
    await deps.db.$transaction((tx) => announceReplacements(tx, deps.events, run));
    return;
  }
  const current = await unseen(deps.db, run);
  const pending = await loadPending(deps.db, run);
  const decision = decideRemovals({
    live: before,
    current,
    pending: pending.size > 0 ? byKind((kind) => idsOf(pending, kind)) : null,
    ratio: deps.ratio,
    complete: run.incompleteLibraries.size === 0,
  });
  const withCause = (kind: 'version' | 'episode_file') =>
    decision.remove[kind].map((id) => causeOf(run, pending, kind, id));
  await apply(deps, run, {
    ...decision.remove,
    version: withCause('version'),
    episode_file: withCause('episode_file'),
  });
  await holdPending(deps.db, run, pending, decision.hold);
  run.guarded = decision.guarded;
  if (decision.guarded) await raiseGuardAlert(deps, run, decision.hold, before);
  else {
    // An incomplete sync keeps the held set, and with it the alert.
    if (REMOVAL_KINDS.every((kind) => decision.hold[kind].length === 0))
      await deps.db.$transaction((tx) =>
        resolveAlert(tx, deps.events, { kind: 'sync_mass_removal_blocked' }, run.now),
      );
    await removeUnseenEpisodesAndSeasons(deps.db, run);
  }
  await deps.db.$transaction((tx) => announceReplacements(tx, deps.events, run));
}

type Removals = {
  movie: number[];
  series: number[];
  version: FileRemoval[];
  episode_file: FileRemoval[];
};

async function apply(deps: RemovalDeps, run: SyncRun, removals: Removals) {
  const { db, events } = deps;
  const announce = (versionId: number) => {
    const movieId = run.replacements.get(versionId);
    if (movieId === undefined) return null;
    run.replacements.delete(versionId);
    return { movie_id: movieId, version_id: versionId };
  };
  for (const kind of ['movie', 'series'] as const)
    for (const ids of chunks(removals[kind]))
      run.counts.removed += await db.$transaction(
        (tx) => removeItems(tx, events, kind, ids, run.now),
        BULK_TX,
      );
  for (const list of chunks(removals.version))
    run.counts.removed += await db.$transaction(
      (tx) => removeVersions(tx, events, list, run.now, announce),
      BULK_TX,
    );
  for (const list of chunks(removals.episode_file))
    run.counts.removed += await db.$transaction(
      (tx) => removeEpisodeFiles(tx, events, list, run.now),
      BULK_TX,
    );
  run.counts.replaced += [...removals.version, ...removals.episode_file].filter(
    (r) => r.cause === 'replaced',
  ).length;
}

function leftoversOf(run: SyncRun, kind: 'version' | 'episode_file'): FileRemoval[] {
  return [...run.leftovers[kind]]
    .filter(([id]) => !run.seen[kind].has(id))
    .map(([id, left]) => ({ id, ...left }));
}

const TABLES = {
  movie: 'movies t',
  series: 'series t',
  version: 'movie_versions t JOIN movies p ON p.id = t.movie_id',
  episode_file: 'episode_files t JOIN series p ON p.id = t.series_id',
  episode: 'episodes t JOIN series p ON p.id = t.series_id',
  season: `seasons t JOIN series p ON p.id = t.series_id
           AND NOT EXISTS (SELECT 1 FROM episodes e JOIN episode_files f ON f.id = e.episode_file_id
                            WHERE e.season_id = t.id AND f.removed_at IS NULL)`,
} as const;

/** Live rows the run did not see, outside libraries whose enumeration was incomplete. */
async function unseenOf(db: DbClient, run: SyncRun, kind: keyof typeof TABLES) {
  const owner = kind === 'movie' || kind === 'series' ? 't' : 'p';
  const incomplete = [...run.incompleteLibraries];
  const seen = run.seen[kind];
  const ids: number[] = [];
  // Keyset pages: a library of a million files is never held as rows at once.
  for (let after = 0; ;) {
    const rows = await db.$queryRaw<{ id: bigint }[]>`
      SELECT t.id FROM ${raw(TABLES[kind])}
       WHERE t.removed_at IS NULL AND t.id > ${after}
         AND NOT (${raw(owner)}.library_ids && ${incomplete}::bigint[])
       ORDER BY t.id LIMIT 10000`;
    if (rows.length === 0) return ids;
    for (const row of rows) if (!seen.has(num(row.id))) ids.push(num(row.id));
    after = num((rows[rows.length - 1] as { id: bigint }).id);
  }
}

async function unseen(db: DbClient, run: SyncRun): Promise<ByKind<number[]>> {
  const result = byKind<number[]>(() => []);
  for (const kind of REMOVAL_KINDS) result[kind] = await unseenOf(db, run, kind);
  return result;
}

type Pending = Map<
  string,
  { kind: RemovalKind; id: number; cause: string; replacedBy: number | null }
>;

/** The held set without what this run saw: those items came back (domain.md 2.11). */
async function loadPending(db: DbClient, run: SyncRun): Promise<Pending> {
  const held = await heldRemovals(db);
  return new Map(
    held
      .filter((entry) => !run.seen[entry.kind].has(entry.id))
      .map((entry) => [`${entry.kind}:${entry.id}`, entry]),
  );
}

function idsOf(pending: Pending, kind: RemovalKind): number[] {
  return [...pending.values()].filter((p) => p.kind === kind).map((p) => p.id);
}

function causeOf(
  run: SyncRun,
  pending: Pending,
  kind: 'version' | 'episode_file',
  id: number,
): FileRemoval {
  const left = run.leftovers[kind].get(id);
  if (left) return { id, ...left };
  const held = pending.get(`${kind}:${id}`);
  return {
    id,
    cause: (held?.cause as FileRemoval['cause']) ?? 'left_library',
    replacedBy: held?.replacedBy ?? null,
  };
}

/** The held set replaces the previous one: what came back or was removed is no longer in it. */
async function holdPending(db: Db, run: SyncRun, pending: Pending, hold: ByKind<number[]>) {
  const rows = REMOVAL_KINDS.flatMap((kind) =>
    hold[kind].map((id) => {
      const file =
        kind === 'version' || kind === 'episode_file' ? causeOf(run, pending, kind, id) : null;
      return {
        kind,
        entity_id: id,
        cause: file?.cause ?? 'left_library',
        replaced_by: file?.replacedBy ?? null,
        run_id: run.runId,
      };
    }),
  );
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`DELETE FROM pending_removals`;
    for (const slice of chunks(rows))
      await tx.$executeRaw`
        INSERT INTO pending_removals (kind, entity_id, cause, replaced_by, run_id)
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb)
          AS x(kind text, entity_id bigint, cause text, replaced_by bigint, run_id bigint)`;
  }, BULK_TX);
}

async function raiseGuardAlert(
  deps: RemovalDeps,
  run: SyncRun,
  hold: ByKind<number[]>,
  before: ByKind<number>,
) {
  const counts = byKind((kind) => ({ held: hold[kind].length, live: before[kind] }));
  const alert: AlertInput = {
    kind: 'sync_mass_removal_blocked',
    severity: 'critical',
    title: 'A sync would remove too much of the library',
    message: `Removals held: ${REMOVAL_KINDS.map((k) => `${hold[k].length} of ${before[k]} ${k}`).join(', ')}. The next complete full sync, or confirming this alert, removes those still missing.`,
    data: { counts, run_id: run.runId },
  };
  await deps.db.$transaction((tx) => raiseAlert(tx, deps.events, alert, run.now));
}

/** Episodes the complete listing no longer has, and seasons without files that it lacks. */
async function removeUnseenEpisodesAndSeasons(db: Db, run: SyncRun) {
  const episodes = await unseenOf(db, run, 'episode');
  const seasons = await unseenOf(db, run, 'season');
  if (episodes.length === 0 && seasons.length === 0) return;
  await db.$transaction(async (tx) => {
    const touched = await tx.$queryRaw<{ series_id: bigint }[]>`
      UPDATE episodes SET removed_at = ${run.now}, updated_at = now()
       WHERE id = ANY(${episodes}::bigint[]) RETURNING series_id`;
    const more = await tx.$queryRaw<{ series_id: bigint }[]>`
      UPDATE seasons SET removed_at = ${run.now}, updated_at = now()
       WHERE id = ANY(${seasons}::bigint[]) RETURNING series_id`;
    const ids = [...touched, ...more].map((row) => num(row.series_id));
    await tx.$executeRaw`UPDATE series SET updated_at = now() WHERE id = ANY(${[...new Set(ids)]}::bigint[])`;
  }, BULK_TX);
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
