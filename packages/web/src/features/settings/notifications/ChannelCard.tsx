import { api } from '../../../api/client';
import { SendResult } from '../shared/SendResult';
import { eventLabel, KINDS, type Channel } from './channel-kinds';

/** One saved channel: kind, destination (masked), events, and a test send. */
export function ChannelCard({
  channel,
  onEdit,
  onDelete,
}: {
  channel: Channel;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const test = api.useMutation('post', '/api/settings/notifications/test');
  const { id } = channel;
  return (
    <article className="card channel-card" aria-label={`Channel ${channel.name}`}>
      <h3 className="card-title">
        {channel.name}
        <span className="badge">{KINDS[channel.kind].label}</span>
        <span className={`badge ${channel.enabled ? 'state-completed' : 'state-disabled'}`}>
          {channel.enabled ? 'enabled' : 'disabled'}
        </span>
      </h3>
      <dl className="meta">
        <dt>{KINDS[channel.kind].urlLabel}</dt>
        <dd className="mono">{channel.url_or_host}</dd>
        <dt>Events</dt>
        <dd>{channel.events.length ? channel.events.map(eventLabel).join(', ') : 'None'}</dd>
      </dl>
      <div className="card-actions">
        <button
          type="button"
          className="button"
          aria-label={`Send test to ${channel.name}`}
          disabled={test.isPending || !id}
          onClick={() => id && test.mutate({ body: { channel_id: id } })}
        >
          Send test
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Edit channel ${channel.name}`}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Delete channel ${channel.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
      <SendResult result={test.data ?? null} />
    </article>
  );
}
