import type { QueryClient } from '@tanstack/react-query';
import type { Schemas } from '../../api/client';

export type ProtectionRequest = Schemas['ProtectionRequest'];
export type DeleteRequest = Schemas['DeleteRequest'];
export type RequestKind = 'protection' | 'delete';

export const PROTECTION_STATUSES: readonly ProtectionRequest['status'][] = [
  'pending',
  'approved',
  'denied',
  'canceled',
  'closed',
];
export const DELETE_STATUSES: readonly DeleteRequest['status'][] = [
  'pending',
  'approved',
  'completed',
  'failed',
  'denied',
  'canceled',
  'closed',
];

/** Plain words for every conflict the request routes answer with. */
export const REQUEST_CONFLICTS: Record<string, string> = {
  request_not_pending:
    'This request was already decided or canceled by someone else. The list now shows its current state.',
  file_operation_pending:
    'A delete or move of this item is queued or running. Wait until it finishes, then decide again.',
  target_protected: 'The item is protected now. Remove its protection first, or deny the request.',
  pending_protection_request:
    'Someone asked to protect this item and that request is still open. Decide the protection request first.',
  move_destination_missing:
    'No move destination is configured for this media type. Set one in Settings, or choose Delete.',
};

export function requestedDuration(request: ProtectionRequest): string {
  if (request.permanent || request.duration_days === null) return 'Permanent';
  return `${request.duration_days.toLocaleString()} day${request.duration_days === 1 ? '' : 's'}`;
}

/** After any decision: both lists and the sidebar's pending counts. */
export function refreshAfterDecision(queryClient: QueryClient): void {
  for (const path of [
    '/api/protection-requests',
    '/api/delete-requests',
    '/api/info/sidebar-indicators',
  ])
    void queryClient.invalidateQueries({ queryKey: ['get', path] });
}

/** The Requests page's URL state: tab, status filter, admins' "mine", page. */
export const REQUEST_SEARCH = { tab: 'protection', status: '', mine: '', page: '1' };

export interface RequestSearch {
  search: typeof REQUEST_SEARCH;
  onSearch: (changes: Partial<typeof REQUEST_SEARCH>) => void;
  page: number;
}
