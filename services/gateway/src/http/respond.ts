import type { Response } from 'express';
import type { Outcome } from '../operation';

/** Writes an outcome (forwarded, replayed or local) to the client. */
export function respond(res: Response, outcome: Outcome): void {
  res.status(outcome.status);
  if (outcome.raw?.length && !outcome.replayed) {
    // Forwarded as is: the service already used this request's id as its correlation id.
    // Written directly: express's send would hash the body for an ETag that no-store makes
    // useless. (An empty answer, e.g. a 204, takes the path below.)
    res.setHeader('Content-Type', outcome.contentType);
    res.setHeader('Content-Length', outcome.raw.length);
    res.end(outcome.raw);
    return;
  }
  if (outcome.body === null || outcome.status === 204) {
    res.end();
    return;
  }
  let body = outcome.body;
  // A replayed error keeps its stored fields but names this request for support. (Success
  // bodies may have a request_id of their own, e.g. a protection request's id.)
  if (outcome.status >= 400 && body && typeof body === 'object' && 'request_id' in body) {
    body = { ...body, request_id: String(res.getHeader('X-Request-Id') ?? '') };
  }
  res.type(outcome.contentType).send(JSON.stringify(body));
}
