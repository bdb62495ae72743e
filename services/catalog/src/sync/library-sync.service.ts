import {
  type Logger,
  type SqlClient,
  type Clock,
  type TaskContext,
  TaskError,
  type TaskOutcome,
} from '@mcs/kit';
import type { Events } from '@mcs/contracts';
import type { SettingsReader } from '../settings';
import type { Db } from '../db';
import { byKind, type ByKind } from '../domain/removal-guard';
import type { ServiceConfigRecord } from '../domain/service-config';
import { syncKindFor, type SyncTask } from '../domain/sync-plan';
import { DateSanitiser } from '../integrations/dates';
import type { ClientFactory } from '../integrations/client-factory';
import { IntegrationError } from '../integrations/errors';
import type { EnrichmentService } from '../enrichment/enrichment.service';
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
import type { MediaServerClient } from '../integrations/media-server';
import type { SourceStatusService } from '../sources/source-status.service';
import { hasHeldRemovals } from '../removals/pending-removal.repository';
import { mainServerRequired } from '../tasks/task-error';
import { countLibraryItems, refreshAggregates } from './aggregates.repository';
import { linkArrLists, readArrLists, readEpisodeLists } from './arr-lists';
import { arrDepsOf } from './arr-read';
import { addCounts, syncContext, UNIDENTIFIED_SAMPLE, type SyncContext } from './context';
import { bothOutcomes, type LibraryOutcome } from './library-pages';
import { syncMovies, type MoviesResult } from './movies-step';
import { concludeRemovals, type RemovalResult } from './removals-step';
import { liveCounts } from './unseen.repository';
import { syncSeries, type SeriesResult } from './series-step';
import { SyncReporter } from './sync-reporter';
import { analyzeLibrary, dropReferences, vacuumLibrary } from './sync.repository';

export interface LibrarySyncDeps {
  db: Db;
  direct: SqlClient;
  events: MediaEvents;
  clients: ClientFactory;
  sources: SourceStatusService;
  enrichment: EnrichmentService;
  settings: SettingsReader;
  clock: Clock;
  log: Logger;
}

/** Incremental reads start a little before the last run began, for clock skew. */
const WATERMARK_MARGIN_MS = 60_000;

/**
 * What the main server's libraries gave: both listing steps' results, the libraries either
 * could not read completely, and the server's source state.
 */
interface Listing {
  movies: MoviesResult;
  series: SeriesResult;
  libraries: LibraryOutcome;
  source: SourceUpdate;
}

type Summary = Events.components['schemas']['MediaSyncSummary'];

/**
 * sync_media and resync_media (domain.md 2.10): Arr lists, the main server's libraries,
 * removals through the guard, Arr links, derived facts, TMDB/IMDb enrichment (2.9), then the
 * facts of every changed item and media.synced, in that order, all through the outbox. Each step returns what it found;
 * `run` hands it to the steps after it.
 */
export class LibrarySyncService {
  constructor(private readonly deps: LibrarySyncDeps) {}

  async run(task: SyncTask, context: TaskContext): Promise<TaskOutcome> {
    const { db } = this.deps;
    const { main, run, since, before } = await this.start(task, context);
    const report = new SyncReporter(context, this.deps.log, before);
    await report.phase(0, 'libraries');
    // The Arr lists and the server's libraries are read side by side: both are mostly waiting
    // on the network, and the server's steps only read the Arr rows for tie-breaking.
    const arrDeps = await arrDepsOf(this.deps);
    const [arr, listing] = await bothSettled(
      readArrLists(arrDeps, run),
      this.list(run, main, since, report),
    );
    await report.phase(75, 'arr_episodes');
    const sources = [...arr, ...(await readEpisodeLists(arrDeps, run))];
    // Bulk writes leave the planner's statistics behind; the set-based steps below need them.
    if (run.full) await analyzeLibrary(db);
    await report.phase(80, 'removals');
    const removals = await this.removals(run, listing, before);
    await report.phase(85, 'links');
    const linkedRoots = await linkArrLists(db, run);
    await refreshAggregates(db, run.startedAt);
    await report.phase(87, 'metadata');
    const enriched = await this.deps.enrichment.run(run);
    await report.phase(90, 'events');
    await this.publish(run, [
      ...listing.series.rootsChanged,
      ...linkedRoots,
      ...enriched.seriesChanged,
    ]);
    if (run.full) await vacuumLibrary(db);
    await report.phase(99, 'finish');
    const summary = summaryOf(run, listing, removals);
    await this.finish(run, main, listing, [...sources, ...enriched.sources], summary);
    await report.phase(100, 'done');
    return { itemsProcessed: report.items, summary: { kind: run.kind, ...summary } };
  }

