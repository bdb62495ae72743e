import type { NextFunction, Request, Response } from 'express';
import { effectiveScopes, externalOpenApiDocument } from '@mcs/contracts';
import { Forbidden, NotFound } from '../errors';
import { principalOf } from './internal-auth';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface ScopedOperation {
  method: string;
  /** Literal segments, or null where the path has a parameter. */
  segments: (string | null)[];
  scope: string | null;
}

/**
 * Defence in depth for /api/v1 (docs/decisions/023): the gateway checks each operation's
 * `x-required-scope`, and every owning service checks it again against the signed principal,
 * from the same contract, so a service reached by another way than the gateway's pipeline
 * still serves a token only what its scopes allow. A request no operation of the contract
 * describes is refused: a route a service serves under /api/v1 must be in the contract.
 *
 * Matched by segments, not by a pattern, so a request path costs one pass over its parts.
 */
export function requireOperationScope(
  document: Record<string, unknown> = externalOpenApiDocument(),
) {
  const operations = scopedOperations(document);
  return (req: Request, res: Response, next: NextFunction): void => {
    const operation = match(operations, req.method.toLowerCase(), req.baseUrl + req.path);
    if (!operation) throw new NotFound(`No route matches ${req.method} ${req.path}.`);
    const principal = principalOf(res);
    if (principal.type !== 'api_token')
      throw new Forbidden('forbidden', 'The external API serves API tokens only.');
    if (operation.scope !== null && !effectiveScopes(principal.scopes).includes(operation.scope))
      throw new Forbidden(
        'insufficient_scope',
        `This API token requires the ${operation.scope} scope.`,
      );
    next();
  };
}

function scopedOperations(document: Record<string, unknown>): ScopedOperation[] {
  const paths = asRecord(document.paths);
  return (
    Object.entries(paths)
      .flatMap(([path, item]) =>
        METHODS.filter((method) => asRecord(item)[method] !== undefined).map((method) => ({
          method,
          segments: path
            .split('/')
            .map((segment) => (segment.startsWith('{') && segment.endsWith('}') ? null : segment)),
          scope: scopeOf(asRecord(asRecord(item)[method])['x-required-scope']),
        })),
      )
      // Literal paths win over templated ones, as in the gateway's route table.
      .sort((a, b) => parameters(a) - parameters(b))
  );
}

function match(operations: ScopedOperation[], method: string, path: string) {
  const segments = path.split('/');
  return operations.find(
    (operation) =>
      operation.method === method &&
      operation.segments.length === segments.length &&
      operation.segments.every((literal, i) =>
        literal === null ? segments[i] !== '' : literal === segments[i],
      ),
  );
}

function parameters(operation: ScopedOperation): number {
  return operation.segments.filter((segment) => segment === null).length;
}

function scopeOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
