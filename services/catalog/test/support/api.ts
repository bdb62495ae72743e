import { type FieldError, type Principal, signInternalRequest } from '@mcs/kit';
import { TEST_INTERNAL_SECRET } from '@mcs/kit/testing';

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
  options?: { principal?: Principal; body?: unknown },
) => Promise<ApiResponse<T>>;

/** Calls the service as the gateway does: signed, with the principal. */
export function apiClient(baseUrl: string): Api {
  return async <T>(
    method: string,
    url: string,
    options: { principal?: Principal; body?: unknown } = {},
  ): Promise<ApiResponse<T>> => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const target = new URL(url, baseUrl);
    const headers = signInternalRequest(TEST_INTERNAL_SECRET, {
      method,
      url: target.pathname + target.search,
      body,
      principal: options.principal ?? TOKEN,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    const response = await fetch(target, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: (text ? JSON.parse(text) : undefined) as T & Partial<Problem>,
    };
  };
}
