import { idempotencyHeaders } from '../data/idempotency';
import { type Principal, signInternalRequest } from '../http/internal-auth';
import { testSigningKey } from './keys';

export interface SignedCall {
  principal: Principal;
  body?: unknown;
  /** An Idempotency-Key, forwarded with a fingerprint of method, path and body as the gateway does. */
  key?: string;
  /** The fingerprint to send with the key, when a test needs the gateway's exact one. */
  fingerprint?: string;
  /** Who signs: the gateway unless a test calls as another service (a system principal). */
  signer?: string;
}

/** The raw answer of a signed call, body parsed when there is one. */
export interface SignedResponse<T> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

/**
 * Calls a service's internal API as the gateway does: signed for that service with the test
 * key, with the principal and, given a key, the idempotency headers.
 */
export async function callSigned<T>(
  service: string,
  baseUrl: string,
  method: string,
  url: string,
  call: SignedCall,
): Promise<SignedResponse<T>> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  // Signed exactly as it goes on the wire (after URL normalisation, e.g. %20 for spaces).
  const target = new URL(url, baseUrl);
  const path = target.pathname + target.search;
  const extra: Record<string, string> = {};
  if (body !== undefined) extra['content-type'] = 'application/json';
  if (call.key) {
    const fingerprint = call.fingerprint ?? `${method} ${target.pathname} ${body ?? '{}'}`;
    Object.assign(
      extra,
      idempotencyHeaders({ key: call.key, fingerprint, retentionSeconds: 86_400 }),
    );
  }
  const headers = signInternalRequest(testSigningKey(call.signer), {
    service,
    method,
    url: path,
    body,
    principal: call.principal,
    headers: extra,
  });
  const response = await fetch(target, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
}
