import type { Router } from 'express';
import type { Services } from '../app';
import { alertRoutes } from './alert.routes';
import { candidateGroupRoutes } from './candidate-group.routes';
import { candidatePresenceRoutes } from './candidate-presence.routes';
import { candidateRoutes } from './candidate.routes';
import { deleteRequestRoutes } from './delete-request.routes';
import { queuedJobRoutes } from './queued-job.routes';
import { manualOperationRoutes } from './manual-operation.routes';
import { noticeRoutes } from './notice.routes';
import { protectedRoutes } from './protected.routes';
import { protectionRequestRoutes } from './protection-request.routes';
import { reclaimHistoryRoutes } from './reclaim-history.routes';
import { requesterWatchRoutes } from './requester-watch.routes';
import { protectionRoutes } from './protection.routes';
import { ruleLookupRoutes } from './rule-lookup.routes';
import { ruleRoutes } from './rule.routes';

/** Every route of the cleanup service, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  candidateRoutes(api, services);
  candidatePresenceRoutes(api, services.candidates);
  candidateGroupRoutes(api, services.candidates);
  manualOperationRoutes(api, services.manualOperations);
  queuedJobRoutes(api, services.queuedJobs);
  protectionRoutes(api, services.protections);
  protectionRequestRoutes(api, services.protectionRequests);
  deleteRequestRoutes(api, services.deleteRequests);
  reclaimHistoryRoutes(api, services.reclaimHistory);
  noticeRoutes(api, services.notices);
  alertRoutes(api, services.alerts);
  protectedRoutes(api, services.protected);
  ruleLookupRoutes(api, services.ruleLookups);
  // Before ruleRoutes: `/rules/:rule_id` would otherwise take the name for an id.
  requesterWatchRoutes(api, services.requesterWatch);
  ruleRoutes(api, {
    rules: services.rules,
    sourceStatus: services.sourceStatus,
    preview: services.rulePreview,
    diff: services.ruleDiff,
  });
}
