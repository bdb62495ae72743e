import { useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../../api/client';
import { DateTime } from '../../../ui/DateTime';
import { formatNumber } from '../../../ui/format';
import { serviceTypeLabel } from './service-types';

type Service = Schemas['ServiceView'];
const STATE_CLASS = {
  ok: 'state-completed',
  unavailable: 'state-denied',
  disabled: 'state-disabled',
  unknown: 'state-pending',
} as const;

/** One service: what it is, whether it answers, and its libraries with their sync toggles. */
export function ServiceCard({
  service,
  onEdit,
  onDelete,
}: {
  service: Service;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { status } = service;
  return (
    <article className="card service-card" aria-labelledby={`svc-${service.id}-title`}>
      <h3 className="card-title" id={`svc-${service.id}-title`}>
        {service.name}
        <span className="badge">{serviceTypeLabel(service.service_type)}</span>
        {service.is_main && <span className="badge state-scheduled">main</span>}
        <span className={`badge ${STATE_CLASS[status.state]}`}>{status.state}</span>
      </h3>
      <dl className="meta">
        <dt>URL</dt>
        <dd className="mono">{service.base_url}</dd>
        <dt>Enabled</dt>
        <dd>{service.enabled ? 'Yes' : 'No'}</dd>
        <dt>API key</dt>
        <dd>{service.api_key_set ? 'Stored' : 'None'}</dd>
        <dt>Last contact</dt>
        <dd>
          <DateTime value={status.last_ok_at} relative />
        </dd>
        {status.last_error && (
          <>
            <dt>Last error</dt>
            <dd className="field-error">{status.last_error}</dd>
          </>
        )}
      </dl>
      {service.libraries.length > 0 && <Libraries service={service} />}
      <div className="card-actions">
        <button
          type="button"
          className="button"
          onClick={onEdit}
          aria-label={`Edit service ${service.name}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="button"
          onClick={onDelete}
          aria-label={`Delete service ${service.name}`}
        >
          Delete
        </button>
      </div>
    </article>
  );
}

function Libraries({ service }: { service: Service }) {
  const queryClient = useQueryClient();
  const save = api.useMutation('post', '/api/settings/save/service', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['get', '/api/settings/services'] }),
  });
  // Library flags are applied without a connection test; the rest is sent back as stored.
  const toggle = (libraryId: number, enabled: boolean) =>
    save.mutate({
      body: {
        id: service.id,
        service_type: service.service_type,
        name: service.name,
        base_url: service.base_url,
        enabled: service.enabled,
        libraries: [{ id: libraryId, enabled }],
      },
    });
  return (
    <div className="table-scroll">
      <table className="list">
        <caption className="visually-hidden">Libraries of {service.name}</caption>
        <thead>
          <tr>
            <th scope="col">Library</th>
            <th scope="col">Type</th>
            <th scope="col" className="num">
              Items
            </th>
            <th scope="col">Sync</th>
          </tr>
        </thead>
        <tbody>
          {service.libraries.map((library) => (
            <tr key={library.id}>
              <td>{library.name}</td>
              <td>{library.media_type}</td>
              <td className="num">{formatNumber(library.item_count)}</td>
              <td>
                <input
                  type="checkbox"
                  className="toggle"
                  checked={library.enabled}
                  disabled={save.isPending}
                  aria-label={`Sync library ${library.name}`}
                  onChange={(e) => toggle(library.id, e.target.checked)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
