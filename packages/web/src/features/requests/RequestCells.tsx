import type { ProtectionRequest, DeleteRequest } from './request-format';
import { DateTime } from '../../ui/DateTime';
import { scopeLabel, titleWithYear } from '../protections/target';
import { Link } from 'react-router';

type AnyRequest = ProtectionRequest | DeleteRequest;

export function TargetCell({ target }: { target: AnyRequest['target'] }) {
  return (
    <td className="target-cell">
      <Link to={`/library/${target.media_type}/${target.media_id}`}>{titleWithYear(target)}</Link>
      <span className="muted small block">
        {target.media_type === 'movie' ? 'Movie' : 'Series'} · {scopeLabel(target)}
      </span>
    </td>
  );
}

/** The admin's decision (note, who, when) and how the request ended. */
export function DecisionCell({ request }: { request: AnyRequest }) {
  const failure = 'failure_reason' in request ? request.failure_reason : null;
  if (!request.decided_at && !request.close_reason && !failure)
    return (
      <td>
        <span className="muted">—</span>
      </td>
    );
  return (
    <td className="decision-cell">
      {request.admin_note && <span className="block">“{request.admin_note}”</span>}
      {request.decided_at && (
        <span className="muted small block">
          {request.decided_by !== null ? `User #${request.decided_by}, ` : ''}
          <DateTime value={request.decided_at} />
        </span>
      )}
      {request.close_reason && (
        <span className="muted small block">Closed: {request.close_reason.replace(/_/g, ' ')}</span>
      )}
      {failure && <span className="error-text small block">Failed: {failure}</span>}
    </td>
  );
}
