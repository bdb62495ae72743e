import { DateTime } from '../../ui/DateTime';
import { StateBadge } from '../../ui/StateBadge';
import { DecisionCell, TargetCell } from './RequestCells';
import { RequestActions, type Decision } from './RequestActions';
import { requestedDuration, type ProtectionRequest } from './request-format';

export function ProtectionRequestTable({
  items,
  isAdmin,
  userId,
  onAction,
}: {
  items: ProtectionRequest[];
  isAdmin: boolean;
  userId: number;
  onAction: (request: ProtectionRequest, decision: Decision) => void;
}) {
  return (
    <div className="table-scroll" role="region" aria-label="Protection requests" tabIndex={0}>
      <table className="list requests-table">
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Requested by</th>
            <th scope="col">Reason</th>
            <th scope="col">Duration</th>
            <th scope="col">Status</th>
            <th scope="col">Decision</th>
            <th scope="col">Created</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((request) => (
            <tr key={request.id}>
              <TargetCell target={request.target} />
              <td>{request.requested_by.username ?? `User #${request.requested_by.id}`}</td>
              <td className="reason-cell">{request.reason ?? <span className="muted">—</span>}</td>
              <td>{requestedDuration(request)}</td>
              <td>
                <StateBadge state={request.status} />
              </td>
              <DecisionCell request={request} />
              <td>
                <DateTime value={request.created_at} />
              </td>
              <td>
                <RequestActions
                  request={request}
                  kind="protection"
                  isAdmin={isAdmin}
                  userId={userId}
                  onAction={(decision) => onAction(request, decision)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