  /**
   * The main server, the kind of run (domain/sync-plan) and its context, where an incremental
   * one starts, and the live counts before it. A resync drops every reference first.
   */
  private async start(task: SyncTask, context: TaskContext) {
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
      removalsPending: await hasHeldRemovals(db),
      now,
    });
    const run = syncContext({
      kind,
      startedAt: await databaseNow(db),
      now,
      mainServerId: main.id,
      dates: new DateSanitiser(clock),
      runId: context.runId,
    });
    const since =
      kind === 'incremental' && watermark
        ? new Date(watermark.getTime() - WATERMARK_MARGIN_MS)
        : undefined;
    // The live counts feed the mass-removal guard, which only a full run applies; counting
    // ~400k files would cost an incremental run a tenth of its time, for a progress figure.
    const before = kind === 'incremental' ? byKind(() => 0) : await liveCounts(db);
    if (kind === 'resync') await dropReferences(db);
    return { main, run, since, before };
  }

  /** Steps 1-2: the main server's libraries, movies then series. */
  private async list(
    run: SyncContext,
    main: ServiceConfigRecord,
    since: Date | undefined,
    report: SyncReporter,
  ): Promise<Listing> {
    const { db, events, log } = this.deps;
    const server = this.deps.clients.mediaServer(main, run.dates);
    try {
      const libraries = await this.libraries(server, main);
      const known = await syncLibraries(db, main.id, libraries, run.now);
      const steps = { db, events, log };
      const movies = await syncMovies(steps, server, known, since, report.batch);
      const series = await syncSeries(steps, server, known, since, report.batch);
      const outcome = bothOutcomes(movies.libraries, series.libraries);
      const { error } = outcome;
      const source = error
        ? sourceOf(main, 'unavailable', error.code, error.message)
        : sourceOf(main, 'ok');
      return { movies, series, libraries: outcome, source };
    } finally {
      server.close();
    }
  }

  /** The server's libraries; a server that cannot list them fails the run. */
  private async libraries(server: MediaServerClient, main: ServiceConfigRecord) {
    return server.libraries().catch(async (error: Error & { code?: string }) => {
      await this.deps.sources.record([
        sourceOf(main, 'unavailable', error.code ?? 'unreachable', error.message),
      ]);
      await recordServiceHealth(this.deps.db, main.id, { error: error.message });
      // An integration error's message names the call and the cause, never a secret or URL.
      const detail = error instanceof IntegrationError ? ` (${error.message})` : '';
      throw new TaskError(
        'source_unavailable',
        `The main media server could not be read: ${error.code ?? 'error'}${detail}.`,
      );
    });
  }

  /** Step 6: what left the library, from what the listing steps saw. */
  private async removals(run: SyncContext, listing: Listing, before: ByKind<number>) {
    const { movies, series } = listing;
    const { db, events, settings } = this.deps;
    const { sync_removal_guard_ratio: ratio } = await settings.current();
    return concludeRemovals({ db, events, ratio }, run, {
      seen: { ...movies.seen, ...series.seen },
      leftovers: { version: movies.leftovers, episode_file: series.leftovers },
      replacements: movies.replacements,
      incompleteLibraries: listing.libraries.incomplete,
      before,
    });
  }

  /** The facts of every item the run changed: all of them, or the changed parts of series. */
  private async publish(run: SyncContext, rootsChanged: number[]) {
    const { db, direct, events } = this.deps;
    const scope = run.full ? undefined : { rootsChanged: new Set(rootsChanged) };
    await publishFacts(db, direct, events, run.startedAt, scope);
  }

  private async finish(
    run: SyncContext,
    main: ServiceConfigRecord,
    listing: Listing,
    sources: SourceUpdate[],
    summary: Summary,
  ) {
    const { db, events } = this.deps;
    await countLibraryItems(db, main.id);
    await this.deps.sources.record([listing.source, ...sources]);
    if (listing.source.state === 'ok') {
      await recordServiceHealth(db, main.id, { okAt: run.now });
      await writeWatermark(db, 'library', main.id, run.startedAt);
      if (run.full) await writeWatermark(db, 'library_full', main.id, run.now);
    }
    const titles = [...listing.movies.unidentified, ...listing.series.unidentified];
    await db.$transaction(async (tx) => {
      if (summary.unidentified > 0)
        await raiseAlert(tx, events, unidentified(summary.unidentified, titles), run.now);
      await addDiskSpaceChanged(tx, events, run.now);
      await events.add(tx, 'media.synced', {
        kind: run.kind,
        run_id: run.runId,
        summary,
        completed_at: this.deps.clock().toISOString(),
      });
    });
  }
}

/** Both steps' outcomes; the first failure (the Arr lists' before the server's) fails the run. */
async function bothSettled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

function sourceOf(
  main: ServiceConfigRecord,
  state: 'ok' | 'unavailable',
  reason?: string,
  error?: string,
): SourceUpdate {
  return {
    source: 'catalog',
    serviceConfigId: main.id,
    serviceType: main.serviceType,
    state,
    reason: reason ?? null,
    error: error ?? null,
  };
}

/** The run's summary (media.synced): the listing's and the removals' counts. */
function summaryOf(run: SyncContext, listing: Listing, removals: RemovalResult): Summary {
  const counts = addCounts(addCounts(listing.movies.counts, listing.series.counts), {
    removed: removals.removed,
    replaced: removals.replaced,
  });
  return {
    ...counts,
    guarded: removals.guarded,
    invalid_dates: Object.fromEntries(run.dates.invalid),
  };
}

function unidentified(count: number, titles: string[]): AlertInput {
  return {
    kind: 'unidentified_items',
    severity: 'info',
    title: 'Items without a TMDB id were not imported',
    message: `${count} items of the main media server have no TMDB, IMDb or TVDB id that resolves.`,
    data: { titles: titles.slice(0, UNIDENTIFIED_SAMPLE) },
  };
}
