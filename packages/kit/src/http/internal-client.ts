import { correlationId } from '../context';
import { type Principal, signInternalRequest } from './internal-auth';

export interface InternalResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface InternalCall {
  baseUrl: string;
  method: string;
  /** Path with query string. */
  url: string;
  principal: Principal;
  body?: Buffer | string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Client side of signed internal calls: signs, forwards the correlation id, and bounds the
 * time a call may take so a stuck service cannot hang its caller.
 */
export function createInternalClient(options: { secret: string; timeoutMs: number }) {
  return async function call(request: InternalCall): Promise<InternalResponse> {
    // Sign the URL exactly as fetch will send it (after its normalisation).
    const target = new URL(request.url, request.baseUrl);
    const headers = signInternalRequest(options.secret, {
      method: request.method,
      url: target.pathname + target.search,
      body: request.body,
      principal: request.principal,
      headers: { ...request.headers, 'x-request-id': correlationId() },
    });
    const response = await fetch(target, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
}

export type InternalClient = ReturnType<typeof createInternalClient>;
