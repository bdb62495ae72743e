/** What refuses a manual delete or move of selected candidates (internal-api.md 8). */
export interface ManualCandidate {
  id: number;
  blocked: boolean;
  pendingProtectionRequest: boolean;
  operationPending: boolean;
}

export type ManualRefusal =
  | { code: 'not_found'; ids: number[] }
  | { code: 'candidate_protected'; ids: number[] }
  | { code: 'pending_protection_request'; ids: number[] }
  | { code: 'file_operation_pending'; ids: number[] }
  | { code: 'confirmation_required'; ids: number[] };

/**
 * All listed candidates are checked first; the first kind of problem found refuses the whole
 * request, naming every offending id, so nothing is queued for a partly bad selection. Large
 * selections need `confirm` (more than the breaker's item limit). Canceled candidates pass.
 */
export function checkManual(
  requested: readonly number[],
  found: readonly ManualCandidate[],
  options: { confirm: boolean; maxUnconfirmed: number },
): ManualRefusal | null {
  const byId = new Map(found.map((candidate) => [candidate.id, candidate]));
  const missing = requested.filter((id) => !byId.has(id));
  if (missing.length > 0) return { code: 'not_found', ids: missing };
  const protectedIds = found.filter((c) => c.blocked).map((c) => c.id);
  if (protectedIds.length > 0) return { code: 'candidate_protected', ids: protectedIds };
  const asked = found.filter((c) => c.pendingProtectionRequest).map((c) => c.id);
  if (asked.length > 0) return { code: 'pending_protection_request', ids: asked };
  const pending = found.filter((c) => c.operationPending).map((c) => c.id);
  if (pending.length > 0) return { code: 'file_operation_pending', ids: pending };
  if (options.maxUnconfirmed > 0 && requested.length > options.maxUnconfirmed && !options.confirm)
    return { code: 'confirmation_required', ids: [] };
  return null;
}
