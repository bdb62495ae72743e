import { BULK_TX, type ReadonlyIdSet } from '@mcs/kit';
/**
 * Step 6 of the sync (domain.md 2.10-2.11): what left the library. A full sync removes what it
 * did not see in libraries whose enumeration completed, through the mass-removal guard; an
 * incremental one only the files that the items it fetched no longer hold.
 */
import type { Db } from '../db';
import {
  byKind,
  decideRemovals,
  REMOVAL_KINDS,
  type ByKind,
  type RemovalKind,
} from '../domain/removal-guard';
import type { MediaEvents } from '../messaging/media-events';
import { type AlertInput, raiseAlert, resolveAlert } from '../alerts/alert.repository';
import { heldRemovals, replaceHeldRemovals } from '../removals/pending-removal.repository';
import {
  announceReplacements,
  removeEpisodeFiles,
  removeItems,
  removeVersions,
} from '../removals/removal-apply';
import type { FileRemoval } from '../removals/removals.repository';
import type { Leftover, SyncContext } from './context';
import { liveIdsAfter, markUnseenEpisodesAndSeasons, type UnseenKind } from './unseen.repository';

export interface RemovalDeps {
  db: Db;
  events: MediaEvents;
  ratio: number;
}

/** What the listing steps found, as the removals step needs it. */
export interface RemovalInput {
  seen: Record<UnseenKind, ReadonlyIdSet>;
  /** Known files the listed items no longer hold. */
  leftovers: Record<'version' | 'episode_file', ReadonlyMap<number, Leftover>>;
  /** New versions replacing another (version id → movie id), announced after the removal. */
  replacements: ReadonlyMap<number, number>;
  /** Libraries whose enumeration failed: nothing of them is concluded to have left. */
  incompleteLibraries: readonly number[];
  /** The live counts before the run, for the mass-removal guard (full runs only). */
  before: ByKind<number>;
}

export interface RemovalResult {
  removed: number;
  replaced: number;
  /** The guard held the removals back (domain.md 2.11). */
  guarded: boolean;
}

const CHUNK = 1000;

/**
 * The run's own state of this step: how many removals it applied, and the replacements not
 * announced yet (each is announced with its removal, or at the end when that is held).
 */
class Tally {
  removed = 0;
  replaced = 0;
  readonly unannounced: Map<number, number>;

  constructor(replacements: ReadonlyMap<number, number>) {
    this.unannounced = new Map(replacements);
  }
}

export async function concludeRemovals(
  deps: RemovalDeps,
  run: SyncContext,
  input: RemovalInput,
): Promise<RemovalResult> {
  const tally = new Tally(input.replacements);
  const guarded = await conclude(deps, run, input, tally);
  await deps.db.$transaction((tx) => announceReplacements(tx, deps.events, tally.unannounced));
  return { removed: tally.removed, replaced: tally.replaced, guarded };
}

async function conclude(
  deps: RemovalDeps,
  run: SyncContext,
  input: RemovalInput,
  tally: Tally,
): Promise<boolean> {
  if (!run.full) {
    await apply(deps, run, tally, {
      movie: [],
      series: [],
      version: leftoversOf(input, 'version'),
      episode_file: leftoversOf(input, 'episode_file'),
    });
    return false;
  }
  const current = await unseen(deps.db, input);
  const pending = await loadPending(deps.db, input);
  const decision = decideRemovals({
    live: input.before,
    current,
    pending: pending.size > 0 ? byKind((kind) => idsOf(pending, kind)) : null,
    ratio: deps.ratio,
    complete: input.incompleteLibraries.length === 0,
  });
  const withCause = (kind: 'version' | 'episode_file') =>
    decision.remove[kind].map((id) => causeOf(input, pending, kind, id));
  await apply(deps, run, tally, {
    ...decision.remove,
    version: withCause('version'),
    episode_file: withCause('episode_file'),
  });
  await holdPending(deps.db, run, input, pending, decision.hold);
  if (decision.guarded) await raiseGuardAlert(deps, run, decision.hold, input.before);
  else {
    // An incomplete sync keeps the held set, and with it the alert.
    if (REMOVAL_KINDS.every((kind) => decision.hold[kind].length === 0))
      await deps.db.$transaction((tx) =>
        resolveAlert(tx, deps.events, { kind: 'sync_mass_removal_blocked' }, run.now),
      );
    await removeUnseenEpisodesAndSeasons(deps.db, run, input);
  }
  return decision.guarded;
}

type Removals = {
  movie: number[];
  series: number[];
  version: FileRemoval[];
  episode_file: FileRemoval[];
};

