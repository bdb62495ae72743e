/**
 * The problem codes of the APIs and their fixed titles (external-api.md 1.9): which code a
 * response may carry is part of the contract, like its fields. The kit's problem+json writer
 * takes its titles from here; a code without one reads as itself ("some_code" → "Some code").
 */
export const PROBLEM_TITLES = {
  // Transport and routing
  malformed_json: 'Malformed JSON',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  validation_failed: 'Validation failed',
  invalid_cursor: 'Invalid cursor',
  // Authentication and access
  missing_token: 'Authentication required',
  invalid_token: 'Invalid token',
  token_revoked: 'Token revoked',
  token_expired: 'Token expired',
  unauthenticated: 'Authentication required',
  invalid_signature: 'Invalid internal signature',
  insufficient_scope: 'Insufficient scope',
  forbidden: 'Forbidden',
  csrf_failed: 'CSRF check failed',
  rate_limited: 'Too many requests',
  // State of the system
  setup_required: 'Setup required',
  service_unavailable: 'Service unavailable',
  internal_error: 'Internal error',
  conflict: 'Conflict',
  // Idempotency (external-api.md 1.8)
  idempotency_key_in_use: 'Idempotency key in use',
  idempotency_key_reused: 'Idempotency key reused',
  // Domain rules
  candidate_protected: 'Candidate is protected',
  file_operation_pending: 'File operation pending',
  rule_managed_protection: 'Protection is managed by a rule',
  postpone_not_after_deadline: 'Postponement too early',
  target_mismatch: 'Target mismatch',
  task_disabled: 'Task is disabled',
  main_server_required: 'Main media server required',
} as const;

/** The title of a problem code; an unknown code reads as itself ("some_code" → "Some code"). */
export function problemTitle(code: string): string {
  return (
    (PROBLEM_TITLES as Record<string, string>)[code] ??
    code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
  );
}
