import type { Response } from 'express';
import type { FieldError } from '../errors';

/** Fixed titles per code (external-api.md 1.9); unknown codes fall back to the HTTP phrase. */
const TITLES: Record<string, string> = {
  malformed_json: 'Malformed JSON',
  invalid_cursor: 'Invalid cursor',
  missing_token: 'Authentication required',
  invalid_token: 'Invalid token',
  token_revoked: 'Token revoked',
  token_expired: 'Token expired',
  unauthenticated: 'Authentication required',
  invalid_signature: 'Invalid internal signature',
  insufficient_scope: 'Insufficient scope',
  forbidden: 'Forbidden',
  csrf_failed: 'CSRF check failed',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  candidate_protected: 'Candidate is protected',
  file_operation_pending: 'File operation pending',
  rule_managed_protection: 'Protection is managed by a rule',
  task_disabled: 'Task is disabled',
  main_server_required: 'Main media server required',
  idempotency_key_in_use: 'Idempotency key in use',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  validation_failed: 'Validation failed',
  postpone_not_after_deadline: 'Postponement too early',
  target_mismatch: 'Target mismatch',
  idempotency_key_reused: 'Idempotency key reused',
  rate_limited: 'Too many requests',
  internal_error: 'Internal error',
  setup_required: 'Setup required',
  service_unavailable: 'Service unavailable',
};

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
    title: TITLES[code] ?? code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
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
