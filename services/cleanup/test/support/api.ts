import type { ExternalApi } from '@mcs/contracts';
import { type FieldError, type Principal, signInternalRequest } from '@mcs/kit';
import { TEST_INTERNAL_SECRET } from '@mcs/kit/testing';
import type { ProtectedEntryWire } from '../../src/views/protection.view';

type Schemas = ExternalApi.components['schemas'];
export type Candidate = Schemas['Candidate'];
export type CandidatePage = Schemas['CandidatePage'];
export type ActionResponse = Schemas['CandidateActionResponse'];
export type Protection = Schemas['Protection'];
export type ProtectionPage = Schemas['ProtectionPage'];
export type ProtectionCreated = Schemas['ProtectionCreateResponse'];
export type ProtectedEntry = ProtectedEntryWire;
export type ProtectedPage = Omit<ProtectionPage, 'items'> & { items: ProtectedEntry[] };
export type Problem = Schemas['Problem'] & { errors?: FieldError[] };

/** Principals as the gateway forwards them. */
export const TOKEN: Principal = { type: 'api_token', id: 4, scopes: ['candidates:manage'] };
export const OTHER_TOKEN: Principal = { type: 'api_token', id: 5, scopes: ['candidates:manage'] };
export const ADMIN: Principal = { type: 'user', id: 1, role: 'admin' };
export const USER: Principal = { type: 'user', id: 2, role: 'user' };

/** A response read as the success type `T`, or as a problem when the call failed. */
export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T & Partial<Problem>;
}

export type Api = <T = Problem>(
  method: string,
  url: string,
  options?: { principal?: Principal; body?: unknown; key?: string },
) => Promise<ApiResponse<T>>;

/** Calls the service as the gateway does: signed, with the principal and idempotency key. */
export function apiClient(baseUrl: string): Api {
  return async <T>(
    method: string,
    url: string,
    options: { principal?: Principal; body?: unknown; key?: string } = {},
  ): Promise<ApiResponse<T>> => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const extra: Record<string, string> = {};
    if (body !== undefined) extra['content-type'] = 'application/json';
    if (options.key) extra['x-mcs-idempotency-key'] = options.key;
    // Signed exactly as it goes on the wire (after URL normalisation, e.g. %20 for spaces).
    const target = new URL(url, baseUrl);
    const headers = signInternalRequest(TEST_INTERNAL_SECRET, {
      method,
      url: target.pathname + target.search,
      body,
      principal: options.principal ?? TOKEN,
      headers: extra,
    });
    const response = await fetch(target, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : undefined) as T & Partial<Problem>,
    };
  };
}
