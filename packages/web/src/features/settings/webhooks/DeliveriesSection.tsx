import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Schemas } from '../../../api/client';
import { DateTime } from '../../../ui/DateTime';
import { EmptyState } from '../../../ui/EmptyState';
import { Pager } from '../../../ui/Pager';
import { QueryState } from '../../../ui/QueryState';
import { intParam } from '../../../ui/int-param';
import { useSearchState } from '../../../ui/useSearchState';
import { DeliveryDetail } from './DeliveryDetail';
import { asEventType, EVENT_TYPES } from './event-types';

type Delivery = Schemas['WebhookDelivery'];
const PATH = '/api/settings/integrations/webhook-deliveries';
const DEFAULTS = { page: '1', endpoint: '', status: '', event_type: '' };
const STATUSES: Schemas['WebhookDeliveryStatus'][] = ['pending', 'delivered', 'failed', 'canceled'];
const STATUS_CLASS = {
  pending: 'state-pending',
  delivered: 'state-completed',
  failed: 'state-denied',
  canceled: 'state-disabled',
} as const;

/** Delivery history, filtered and paged in the URL, with redeliver and the attempt log. */
export function DeliveriesSection({ endpoints }: { endpoints: Schemas['WebhookEndpoint'][] }) {
  const queryClient = useQueryClient();
  const [state, setState] = useSearchState(DEFAULTS);
  const [open, setOpen] = useState<number | null>(null);
  const endpointId = intParam(state.endpoint, 0);
  const deliveries = api.useQuery('get', PATH, {
    params: {
      query: {
        page: intParam(state.page, 1),
        per_page: 50,
        endpoint_id: endpointId || undefined,
        status: STATUSES.find((s) => s === state.status),
        event_type: asEventType(state.event_type),
      },
    },
  });
  const retry = api.useMutation('post', `${PATH}/{delivery_id}/retry`, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['get', PATH] }),
  });

  return (
    <section aria-labelledby="deliveries-title" className="settings-section">
      <div className="section-header">
        <h2 id="deliveries-title">
          Deliveries{' '}
          {deliveries.data && (
            <span className="count">{deliveries.data.total.toLocaleString()}</span>
          )}
        </h2>
      </div>
      <div className="toolbar">
        <select
          aria-label="Endpoint"
          value={state.endpoint}
          onChange={(e) => setState({ endpoint: e.target.value })}
        >
          <option value="">All endpoints</option>
          {endpoints.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
        <select
          aria-label="Status"
          value={state.status}
          onChange={(e) => setState({ status: e.target.value })}
        >
          <option value="">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <select
          aria-label="Event type"
          value={state.event_type}
          onChange={(e) => setState({ event_type: e.target.value })}
        >
          <option value="">All event types</option>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={deliveries} rows={6}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No deliveries">
              {state.endpoint || state.status || state.event_type
                ? 'Clear the filters to see every delivery.'
                : 'Deliveries appear here once a subscribed event happens.'}
            </EmptyState>
          ) : (
            <>
              <div className="table-scroll">
                <table className="list">
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Endpoint</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="num">
                        Attempts
                      </th>
                      <th scope="col">Last response</th>
                      <th scope="col">Created</th>
                      <th scope="col">Delivered / next attempt</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((d) => (
                      <DeliveryRow
                        key={d.id}
                        delivery={d}
                        retrying={
                          retry.isPending && retry.variables.params.path.delivery_id === d.id
                        }
                        onRetry={() => retry.mutate({ params: { path: { delivery_id: d.id } } })}
                        onOpen={() => setOpen(d.id)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={data.page}
                totalPages={data.total_pages}
                onPage={(p) => setState({ page: String(p) })}
              />
            </>
          )
        }
      </QueryState>
      {open !== null && <DeliveryDetail id={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function DeliveryRow({
  delivery: d,
  retrying,
  onRetry,
  onOpen,
}: {
  delivery: Delivery;
  retrying: boolean;
  onRetry: () => void;
  onOpen: () => void;
}) {
  return (
    <tr>
      <td>
        <code>{d.event_type}</code>
        <div className="muted small mono">{d.event_id}</div>
      </td>
      <td>{d.endpoint_name}</td>
      <td>
        <span className={`badge ${STATUS_CLASS[d.status]}`}>{d.status}</span>
      </td>
      <td className="num">
        {d.attempts}
        {d.round > 1 ? ` (round ${d.round})` : ''}
      </td>
      <td>
        {d.last_status_code ?? '—'}
        {d.last_error && <div className="field-error small">{d.last_error}</div>}
      </td>
      <td>
        <DateTime value={d.created_at} />
      </td>
      <td>
        {d.delivered_at ? (
          <DateTime value={d.delivered_at} />
        ) : (
          <DateTime value={d.next_attempt_at} relative />
        )}
      </td>
      <td>
        <div className="card-actions">
          <button
            type="button"
            className="button"
            aria-label={`Details of delivery ${d.id}`}
            onClick={onOpen}
          >
            Details
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Redeliver delivery ${d.id}`}
            disabled={d.status === 'pending' || retrying}
            onClick={onRetry}
          >
            Redeliver
          </button>
        </div>
      </td>
    </tr>
  );
}
