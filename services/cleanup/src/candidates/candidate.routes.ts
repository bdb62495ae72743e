import type { Request, Response, Router } from 'express';
import { Input, pathId, sendOutcome } from '@mcs/kit';
import { externalCaller, userCaller } from '../http/principal';
import { readCandidateFilters } from './candidate-filters';
import type { ActionRequest, CandidateActionService } from './candidate-action.service';
import type { CandidateService } from './candidate.service';

/**
 * Candidate routes: the external ones (external-api.md 2.3) and the same four actions for the
 * Candidates page (internal-api.md §8, administrators; actor `user`, protections `manual`).
 */
export function candidateRoutes(
  api: Router,
  services: { candidates: CandidateService; candidateActions: CandidateActionService },
): void {
  const { candidates, candidateActions } = services;

  api.get('/v1/candidates', async (req, res) => {
    const query = new Input('query', req.query);
    const filters = readCandidateFilters(query);
    const paging = query.paging();
    query.done();
    res.json(await candidates.list(filters, paging));
  });

  api.get('/v1/candidates/:candidate_id', async (req, res) => {
    res.json(await candidates.get(pathId(req.params, 'candidate_id')));
  });

  /** Reads what every action shares; `more` reads the action's own fields. */
  const action = <T>(
    run: (request: ActionRequest & T) => ReturnType<CandidateActionService['cancel']>,
    more: (body: Input) => T,
    caller: (req: Request, res: Response) => Omit<ActionRequest, 'candidateId' | 'reason'>,
  ) => {
    return async (req: Request<{ candidate_id: string }>, res: Response) => {
      const candidateId = pathId(req.params, 'candidate_id');
      const body = Input.body(req.body);
      const request = { candidateId, reason: body.reason(), ...more(body) };
      body.done();
      const outcome = await run({ ...request, ...caller(req, res) });
      // Candidate-action bodies say whether they are a replay (external-api.md 1.11).
      sendOutcome(res, { ...outcome, body: { ...outcome.body, replayed: outcome.replayed } });
    };
  };
  const none = () => ({});
  // The internal API takes no Idempotency-Key: a second click is a second action, answered
  // by the same rules as the first (a protected candidate refuses it, and so on).
  const asAdmin = (_req: Request, res: Response) => ({
    ...userCaller(res, 'admin'),
    idempotency: undefined,
  });
  for (const [prefix, caller] of [
    ['/v1/candidates', externalCaller],
    ['/media/candidates', asAdmin],
  ] as const) {
    api.post(
      `${prefix}/:candidate_id/cancel`,
      action((r) => candidateActions.cancel(r), none, caller),
    );
    api.post(
      `${prefix}/:candidate_id/postpone`,
      action<{ until: Date }>(
        (r) => candidateActions.postpone(r),
        // Absent or invalid, `until` is undefined only when body.done() is about to throw.
        (body) => ({ until: body.timestamp('until', true) as Date }),
        caller,
      ),
    );
    api.post(
      `${prefix}/:candidate_id/reset-timer`,
      action((r) => candidateActions.resetTimer(r), none, caller),
    );
    api.post(
      `${prefix}/:candidate_id/protect`,
      action((r) => candidateActions.protect(r), none, caller),
    );
  }
}
