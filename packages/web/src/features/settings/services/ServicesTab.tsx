import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Schemas } from '../../../api/client';
import { asProblem } from '../../../api/problem';
import { ConfirmDialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { ProblemMessage } from '../../../ui/ProblemMessage';
import { QueryState } from '../../../ui/QueryState';
import { ServiceCard } from './ServiceCard';
import { ServiceForm } from './ServiceForm';

type Service = Schemas['ServiceView'];
const LIST = '/api/settings/services';

/** Connected services (media servers, Arr, Seerr, Tautulli): list, add, edit, delete. */
export function ServicesTab() {
  const queryClient = useQueryClient();
  const services = api.useQuery('get', LIST);
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const remove = api.useMutation('delete', '/api/settings/service/{service_config_id}', {
    meta: { inline: true },
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ['get', LIST] });
    },
  });
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <section aria-labelledby="services-title">
      <div className="section-header">
        <h2 id="services-title">
          Services
          {services.data && <span className="count">{services.data.items.length}</span>}
        </h2>
        <button type="button" className="button primary" onClick={() => setEditing('new')}>
          Add service
        </button>
      </div>
      <QueryState query={services} rows={3} rowHeight={160}>
        {(data) => (
          <>
            {!data.has_main_server && (
              <p className="banner warning" role="note">
                No enabled main media server: the library cannot sync until one is set.
              </p>
            )}
            {data.items.length === 0 ? (
              <EmptyState title="No services yet">
                Add your media server (Jellyfin, Emby or Plex) as the main server, then Radarr and
                Sonarr.
              </EmptyState>
            ) : (
              data.items.map((service) => (
                <ServiceCard
                  key={service.id}
                  service={service}
                  onEdit={() => setEditing(service)}
                  onDelete={() => setDeleting(service)}
                />
              ))
            )}
          </>
        )}
      </QueryState>
      {editing !== null && (
        <ServiceForm
          service={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && closeDelete()}
        title="Delete service"
        confirmLabel="Delete service"
        pending={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate({ params: { path: { service_config_id: deleting.id } } })
        }
      >
        {deleting && (
          <>
            <p>
              Delete the {deleting.service_type} service &apos;{deleting.name}&apos; (
              {deleting.base_url})? Its data stops counting as a source and it is removed from rule
              target lists. No media files are touched.
            </p>
            {remove.error !== null && <DeleteProblem error={remove.error} />}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

function DeleteProblem({ error }: { error: unknown }) {
  const problem = asProblem(error);
  if (problem.code === 'main_server_required')
    return (
      <p className="field-error" role="alert">
        This is the main media server: make another server the main one first.
      </p>
    );
  if (problem.code === 'file_operation_pending')
    return (
      <p className="field-error" role="alert">
        A file operation of this service is queued or running: wait for it to finish, then delete.
      </p>
    );
  return <ProblemMessage error={error} />;
}
