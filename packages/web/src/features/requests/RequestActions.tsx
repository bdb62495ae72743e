import { targetName } from '../protections/target';
import type { ProtectionRequest, DeleteRequest } from './request-format';

export type Decision = 'approve' | 'deny' | 'cancel';

/**
 * Pending requests only: admins approve or deny; the requester (admins included) may cancel
 * their own. Names carry the target so each button is unique on the page.
 */
export function RequestActions({
  request,
  kind,
  isAdmin,
  userId,
  onAction,
}: {
  request: ProtectionRequest | DeleteRequest;
  kind: 'protection' | 'delete';
  isAdmin: boolean;
  userId: number;
  onAction: (decision: Decision) => void;
}) {
  if (request.status !== 'pending') return <span className="muted">—</span>;
  const name = targetName(request.target);
  const own = request.requested_by.id === userId;
  return (
    <div className="row-actions">
      {isAdmin && (
        <>
          <button
            type="button"
            className="button primary"
            aria-label={`Approve ${kind} request for ${name}`}
            onClick={() => onAction('approve')}
          >
            Approve
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Deny ${kind} request for ${name}`}
            onClick={() => onAction('deny')}
          >
            Deny
          </button>
        </>
      )}
      {own && (
        <button
          type="button"
          className="button"
          aria-label={`Cancel request for ${name}`}
          onClick={() => onAction('cancel')}
        >
          Cancel request
        </button>
      )}
    </div>
  );
}
