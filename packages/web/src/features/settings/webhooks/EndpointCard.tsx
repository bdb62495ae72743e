import { api, type Schemas } from '../../../api/client';
import { DateTime } from '../../../ui/DateTime';
import { SendResult } from '../shared/SendResult';

type Endpoint = Schemas['WebhookEndpoint'];

/** One endpoint: where it sends what, and its actions (test, edit, rotate secret, delete). */
export function EndpointCard({
  endpoint,
  onEdit,
  onRotate,
  onDelete,
}: {
  endpoint: Endpoint;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const test = api.useMutation('post', '/api/settings/integrations/webhooks/{endpoint_id}/test');
  const id = `wh-${endpoint.id}-title`;
  return (
    <article className="card endpoint-card" aria-labelledby={id}>
      <h3 className="card-title" id={id}>
        {endpoint.name}
        <span className={`badge ${endpoint.enabled ? 'state-completed' : 'state-disabled'}`}>
          {endpoint.enabled ? 'enabled' : 'disabled'}
        </span>
      </h3>
      {!endpoint.secrets_readable && (
        <p className="banner warning" role="note">
          Its secrets no longer open with the configured keys: enter its headers and password again
          and rotate its signing secret before it can deliver.
        </p>
      )}
      <dl className="meta">
        <dt>URL</dt>
        <dd className="mono">
          {endpoint.method} {endpoint.url}
        </dd>
        <dt>Events</dt>
        <dd>
          {endpoint.event_types.map((t) => (
            <code key={t} className="scope">
              {t}
            </code>
          ))}
        </dd>
        <dt>Media</dt>
        <dd>{endpoint.media_types.join(', ')}</dd>
        <dt>Secret since</dt>
        <dd>
          <DateTime value={endpoint.signing_secret_created_at} />
          {endpoint.previous_secret_expires_at && (
            <span className="muted">
              {' '}
              · old secret valid until <DateTime value={endpoint.previous_secret_expires_at} />
            </span>
          )}
        </dd>
      </dl>
      <div className="card-actions">
        <button
          type="button"
          className="button"
          aria-label={`Send test to ${endpoint.name}`}
          disabled={test.isPending}
          onClick={() => test.mutate({ params: { path: { endpoint_id: endpoint.id } } })}
        >
          Send test
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Edit webhook ${endpoint.name}`}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Rotate secret of ${endpoint.name}`}
          onClick={onRotate}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Delete webhook ${endpoint.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
      <SendResult result={test.data ?? null} />
    </article>
  );
}
