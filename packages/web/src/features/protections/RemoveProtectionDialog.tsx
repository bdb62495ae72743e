import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, type Schemas } from '../../api/client';
import { ConfirmDialog } from '../../ui/Dialog';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { PROTECTION_CONFLICTS } from './entry-format';
import { explainProblem } from './explain';
import { targetName } from './target';

/** Removing a protection lets the item become a cleanup candidate again: confirmed once. */
export function RemoveProtectionDialog({
  entry,
  onClose,
}: {
  entry: Schemas['ProtectedEntry'];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const name = targetName(entry);
  const remove = api.useMutation('delete', '/api/protected/{entry_id}', {
    meta: { inline: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/protected'] });
      toast.success(`The protection of ${name} was removed.`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Remove protection"
      confirmLabel="Remove protection"
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ params: { path: { entry_id: entry.id } } })}
    >
      <p>
        Remove the protection of <strong>{name}</strong>? It can become a cleanup candidate at the
        next scan.
      </p>
      {remove.error && (
        <ProblemMessage error={explainProblem(remove.error, PROTECTION_CONFLICTS)} />
      )}
    </ConfirmDialog>
  );
}
