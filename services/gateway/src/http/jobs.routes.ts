import { jobOwner, NotFound, type InternalClient } from '@mcs/kit';
import type { GatewayConfig } from '../config';
import type { Handler } from '../operation';
import { userPrincipal } from './internal';
import { forward } from './proxy';

/**
 * `GET /api/jobs/{job_id}` (internal-api.md 11): jobs belong to the services that queued them,
 * and the id says which (kit job-ids). The owner checks who may read the job.
 */
export function jobRoutes(deps: {
  config: GatewayConfig;
  call: InternalClient;
}): Record<string, Handler> {
  return {
    getJob: async ({ params, session }) => {
      const id = Number(params.job_id);
      const service = jobOwner(id);
      if (!service || !session) throw new NotFound(`No job ${id}.`);
      return forward(deps.call, {
        service,
        baseUrl: deps.config.services[service],
        method: 'GET',
        url: `/api/jobs/${id}`,
        principal: userPrincipal(session.user),
      });
    },
  };
}
