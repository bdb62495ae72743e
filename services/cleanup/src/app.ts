import {
  TaskRunner,
  withAdvisoryLock,
  type Clock,
  type Logger,
  type Outbox,
  type PgListener,
  type Publisher,
} from '@mcs/kit';
import type { Pool } from 'pg';
import { createDirect, type Db } from './db';
import { taskRuns } from './tasks/worker';
import { FileOperationCommands } from './deletion/file-operation-commands';
import { LifecycleEvents } from './events/lifecycle-events';
import { MEDIA_MESSAGES } from './projection/media.consumer';
import { MediaLinksPublisher } from './events/media-links';
import { RULE_INPUT_MESSAGES } from './projection/rule-inputs.consumer';
import { SOURCE_STATUS_MESSAGES } from './sources/source-status.consumer';
import { AlertIntakeService } from './alerts/alert-intake.service';
import { AlertRaiser } from './alerts/alert-raiser';
import { Notifier } from './notifications/notifier';
import { AlertService } from './alerts/alert.service';
import { ArrTagService } from './tags/arr-tag.service';
import { AutoDeleteService } from './deletion/auto-delete.service';
import { CandidateActionService } from './candidates/candidate-action.service';
import { CandidateContinuity } from './candidates/candidate-continuity.service';
import { CandidateService } from './candidates/candidate.service';
import { MediaItemService } from './media-items/media-items.service';
import { NoticeService } from './notices/notice.service';
import { QueuedJobService } from './jobs/queued-job.service';
import { ManualOperationService } from './deletion/manual-operation.service';
import { DeleteRequestService } from './deletion/delete-request.service';
import { HousekeepingService } from './housekeeping/housekeeping.service';
import { InputRefresher } from './scan/input-refresher';
import { MediaProjectionService } from './projection/media-projection.service';
import { OperationOutcomeService } from './deletion/operation-outcome.service';
import { OperationQueue } from './deletion/operation-queue';
import { ProtectedService } from './protections/protected.service';
import { ReclaimHistoryService } from './receipts/reclaim-history.service';
import { RequesterWatchService } from './rules/requester-watch.service';
import { ProtectionRequestService } from './requests/protection-request.service';
import { ProtectionService } from './protections/protection.service';
import { ProtectionWriter } from './protections/protection-writer';
import { RuleLookupService } from './rules/rule-lookup.service';
import { RuleDiffService } from './rules/rule-diff.service';
import { RulePreviewService } from './rules/rule-preview.service';
import { RuleService } from './rules/rule.service';
import { ScanService } from './scan/scan.service';
import { DashboardService } from './dashboard/dashboard.service';
import { SourceStatusService } from './sources/source-status.service';
import type { CleanupSettingsReader } from './settings/cleanup-settings';

/** Builds the service objects once, each with only the dependencies it uses (STYLE 10). */
export function createServices(deps: {
  db: Db;
  pool: Pool;
  outbox: Outbox;
  publisher: Publisher;
  log: Logger;
  clock: Clock;
  /** How long a scan or deletion run waits for catalog's fresh inputs (config.ts). */
  refreshTimeoutMs: number;
  /** Wakes a run waiting for catalog's answer (INPUT_REFRESH_CHANNEL; decision 024). */
  listener: PgListener;
  /** The general settings cleanup decides with (docs/decisions/025), read at each decision. */
  settings: CleanupSettingsReader;
  /** How long the dashboard's shared figures are reused (config.ts; 0: always fresh). */
  dashboardCacheTtlMs: number;
}) {
  const { db, clock, settings } = deps;
  // The projection's bulk reads (pages of roots) go through plain pg: decision 017.
  const direct = createDirect(deps.pool);
  const events = new LifecycleEvents(deps.outbox);
  // Administrators' notification channels (docs/decisions/026), told with each change.
  const notifier = new Notifier({ outbox: deps.outbox, log: deps.log });
  const alerts = new AlertRaiser(notifier);
  const links = new MediaLinksPublisher(deps.outbox);
  const writer = new ProtectionWriter(events, links);
  const continuity = new CandidateContinuity({ events, links });
  const sourceStatus = new SourceStatusService({ db, clock });
  const refresher = new InputRefresher({
    db,
    outbox: deps.outbox,
    clock,
    timeoutMs: deps.refreshTimeoutMs,
    listener: deps.listener,
    consumed: new Set([...MEDIA_MESSAGES, ...RULE_INPUT_MESSAGES, ...SOURCE_STATUS_MESSAGES]),
  });
  const scan = new ScanService({
    db,
    direct,
    clock,
    sourceStatus,
    continuity,
    writer,
    refresher,
    settings,
    notifier,
  });
  const queue = new OperationQueue(new FileOperationCommands(deps.outbox));
  const autoDelete = new AutoDeleteService({
    db,
    clock,
    sourceStatus,
    queue,
    refresher,
    settings,
    alerts,
  });
  const arrTags = new ArrTagService({ db, clock, outbox: deps.outbox });
  return {
    settings,
    candidates: new CandidateService({ db, direct, clock, settings }),
    mediaItems: new MediaItemService({ db, clock }),
    candidateActions: new CandidateActionService({ db, clock, events, writer }),
    protections: new ProtectionService({ db, direct, clock, writer }),
    protected: new ProtectedService({ db, direct, clock, writer, links }),
    protectionRequests: new ProtectionRequestService({ db, clock, writer, notifier }),
    deleteRequests: new DeleteRequestService({ db, clock, queue, settings, notifier }),
    mediaProjection: new MediaProjectionService({ writer, links }),
    continuity,
    rules: new RuleService({ db, clock, writer, continuity, settings }),
    sourceStatus,
    rulePreview: new RulePreviewService({ db, direct, clock, sourceStatus, settings }),
    ruleDiff: new RuleDiffService({ db, direct, clock, sourceStatus, settings }),
    ruleLookups: new RuleLookupService({ db }),
    requesterWatch: new RequesterWatchService({ db, clock, sourceStatus }),
    scan,
    refresher,
    autoDelete,
    arrTags,
    manualOperations: new ManualOperationService({ db, clock, queue, settings }),
    queuedJobs: new QueuedJobService({ db, clock }),
    operationOutcomes: new OperationOutcomeService({ events, links, alerts, notifier }),
    reclaimHistory: new ReclaimHistoryService({ db, clock }),
    dashboard: new DashboardService({
      db,
      clock,
      settings,
      cacheTtlMs: deps.dashboardCacheTtlMs,
    }),
    notices: new NoticeService({ db, clock }),
    alerts: new AlertService({ db, clock, outbox: deps.outbox }),
    alertIntake: new AlertIntakeService({ alerts, notifier, clock }),
    housekeeping: new HousekeepingService({ clock }),
    tasks: new TaskRunner({
      service: 'cleanup',
      db,
      runs: taskRuns,
      outbox: deps.outbox,
      publisher: deps.publisher,
      clock,
      log: deps.log,
      // Scans and deletion runs never interleave, across replicas too (domain.md 4, 6.1).
      around: (_taskId, work) => withAdvisoryLock(deps.pool, 'cleanup:candidate-runs', work),
      handlers: {
        scan_cleanup_candidates: async (context) => {
          await scan.refreshInputs(context.runId);
          return scan.run(context);
        },
        delete_cleanup_candidates: (context) => autoDelete.run(context),
        tag_cleanup_candidates: (context) => arrTags.run(context),
      },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
