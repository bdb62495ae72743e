import type { Router } from 'express';
import type { Services } from './app';
import { alertRoutes } from './alerts/alert.routes';
import { candidateGroupRoutes } from './candidates/candidate-group.routes';
import { candidatePresenceRoutes } from './candidates/candidate-presence.routes';
import { candidateRoutes } from './candidates/candidate.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { deleteRequestRoutes } from './deletion/delete-request.routes';
import { queuedJobRoutes } from './jobs/queued-job.routes';
import { mediaItemRoutes } from './media-items/media-items.routes';
import { manualOperationRoutes } from './deletion/manual-operation.routes';
import { noticeRoutes } from './notices/notice.routes';
import { protectedRoutes } from './protections/protected.routes';
import { protectionRequestRoutes } from './requests/protection-request.routes';
import { reclaimHistoryRoutes } from './receipts/reclaim-history.routes';
import { requesterWatchRoutes } from './rules/requester-watch.routes';
import { protectionRoutes } from './protections/protection.routes';
import { ruleLookupRoutes } from './rules/rule-lookup.routes';
import { ruleRoutes } from './rules/rule.routes';

/** Every route of the cleanup service, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  candidateRoutes(api, services);
  candidatePresenceRoutes(api, services.candidates, services.settings);
  candidateGroupRoutes(api, services.candidates, services.settings);
  mediaItemRoutes(api, services);
  manualOperationRoutes(api, services.manualOperations);
  queuedJobRoutes(api, services.queuedJobs);
  protectionRoutes(api, services.protections);
  protectionRequestRoutes(api, services.protectionRequests);
  deleteRequestRoutes(api, services.deleteRequests);
  reclaimHistoryRoutes(api, services.reclaimHistory, services.settings);
  noticeRoutes(api, services.notices);
  dashboardRoutes(api, services.dashboard);
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
    settings: services.settings,
  });
}
