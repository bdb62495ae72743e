import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/client';
import { asProblem } from '../../../api/problem';
import { ConfirmDialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { ChannelCard } from './ChannelCard';
import { ChannelForm } from './ChannelForm';
import type { Channel } from './channel-kinds';

const PATH = '/api/settings/general';

/** Notification channels, saved as the `notifications` key of the general settings. */
export function NotificationsTab() {
  const queryClient = useQueryClient();
  const settings = api.useQuery('get', PATH);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const save = api.useMutation('put', PATH, {
    meta: { inline: true },
    onSuccess: async () => {
      setEditing(null);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ['get', PATH] });
    },
  });
  const channels = settings.data?.notifications.channels ?? [];
  const saveChannels = (next: Channel[]) =>
    save.mutate({ body: { notifications: { channels: next } } });
  const close = () => {
    setEditing(null);
    save.reset();
  };

  return (
    <section aria-labelledby="notifications-title">
      <div className="section-header">
        <h2 id="notifications-title">
          Notification channels {settings.data && <span className="count">{channels.length}</span>}
        </h2>
        <button type="button" className="button primary" onClick={() => setEditing('new')}>
          Add channel
        </button>
      </div>
      <QueryState query={settings} rows={3} rowHeight={120}>
        {() =>
          channels.length === 0 ? (
            <EmptyState title="No notification channels yet">
              Add a channel to hear about failed tasks, alerts and new requests.
            </EmptyState>
          ) : (
            channels.map((channel, i) => (
              <ChannelCard
                key={channel.id ?? i}
                channel={channel}
                onEdit={() => setEditing(i)}
                onDelete={() => setDeleting(i)}
              />
            ))
          )
        }
      </QueryState>
      {editing !== null && (
        <ChannelForm
          channel={editing === 'new' ? null : (channels[editing] ?? null)}
          saving={save.isPending}
          problem={save.error ? asProblem(save.error) : null}
          onClose={close}
          onSave={(channel) =>
            saveChannels(
              editing === 'new'
                ? [...channels, channel]
                : channels.map((c, i) => (i === editing ? channel : c)),
            )
          }
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete notification channel"
        confirmLabel="Delete channel"
        pending={save.isPending}
        onConfirm={() => saveChannels(channels.filter((_, i) => i !== deleting))}
      >
        {deleting !== null && channels[deleting] && (
          <p>
            Delete the {channels[deleting].kind} channel &apos;{channels[deleting].name}&apos;? It
            stops receiving notifications and its stored secrets are removed.
          </p>
        )}
        {deleting !== null && save.error !== null && (
          <p className="field-error" role="alert">
            {asProblem(save.error).detail}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
