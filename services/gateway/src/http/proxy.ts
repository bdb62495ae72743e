import {
  ServiceUnavailable,
  UNROUTED_HEADER,
  type InternalClient,
  type InternalResponse,
  type Principal,
} from '@mcs/kit';
import type { Outcome } from '../operation';

export interface ForwardRequest {
  service: string;
  baseUrl: string;
  method: string;
  /** Path with the normalised query string. */
  url: string;
  principal: Principal;
  body?: Record<string, unknown>;
  /** Signed x-mcs-* headers to pass on (the idempotency scope). */
  headers?: Record<string, string>;
}

/** A forwarded request's URL: the path and the query as normalised and validated. */
export function withQuery(path: string, query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Forwards a request the gateway has authenticated and validated to its owning service,
 * signed (kit internal-auth). A service that is down or too slow answers 503 problem+json
 * instead of hanging the client or failing with a 500.
 */
export function forward(call: InternalClient, request: ForwardRequest): Promise<Outcome> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  // then(), not async/await: one promise fewer per request (each costs: kit context.ts).
  return call({
    service: request.service,
    baseUrl: request.baseUrl,
    method: request.method,
    url: request.url,
    principal: request.principal,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    headers,
  }).then(outcomeOf, () => {
    throw new ServiceUnavailable(
      'service_unavailable',
      `The ${request.service} service is not available right now.`,
      5,
    );
  });
}

function outcomeOf(response: InternalResponse): Outcome {
  const contentType = response.headers['content-type'] ?? 'application/json; charset=utf-8';
  const raw = response.body;
  let parsed: unknown;
  return {
    status: response.status,
    contentType,
    // Passed through as received; parsed only when needed (to store an idempotent outcome).
    raw,
    get body() {
      parsed ??= raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as unknown) : null;
      return parsed;
    },
    // The owning service replayed its own record (the gateway's was lost, e.g. in a crash).
    replayed: response.headers['idempotent-replayed'] === 'true',
    // No route of the service answered: not an outcome of this request to keep.
    unrouted: response.headers[UNROUTED_HEADER] === '1',
  };
}
