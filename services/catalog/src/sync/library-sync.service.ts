import {
  type Logger,
  type SqlClient,
  type Clock,
  BULK_TX,
  type TaskContext,
  TaskError,
  type TaskOutcome,
} from '@mcs/kit';
import type { CatalogSettings } from '../config';
import type { Db } from '../db';
import { byKind } from '../domain/removal-guard';
import type { ServiceConfigRecord } from '../domain/service-config';
import { syncKindFor, type SyncTask } from '../domain/sync-plan';
import { DateSanitiser } from '../integrations/dates';
import type { ClientFactory } from '../integrations/factory';
import { addDiskSpaceChanged } from '../facts/disk-facts';
import { publishFacts } from '../facts/facts-publisher';
import type { MediaEvents } from '../messaging/media-events';
import { type AlertInput, raiseAlert } from '../alerts/alert.repository';
import { syncLibraries } from '../service-settings/library.repository';
import {
  findMainServer,
  recordServiceHealth,
} from '../service-settings/service-settings.repository';
import type { SourceUpdate } from '../sources/source-status.repository';
import { databaseNow, readWatermark, writeWatermark } from '../sources/watermark.repository';
import type { SourceStatusService } from '../sources/source-status.service';
import { mainServerRequired } from '../tasks/task-error';
import { countLibraryItems, refreshAggregates } from './aggregates';
import { linkArrLists, readArrLists, readEpisodeLists } from './arr-lists';
import { arrDepsOf } from './arr-read';
import { concludeRemovals, liveCounts } from './removals';
import { SyncRun } from './run';
import { serverPass } from './server-pass';

export interface LibrarySyncDeps {
  db: Db;
  direct: SqlClient;
  events: MediaEvents;
  clients: ClientFactory;
  sources: SourceStatusService;
  settings: CatalogSettings;
  clock: Clock;
  log: Logger;
}

/** Incremental reads start a little before the last run began, for clock skew. */
const WATERMARK_MARGIN_MS = 60_000;

/**
 * sync_media and resync_media (domain.md 2.10): Arr lists, the main server's libraries,
 * removals through the guard, Arr links, derived facts, then the facts of every changed item
 * and media.synced, in that order, all through the outbox.
 */
export class LibrarySyncService {
  constructor(private readonly deps: LibrarySyncDeps) {}

  async run(task: SyncTask, context: TaskContext): Promise<TaskOutcome> {
    const { db, clock } = this.deps;
    const main = await findMainServer(db);
    if (!main) throw mainServerRequired();
    const now = clock();
    const watermark = await readWatermark(db, 'library', main.id);
    const kind = syncKindFor({
      task,
      trigger: context.trigger,
      lastFullAt: await readWatermark(db, 'library_full', main.id),
      lastWatermark: watermark,
      removalsPending: (await db.pendingRemoval.count()) > 0,
      now,
    });
    const run = new SyncRun(
      kind,
      await databaseNow(db),
      now,
      main.id,
      new DateSanitiser(clock),
      context.runId,
    );
    // The live counts feed the mass-removal guard, which only a full run applies; counting
    // ~400k files would cost an incremental run a tenth of its time, for a progress figure.
    const before = kind === 'incremental' ? byKind(() => 0) : await liveCounts(db);
    if (kind === 'resync') await dropReferences(db);
    let phaseStarted = Date.now();
    let current = 'start';
    const report = async (progress: number, phase: string) => {
      if (phase !== current) {
        const memory = process.memoryUsage();
        this.deps.log.info(
          {
            run_id: context.runId,
            phase: current,
            ms: Date.now() - phaseStarted,
            rss_mib: Math.round(memory.rss / 2 ** 20),
            heap_mib: Math.round(memory.heapUsed / 2 ** 20),
          },
          'sync phase done',
        );
        current = phase;
        phaseStarted = Date.now();
      }
      await context.progress({ progress, itemsProcessed: run.itemsProcessed, phase });
    };
    await report(0, 'libraries');
    // The Arr lists and the server's libraries are read side by side: both are mostly waiting
    // on the network, and the server pass only reads the Arr rows for tie-breaking.
    const [arr, server] = await Promise.allSettled([
      readArrLists(arrDepsOf(this.deps), run),
      this.readServer(
        run,
        main,
        kind === 'incremental' && watermark
          ? new Date(watermark.getTime() - WATERMARK_MARGIN_MS)
          : undefined,
        before,
        report,
      ),
    ]);
    if (arr.status === 'rejected') throw arr.reason;
    if (server.status === 'rejected') throw server.reason;
    const [sources, catalogSource] = [arr.value, server.value];
    await report(75, 'arr_episodes');
    sources.push(...(await readEpisodeLists(arrDepsOf(this.deps), run)));
    // Bulk writes leave the planner's statistics behind; the set-based steps below need them.
    if (run.full) await analyze(db);
    await report(80, 'removals');
    await concludeRemovals(
      { db, events: this.deps.events, ratio: this.deps.settings.removalGuardRatio },
      run,
      before,
    );
    await report(85, 'links');
    await linkArrLists(db, run);
    await refreshAggregates(db, run.startedAt);
    await report(90, 'events');
    await publishFacts(
      db,
      this.deps.direct,
      this.deps.events,
      run.startedAt,
      run.full ? undefined : { rootsChanged: run.seriesRootsChanged },
    );
    if (run.full) await vacuum(db);
    await report(99, 'finish');
    await this.finish(run, main, catalogSource, sources);
    await report(100, 'done');
    return { itemsProcessed: run.itemsProcessed, summary: { kind, ...run.summary() } };
  }

