import type { ExternalApi } from '@mcs/contracts';
import type { FieldError, Principal, UserPrincipal } from '@mcs/kit';
import { callSigned } from '@mcs/kit/testing';
import type { ProtectedEntryWire } from '../../src/protections/protection.view';

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
export const TOKEN: Principal = {
  type: 'api_token',
  id: 4,
  scopes: ['candidates:manage', 'protections:manage'],
};
export const OTHER_TOKEN: Principal = {
  type: 'api_token',
  id: 5,
  scopes: ['candidates:manage', 'protections:manage'],
};
export const ADMIN: UserPrincipal = { type: 'user', id: 1, role: 'admin' };
export const USER: UserPrincipal = { type: 'user', id: 2, role: 'user' };

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
  return <T>(
    method: string,
    url: string,
    options: { principal?: Principal; body?: unknown; key?: string } = {},
  ) =>
    callSigned<T & Partial<Problem>>('cleanup', baseUrl, method, url, {
      ...options,
      principal: options.principal ?? TOKEN,
    });
}
