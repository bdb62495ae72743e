import { api } from '../../../api/client';
import { AppDialog } from '../../../ui/Dialog';
import { DateTime } from '../../../ui/DateTime';
import { QueryState } from '../../../ui/QueryState';

/** One delivery with every attempt, oldest first. */
export function DeliveryDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = api.useQuery(
    'get',
    '/api/settings/integrations/webhook-deliveries/{delivery_id}',
    {
      params: { path: { delivery_id: id } },
    },
  );
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={`Delivery ${id}`} wide>
      <div className="dialog-body">
        <QueryState query={detail} rows={3}>
          {(d) => (
            <>
              <dl className="meta">
                <dt>Event</dt>
                <dd>
                  <code>{d.event_type}</code> <span className="mono small">{d.event_id}</span>
                </dd>
                <dt>Endpoint</dt>
                <dd>{d.endpoint_name}</dd>
                <dt>Status</dt>
                <dd>
                  {d.status} after {d.attempts} attempts (round {d.round})
                </dd>
                <dt>Created</dt>
                <dd>
                  <DateTime value={d.created_at} />
                </dd>
                <dt>Delivered</dt>
                <dd>
                  <DateTime value={d.delivered_at} />
                </dd>
                <dt>Next attempt</dt>
                <dd>
                  <DateTime value={d.next_attempt_at} relative />
                </dd>
              </dl>
              <div className="table-scroll">
                <table className="list">
                  <caption className="visually-hidden">Attempts</caption>
                  <thead>
                    <tr>
                      <th scope="col">Attempt</th>
                      <th scope="col">Started</th>
                      <th scope="col" className="num">
                        Duration
                      </th>
                      <th scope="col">Response</th>
                      <th scope="col">Outcome</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.attempt_log.map((a) => (
                      <tr key={`${a.round}-${a.number}`}>
                        <td>
                          {a.round}.{a.number}
                        </td>
                        <td>
                          <DateTime value={a.started_at} />
                        </td>
                        <td className="num">{a.duration_ms.toLocaleString()} ms</td>
                        <td>
                          {a.status_code ?? '—'}
                          {a.error && <div className="field-error small">{a.error}</div>}
                          {a.retry_after_seconds !== null && (
                            <div className="muted small">Retry-After {a.retry_after_seconds} s</div>
                          )}
                        </td>
                        <td>{a.outcome.replace(/_/g, ' ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </QueryState>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </AppDialog>
  );
}
