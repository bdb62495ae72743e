import type { Problem } from '../../api/problem';

/** The request refusals of internal-api.md §9, in plain words; the detail follows for ids. */
const MEANING: Record<string, string> = {
  covered_by_existing_protection:
    'A broader protection already covers this (the whole movie, series or season), so this narrower one is not needed.',
  already_protected: 'This is already protected: there is nothing to request.',
  duplicate_request:
    'A request for this is already pending. Wait for an administrator to decide, or cancel it on the Requests page.',
  target_protected:
    'This is protected, so it cannot be deleted. The protection has to be removed or expire first.',
  file_operation_pending: 'A deletion or move of these files is already under way.',
  pending_protection_request:
    'A protection request for this is pending; it has to be decided before a deletion.',
  target_mismatch: 'The chosen version, season or episode does not belong to this item.',
  not_found: 'This item, or the chosen part of it, is no longer in the library.',
};

/** What went wrong with a protect or request action, for the dialog to show. */
export function explainProblem(problem: Problem): string {
  const meaning = problem.code ? MEANING[problem.code] : undefined;
  return meaning ?? problem.detail;
}
