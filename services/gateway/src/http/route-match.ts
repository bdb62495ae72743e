import type { Response } from 'express';
import { AppError, ROUTE_LABEL } from '@mcs/kit';
import type { Contract, ContractOperation } from './contract';

/**
 * The contract operation a request is for, found the same way by both pipelines: 405 with the
 * allowed methods when only the method is wrong, 404 when no path matches. The operation's
 * path template becomes the request's route label in the metrics.
 */
export function matchRoute(
  contract: Contract,
  method: string,
  path: string,
  res: Response,
): ContractOperation {
  const match = contract.match(method, path);
  if (match.kind === 'method_not_allowed') {
    throw new AppError(405, 'method_not_allowed', `${method} is not allowed on ${path}.`, {
      headers: { Allow: match.allow.join(', ') },
    });
  }
  if (match.kind === 'not_found')
    throw new AppError(404, 'not_found', `No route matches ${method} ${path}.`);
  res.locals[ROUTE_LABEL] = match.operation.path;
  return match.operation;
}
