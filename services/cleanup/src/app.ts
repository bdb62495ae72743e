import {
  pgDatabase,
  TaskRunner,
  withAdvisoryLock,
  type Clock,
  type Logger,
  type Outbox,
  type PgListener,
  type Publisher,
} from '@mcs/kit';
import type { Pool } from 'pg';
import type { Db } from './db';
import { taskRuns } from './jobs/worker';
import { FileOperationCommands } from './messaging/file-operation-commands';
import { LifecycleEvents } from './messaging/lifecycle-events';
import { MEDIA_MESSAGES } from './consumers/media-consumer';
import { MediaLinksPublisher } from './messaging/media-links';
import { RULE_INPUT_MESSAGES } from './consumers/rule-inputs-consumer';
import { SOURCE_STATUS_MESSAGES } from './consumers/source-status-consumer';
import { AlertIntakeService } from './services/alert-intake.service';
import { AlertService } from './services/alert.service';
import { ArrTagService } from './services/arr-tag.service';
import { AutoDeleteService } from './services/auto-delete.service';
import { CandidateActionService } from './services/candidate-action.service';
import { CandidateContinuity } from './services/candidate-continuity.service';
import { CandidateService } from './services/candidate.service';
import { NoticeService } from './services/notice.service';
import { QueuedJobService } from './services/queued-job.service';
import { ManualOperationService } from './services/manual-operation.service';
import { DeleteRequestService } from './services/delete-request.service';
import { InputRefresher } from './services/input-refresher';
import { MediaProjectionService } from './services/media-projection.service';
import { OperationOutcomeService } from './services/operation-outcome.service';
import { OperationQueue } from './services/operation-queue';
import { ProtectedService } from './services/protected.service';
import { ReclaimHistoryService } from './services/reclaim-history.service';
import { RequesterWatchService } from './services/requester-watch.service';
import { ProtectionRequestService } from './services/protection-request.service';
import { ProtectionService } from './services/protection.service';
import { ProtectionWriter } from './services/protection-writer';
import { RuleLookupService } from './services/rule-lookup.service';
import { RuleDiffService } from './services/rule-diff.service';
import { RulePreviewService } from './services/rule-preview.service';
import { RuleService } from './services/rule.service';
import { ScanService } from './services/scan.service';
import { SourceStatusService } from './services/source-status.service';

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
}) {
  const { db, clock } = deps;
  // The projection's bulk reads (pages of roots) go through plain pg: decision 017.
  const direct = pgDatabase(deps.pool);
  const events = new LifecycleEvents(deps.outbox);
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
  const scan = new ScanService({ db, direct, clock, sourceStatus, continuity, writer, refresher });
  const queue = new OperationQueue(new FileOperationCommands(deps.outbox));
  const autoDelete = new AutoDeleteService({ db, clock, sourceStatus, queue, refresher });
  const arrTags = new ArrTagService({ db, clock, outbox: deps.outbox });
  return {
    candidates: new CandidateService({ db, clock }),
    candidateActions: new CandidateActionService({ db, clock, events, writer }),
    protections: new ProtectionService({ db, clock, writer }),
    protected: new ProtectedService({ db, clock, writer, links }),
    protectionRequests: new ProtectionRequestService({ db, clock, writer }),
    deleteRequests: new DeleteRequestService({ db, clock, queue }),
    mediaProjection: new MediaProjectionService({ writer, links }),
    continuity,
    rules: new RuleService({ db, clock, writer, continuity }),
    sourceStatus,
    rulePreview: new RulePreviewService({ db, direct, clock, sourceStatus }),
    ruleDiff: new RuleDiffService({ db, direct, clock, sourceStatus }),
    ruleLookups: new RuleLookupService({ db }),
    requesterWatch: new RequesterWatchService({ db, clock, sourceStatus }),
    scan,
    autoDelete,
    arrTags,
    manualOperations: new ManualOperationService({ db, clock, queue }),
    queuedJobs: new QueuedJobService({ db, clock }),
    operationOutcomes: new OperationOutcomeService({ events, links }),
    reclaimHistory: new ReclaimHistoryService({ db, clock }),
    notices: new NoticeService({ db, clock }),
    alerts: new AlertService({ db, clock, outbox: deps.outbox }),
    alertIntake: new AlertIntakeService(),
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
