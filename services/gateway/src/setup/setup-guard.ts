import type { NextFunction, Request, Response } from 'express';
import { ServiceUnavailable } from '@mcs/kit';
import type { SetupService } from './setup.service';

/**
 * Until the first administrator exists, every /api path except /api/setup* and /api/info*
 * answers 503 setup_required (external-api.md 1.13) — the external API and its docs included.
 */
export function setupGuard(setup: SetupService) {
  return (req: Request, _res: Response, next: NextFunction): void | Promise<void> => {
    // Synchronous once setup is done: this runs before every /api request, and each promise
    // costs more than the check itself while the request context is tracked (kit context.ts).
    if (setup.knownComplete || /^\/(setup|info)(\/|$)/.test(req.path)) {
      next();
      return;
    }
    return setup.isComplete().then((complete) => {
      if (!complete)
        throw new ServiceUnavailable('setup_required', 'The service has not been set up yet.', 5);
      next();
    });
  };
}
