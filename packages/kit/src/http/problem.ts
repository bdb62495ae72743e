import { problemTitle } from '@mcs/contracts';
import type { Response } from 'express';
import type { FieldError } from '../errors';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  request_id: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

export function problemBody(
  status: number,
  code: string,
  detail: string,
  requestId: string,
  extra: { errors?: FieldError[]; fields?: Record<string, unknown> } = {},
): Problem {
  return {
    ...extra.fields,
    type: `urn:mcs:problem:${code}`,
    // Fixed per code by the contract (external-api.md 1.9).
    title: problemTitle(code),
    status,
    detail,
    code,
    request_id: requestId,
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
}

export function sendProblem(
  res: Response,
  status: number,
  code: string,
  detail: string,
  extra: {
    errors?: FieldError[];
    fields?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
): void {
  const requestId = String(res.getHeader('X-Request-Id') ?? '');
  for (const [name, value] of Object.entries(extra.headers ?? {})) res.setHeader(name, value);
  res
    .status(status)
    .type('application/problem+json')
    .send(JSON.stringify(problemBody(status, code, detail, requestId, extra)));
}
