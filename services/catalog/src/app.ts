import {
  TaskRunner,
  TaskRuns,
  tryWithAdvisoryLock,
  withAdvisoryLock,
  type Logger,
  type Outbox,
  type Publisher,
  type Clock,
  type PgDatabase,
  type SecretBox,
  type SettingsFollower,
} from '@mcs/kit';
import type { Pool } from 'pg';
import type { ExecutorTimings } from './config';
import { type Db, SCHEMA } from './db';
import { ClientFactory, type ClientDefaults } from './integrations/client-factory';
import { MainServerEvents } from './service-settings/main-server-events';
import { MediaEvents } from './messaging/media-events';
import { FileOperationExecutor } from './operations/file-operation-executor';
import type { Rename } from './operations/file-move';
import { OperationIntake } from './operations/operation-intake';
import { InputsService } from './inputs/inputs.service';
import { OperationPathsService } from './operations/operation-paths.service';
import { PathsService } from './paths/paths.service';
import { WritablePathsService } from './paths/writable.service';
import { PlaybackService } from './playback/playback.service';
import { RemovalConfirmationService } from './removals/removal-confirmation.service';
import { RequestsService } from './requests/requests.service';
import { DashboardService } from './dashboard/dashboard.service';
import { EnrichmentService } from './enrichment/enrichment.service';
import type { EnrichmentSettings } from './enrichment/enrichment-settings';
import { BackfillService } from './facts/backfill.service';
import { HousekeepingService } from './housekeeping/housekeeping.service';
import { MediaService } from './media/media.service';
import { ServiceSettingsService } from './service-settings/service-settings.service';
import { SourceStatusService } from './sources/source-status.service';
import { LibrarySyncService } from './sync/library-sync.service';
import { TagsService } from './tags/tags.service';
import { ArrRefreshService } from './sync/arr-refresh.service';
import { taskLockKey } from './tasks/task-locks';
import type { CatalogSettingKey } from './settings';

export interface AppDeps {
  db: Db;
  /** Plain pg over the same pool, for the bulk paths where Prisma's overhead shows. */
  direct: PgDatabase;
  pool: Pool;
  outbox: Outbox;
  publisher: Publisher;
  log: Logger;
  clock: Clock;
  /** The general settings catalog follows (read at each decision). */
  settings: SettingsFollower<CatalogSettingKey>;
  timings: ExecutorTimings;
  /** The general settings of TMDB/IMDb enrichment, read at each run (settings projection). */
  enrichmentSettings: EnrichmentSettings;
  /** Seals service credentials under the service's encryption keys. */
  box: SecretBox;
  clientDefaults: ClientDefaults;
  sleep: (ms: number) => Promise<void>;
  rename?: Rename;
  /** How long the dashboard's library counts are reused (config.ts; 0: always fresh). */
  dashboardCacheTtlMs: number;
}

/** Builds the service objects once, each with only the dependencies it uses (STYLE 10). */
export function createServices(deps: AppDeps) {
  const { db, direct, clock, log, settings, box } = deps;
  const events = new MediaEvents(deps.outbox);
  const clients = new ClientFactory(box, log, deps.clientDefaults);
  const sources = new SourceStatusService({ db, events, clock });
  const mainServer = new MainServerEvents({ events, clock });
  const enrichment = new EnrichmentService({
    db,
    clients,
    settings: deps.enrichmentSettings,
    log,
  });
  const work = { db, direct, events, clients, sources, enrichment, settings, clock, log };
  const library = new LibrarySyncService(work);
  const playback = new PlaybackService(work);
  const requests = new RequestsService(work);
  const arr = new ArrRefreshService(work);
  const housekeeping = new HousekeepingService({ db, clock });
  return {
    settings,
    media: new MediaService({ db, direct, clock }),
    dashboard: new DashboardService({ db, cacheTtlMs: deps.dashboardCacheTtlMs }),
    paths: new PathsService({ db }),
    writablePaths: new WritablePathsService(),
    operationPaths: new OperationPathsService({ db }),
    serviceSettings: new ServiceSettingsService({ db, box, clients, mainServer, events, clock }),
    mainServer,
    removals: new RemovalConfirmationService({ events, clock }),
    operations: new OperationIntake(),
    tags: new TagsService({ db, events, clients, clock, log }),
    inputs: new InputsService({
      db,
      events,
      clients,
      requests,
      playback,
      arr,
      clock,
      log,
      tryLock: (taskId, work) => tryWithAdvisoryLock(deps.pool, taskLockKey(taskId), work),
    }),
    executor: new FileOperationExecutor({
      ...work,
      timings: deps.timings,
      sleep: deps.sleep,
      rename: deps.rename,
    }),
    backfill: new BackfillService({ db, direct, events, clock, requests }),
    tasks: new TaskRunner({
      service: 'catalog',
      db,
      runs: new TaskRuns(SCHEMA),
      outbox: deps.outbox,
      publisher: deps.publisher,
      clock,
      log,
      around: (taskId, work) => withAdvisoryLock(deps.pool, taskLockKey(taskId), work),
      handlers: {
        sync_media: (context) => library.run('sync_media', context),
        resync_media: (context) => library.run('resync_media', context),
        refresh_playback_history: (context) => playback.run(context),
        sync_requests: (context) => requests.run(context),
        weekly_house_keeping: () => housekeeping.run(),
      },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
