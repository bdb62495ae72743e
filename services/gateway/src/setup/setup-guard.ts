import type { NextFunction, Request, Response } from 'express';
import { ServiceUnavailable } from '@mcs/kit';
import type { SetupService } from './setup.service';

/**
 * Until the first administrator exists, every /api path except /api/setup* and /api/info*
 * answers 503 setup_required (external-api.md 1.13) — the external API and its docs included.
 */
export function setupGuard(setup: SetupService) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (/^\/(setup|info)(\/|$)/.test(req.path) || (await setup.isComplete())) {
      next();
      return;
    }
    throw new ServiceUnavailable('setup_required', 'The service has not been set up yet.', 5);
  };
}
