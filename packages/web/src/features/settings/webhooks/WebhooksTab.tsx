import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Schemas } from '../../../api/client';
import { AppDialog, ConfirmDialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { SecretOnce } from '../shared/SecretOnce';
import { DeliveriesSection } from './DeliveriesSection';
import { EndpointCard } from './EndpointCard';
import { WebhookForm } from './WebhookForm';

type Endpoint = Schemas['WebhookEndpoint'];
const LIST = '/api/settings/integrations/webhooks';

/** Outgoing webhooks: endpoints, their signing secrets, and the delivery history. */
export function WebhooksTab() {
  const queryClient = useQueryClient();
  const endpoints = api.useQuery('get', LIST);
  const [editing, setEditing] = useState<Endpoint | 'new' | null>(null);
  const [rotating, setRotating] = useState<Endpoint | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['get', LIST] });
  const rotate = api.useMutation(
    'post',
    '/api/settings/integrations/webhooks/{endpoint_id}/rotate-secret',
    {
      gcTime: 0,
      onSuccess: async (data) => {
        setRotating(null);
        setNewSecret(data.signing_secret);
        rotate.reset();
        await refresh();
      },
    },
  );
  const remove = api.useMutation('delete', '/api/settings/integrations/webhooks/{endpoint_id}', {
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  return (
    <>
      <section aria-labelledby="webhooks-title" className="settings-section">
        <div className="section-header">
          <h2 id="webhooks-title">
            Webhooks{' '}
            {endpoints.data && <span className="count">{endpoints.data.items.length}</span>}
          </h2>
          <button type="button" className="button primary" onClick={() => setEditing('new')}>
            Add webhook
          </button>
        </div>
        <QueryState query={endpoints} rows={2} rowHeight={160}>
          {(data) =>
            data.items.length === 0 ? (
              <EmptyState title="No webhooks yet">
                Add a webhook to tell another system when candidates or protections change.
              </EmptyState>
            ) : (
              data.items.map((endpoint) => (
                <EndpointCard
                  key={endpoint.id}
                  endpoint={endpoint}
                  onEdit={() => setEditing(endpoint)}
                  onRotate={() => setRotating(endpoint)}
                  onDelete={() => setDeleting(endpoint)}
                />
              ))
            )
          }
        </QueryState>
      </section>
      <DeliveriesSection endpoints={endpoints.data?.items ?? []} />
      {editing !== null && (
        <WebhookForm
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        title="Rotate signing secret"
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onConfirm={() =>
          rotating &&
          rotate.mutate({
            params: { path: { endpoint_id: rotating.id } },
            body: { grace_period_hours: 24 },
          })
        }
      >
        {rotating && (
          <p>
            Rotate the signing secret of &apos;{rotating.name}&apos;? The new secret is shown once;
            the old one keeps being accepted for 24 hours, then receivers must use the new one.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete webhook"
        confirmLabel="Delete webhook"
        pending={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate({ params: { path: { endpoint_id: deleting.id } } })
        }
      >
        {deleting && (
          <p>
            Delete webhook &apos;{deleting.name}&apos; ({deleting.url})? Its pending deliveries are
            canceled; its delivery history stays.
          </p>
        )}
      </ConfirmDialog>
      <AppDialog
        open={newSecret !== null}
        onOpenChange={(open) => !open && setNewSecret(null)}
        title="New signing secret"
      >
        {newSecret && (
          <div className="dialog-body">
            <SecretOnce id="rotated-secret" label="Signing secret" value={newSecret} />
            <div className="dialog-actions">
              <button type="button" className="button primary" onClick={() => setNewSecret(null)}>
                Done
              </button>
            </div>
          </div>
        )}
      </AppDialog>
    </>
  );
}