  private async readServer(
    run: SyncRun,
    main: ServiceConfigRecord,
    since: Date | undefined,
    before: { movie: number; episode_file: number },
    report: (progress: number, phase: string) => Promise<void>,
  ): Promise<SourceUpdate> {
    const { db, events, log } = this.deps;
    const server = this.deps.clients.mediaServer(main, run.dates);
    const source = (
      state: 'ok' | 'unavailable',
      reason?: string,
      error?: string,
    ): SourceUpdate => ({
      source: 'catalog',
      serviceConfigId: main.id,
      serviceType: main.serviceType,
      state,
      reason: reason ?? null,
      error: error ?? null,
    });
    try {
      const libraries = await server.libraries().catch(async (error: Error & { code?: string }) => {
        await this.deps.sources.record([
          source('unavailable', error.code ?? 'unreachable', error.message),
        ]);
        await recordServiceHealth(db, main.id, { error: error.message });
        throw new TaskError(
          'source_unavailable',
          `The main media server could not be read: ${error.code ?? 'error'}.`,
        );
      });
      const known = await syncLibraries(db, main.id, libraries, run.now);
      const expected = {
        movies: Math.max(1, before.movie),
        episodes: Math.max(1, before.episode_file),
      };
      const { error } = await serverPass({ db, events, log }, run, server, known, since, {
        tick: (phase, done) =>
          report(
            phase === 'movies'
              ? 5 + 25 * Math.min(1, done / expected.movies)
              : phase === 'series'
                ? 30
                : 35 + 40 * Math.min(1, done / expected.episodes),
            phase,
          ),
      });
      return error ? source('unavailable', error.code, error.message) : source('ok');
    } finally {
      server.close();
    }
  }

  private async finish(
    run: SyncRun,
    main: ServiceConfigRecord,
    catalog: SourceUpdate,
    sources: SourceUpdate[],
  ) {
    const { db, events } = this.deps;
    await countLibraryItems(db, main.id);
    await this.deps.sources.record([catalog, ...sources]);
    if (catalog.state === 'ok') {
      await recordServiceHealth(db, main.id, { okAt: run.now });
      await writeWatermark(db, 'library', main.id, run.startedAt);
      if (run.full) await writeWatermark(db, 'library_full', main.id, run.now);
    }
    await db.$transaction(async (tx) => {
      if (run.counts.unidentified > 0) await raiseAlert(tx, events, unidentified(run), run.now);
      await addDiskSpaceChanged(tx, events, run.now);
      await events.add(tx, 'media.synced', {
        kind: run.kind,
        run_id: run.runId,
        summary: run.summary(),
        completed_at: this.deps.clock().toISOString(),
      });
    });
  }
}

function unidentified(run: SyncRun): AlertInput {
  return {
    kind: 'unidentified_items',
    severity: 'info',
    title: 'Items without a TMDB id were not imported',
    message: `${run.counts.unidentified} items of the main media server have no TMDB, IMDb or TVDB id that resolves.`,
    data: { titles: run.unidentified },
  };
}

async function analyze(db: Db): Promise<void> {
  await db.$executeRawUnsafe(
    'ANALYZE movies, movie_versions, series, seasons, episodes, episode_files, arr_movies, arr_series, arr_episodes',
  );
}

/**
 * After a full run: it rewrote most rows (upserts, then links), leaving about as many dead rows
 * as live ones, and the statistics taken before linking describe unlinked tables (every
 * episode's Arr file unknown). Autovacuum gets there eventually; a sync scheduled soon after
 * would plan on the stale picture and scan instead of seeking (seconds instead of milliseconds).
 */
async function vacuum(db: Db): Promise<void> {
  await db.$executeRawUnsafe(
    'VACUUM (ANALYZE) movies, movie_versions, series, seasons, episodes, episode_files, arr_movies, arr_series, arr_episodes',
  );
}

/** resync_media: every reference is rebuilt from the current main server and Arr lists. */
async function dropReferences(db: Db): Promise<void> {
  await db.$transaction(async (tx) => {
    for (const table of ['movies', 'series', 'seasons', 'episodes'])
      await tx.$executeRawUnsafe(
        `UPDATE ${table} SET server_item_id = NULL WHERE server_item_id IS NOT NULL`,
      );
    for (const table of ['arr_movies', 'arr_series', 'arr_episodes'])
      await tx.$executeRawUnsafe(`DELETE FROM ${table}`);
  }, BULK_TX);
}
