import { addDiskSpaceChanged } from '../facts/disk-facts';
import { publishFacts } from '../facts/facts-publisher';
import { DateSanitiser } from '../integrations/dates';
import { enabledOfType, findMainServer } from '../service-settings/service-settings.repository';
import type { SourceUpdate } from '../sources/source-status.repository';
import { databaseNow } from '../sources/watermark.repository';
import { refreshAggregates } from './aggregates.repository';
import { linkArrLists, readArrLists, readEpisodeLists } from './arr-lists';
import { arrDepsOf, readDiskSpace } from './arr-read';
import type { LibrarySyncDeps } from './library-sync.service';
import { syncContext, type SyncContext } from './context';

/** The library sync's dependencies: the refresh is a part of that sync. */
export type ArrRefreshDeps = LibrarySyncDeps;

/**
 * The Arr inputs on demand (catalog.inputs.refresh, domain.md 4.1 step 2): the Arr step of an
 * incremental sync_media on its own, so tags, monitored flags and disk space are as Radarr and
 * Sonarr have them now. The main media server is not read: that would be a library sync,
 * minutes rather than seconds. The caller holds the sync_media lock.
 */
export class ArrRefreshService {
  constructor(private readonly deps: ArrRefreshDeps) {}

  /**
   * One list call per instance (entries unchanged since the last read are recognised by their
   * digest), plus Sonarr's episode lists of the series whose entry changed, as an incremental
   * sync reads them: skipping those would leave them unread until the next full sync, because
   * the next sync sees the already-stored entries as unchanged. Then the links, the facts of
   * the items that changed, the sources and the disks, all through the outbox.
   */
  async lists(): Promise<void> {
    const { db, events } = this.deps;
    const run = await this.start();
    if (!run) return;
    const arrDeps = await arrDepsOf(this.deps);
    const sources = await readArrLists(arrDeps, run);
    sources.push(...(await readEpisodeLists(arrDeps, run)));
    const rootsChanged = new Set(await linkArrLists(db, run));
    await refreshAggregates(db, run.startedAt);
    await publishFacts(db, this.deps.direct, events, run.startedAt, { rootsChanged });
    await this.conclude(run, sources);
  }

  /** Disk space only: one call per instance. */
  async diskSpace(): Promise<void> {
    const run = await this.start();
    if (!run) return;
    const sources: SourceUpdate[] = [];
    const arrDeps = await arrDepsOf(this.deps);
    for (const service of await enabledOfType(this.deps.db, ['radarr', 'sonarr']))
      sources.push(...(await readDiskSpace(arrDeps, run, service)));
    await this.conclude(run, sources);
  }

  /** Without a main server there is no catalog to link to: nothing is read. */
  private async start(): Promise<SyncContext | null> {
    const { db, clock } = this.deps;
    const main = await findMainServer(db);
    if (!main) return null;
    return syncContext({
      kind: 'incremental',
      startedAt: await databaseNow(db),
      now: clock(),
      mainServerId: main.id,
      dates: new DateSanitiser(clock),
      runId: null,
    });
  }

  private async conclude(run: SyncContext, sources: SourceUpdate[]): Promise<void> {
    await this.deps.sources.record(sources);
    await this.deps.db.$transaction((tx) => addDiskSpaceChanged(tx, this.deps.events, run.now));
  }
}