async function apply(deps: RemovalDeps, run: SyncContext, tally: Tally, removals: Removals) {
  const { db, events } = deps;
  const announce = (versionId: number) => {
    const movieId = tally.unannounced.get(versionId);
    if (movieId === undefined) return null;
    tally.unannounced.delete(versionId);
    return { movie_id: movieId, version_id: versionId };
  };
  for (const kind of ['movie', 'series'] as const)
    for (const ids of chunks(removals[kind]))
      tally.removed += await db.$transaction(
        (tx) => removeItems(tx, events, kind, ids, run.now),
        BULK_TX,
      );
  for (const list of chunks(removals.version))
    tally.removed += await db.$transaction(
      (tx) => removeVersions(tx, events, list, run.now, announce),
      BULK_TX,
    );
  for (const list of chunks(removals.episode_file))
    tally.removed += await db.$transaction(
      (tx) => removeEpisodeFiles(tx, events, list, run.now),
      BULK_TX,
    );
  tally.replaced += [...removals.version, ...removals.episode_file].filter(
    (r) => r.cause === 'replaced',
  ).length;
}

function leftoversOf(input: RemovalInput, kind: 'version' | 'episode_file'): FileRemoval[] {
  return [...input.leftovers[kind]]
    .filter(([id]) => !input.seen[kind].has(id))
    .map(([id, left]) => ({ id, ...left }));
}

/** Live rows the run did not see, outside libraries whose enumeration was incomplete. */
async function unseenOf(db: Db, input: RemovalInput, kind: UnseenKind): Promise<number[]> {
  const seen = input.seen[kind];
  const ids: number[] = [];
  // Keyset pages: a library of a million files is never held as rows at once.
  for (let after = 0; ;) {
    const page = await liveIdsAfter(db, kind, after, input.incompleteLibraries);
    if (page.length === 0) return ids;
    for (const id of page) if (!seen.has(id)) ids.push(id);
    after = page[page.length - 1] as number;
  }
}

async function unseen(db: Db, input: RemovalInput): Promise<ByKind<number[]>> {
  const result = byKind<number[]>(() => []);
  for (const kind of REMOVAL_KINDS) result[kind] = await unseenOf(db, input, kind);
  return result;
}

type Pending = Map<
  string,
  { kind: RemovalKind; id: number; cause: string; replacedBy: number | null }
>;

/** The held set without what this run saw: those items came back (domain.md 2.11). */
async function loadPending(db: Db, input: RemovalInput): Promise<Pending> {
  const held = await heldRemovals(db);
  return new Map(
    held
      .filter((entry) => !input.seen[entry.kind].has(entry.id))
      .map((entry) => [`${entry.kind}:${entry.id}`, entry]),
  );
}

function idsOf(pending: Pending, kind: RemovalKind): number[] {
  return [...pending.values()].filter((p) => p.kind === kind).map((p) => p.id);
}

function causeOf(
  input: RemovalInput,
  pending: Pending,
  kind: 'version' | 'episode_file',
  id: number,
): FileRemoval {
  const left = input.leftovers[kind].get(id);
  if (left) return { id, ...left };
  const held = pending.get(`${kind}:${id}`);
  return {
    id,
    cause: (held?.cause as FileRemoval['cause']) ?? 'left_library',
    replacedBy: held?.replacedBy ?? null,
  };
}

/** The held set replaces the previous one: what came back or was removed is no longer in it. */
async function holdPending(
  db: Db,
  run: SyncContext,
  input: RemovalInput,
  pending: Pending,
  hold: ByKind<number[]>,
) {
  const rows = REMOVAL_KINDS.flatMap((kind) =>
    hold[kind].map((id) => {
      const file =
        kind === 'version' || kind === 'episode_file' ? causeOf(input, pending, kind, id) : null;
      return {
        kind,
        entity_id: id,
        cause: file?.cause ?? 'left_library',
        replaced_by: file?.replacedBy ?? null,
        run_id: run.runId,
      };
    }),
  );
  await db.$transaction((tx) => replaceHeldRemovals(tx, chunks(rows)), BULK_TX);
}

async function raiseGuardAlert(
  deps: RemovalDeps,
  run: SyncContext,
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
async function removeUnseenEpisodesAndSeasons(db: Db, run: SyncContext, input: RemovalInput) {
  const episodes = await unseenOf(db, input, 'episode');
  const seasons = await unseenOf(db, input, 'season');
  if (episodes.length === 0 && seasons.length === 0) return;
  await db.$transaction(
    (tx) => markUnseenEpisodesAndSeasons(tx, { episodes, seasons }, run.now),
    BULK_TX,
  );
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
