import type { FieldError, Principal } from '@mcs/kit';
import { callSigned } from '@mcs/kit/testing';

/** Principals as the gateway forwards them. */
export const TOKEN: Principal = { type: 'api_token', id: 4, scopes: ['media:read'] };
export const ADMIN: Principal = { type: 'user', id: 1, role: 'admin' };
export const USER: Principal = { type: 'user', id: 2, role: 'user' };

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldError[];
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  text: string;
  body: T & Partial<Problem>;
}

export type Api = <T = Problem>(
  method: string,
  url: string,
  options?: CallOptions,
) => Promise<ApiResponse<T>>;

/** `signer`: the service that signs (the gateway unless a test calls as another service). */
type CallOptions = { principal?: Principal; body?: unknown; signer?: string };

/** Calls the service as the gateway does: signed, with the principal. */
export function apiClient(baseUrl: string): Api {
  return <T>(method: string, url: string, options: CallOptions = {}) =>
    callSigned<T & Partial<Problem>>('catalog', baseUrl, method, url, {
      ...options,
      principal: options.principal ?? TOKEN,
    });
}
