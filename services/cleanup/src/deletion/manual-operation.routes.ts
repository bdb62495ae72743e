import type { Router } from 'express';
import { Input } from '@mcs/kit';
import { userCaller } from '../http/principal';
import type { ManualOperationService, ManualRequest } from './manual-operation.service';

const MAX_IDS = 500;

/** Manual delete and move of selected candidates (internal-api.md 8), administrators only. */
export function manualOperationRoutes(api: Router, manual: ManualOperationService): void {
  for (const kind of ['delete', 'move'] as const)
    api.post(`/media/candidates/${kind}`, async (req, res) => {
      const caller = userCaller(res, 'admin');
      res.status(202).json(await manual.queue(kind, readRequest(req.body), caller));
    });
}

function readRequest(raw: unknown): ManualRequest {
  const body = Input.body(raw);
  body.required('candidate_ids');
  const list = body.array('candidate_ids') ?? [];
  if (list.length < 1 || list.length > MAX_IDS)
    body.fail('candidate_ids', `Must list 1 to ${MAX_IDS} candidate ids.`);
  list.forEach((id, i) => {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
      body.fail(`candidate_ids[${i}]`, 'Must be a positive integer id.');
  });
  if (new Set(list).size !== list.length) body.fail('candidate_ids', 'Lists an id twice.');
  const reason = body.reason();
  const confirm = body.boolean('confirm') ?? false;
  body.done();
  return { candidateIds: list as number[], reason, confirm };
}
