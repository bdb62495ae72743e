import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { asProblem } from '../../api/problem';
import { AppDialog } from '../../ui/Dialog';
import { ProtectionForm, type ProtectionInput } from './ProtectionForm';
import { itemName, type MediaItem } from './target';

/**
 * Administrators protect at once (POST /api/protected); users ask for it
 * (POST /api/protection-requests) and an administrator decides.
 */
export function ProtectDialog({
  item,
  isAdmin,
  open,
  onOpenChange,
}: {
  item: MediaItem;
  isAdmin: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const finish = (message: string) => {
    toast.success(message);
    onOpenChange(false);
    void queryClient.invalidateQueries({
      queryKey: ['get', '/api/media/items/{media_type}/{media_id}'],
    });
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/media/items'] });
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/info/sidebar-indicators'] });
  };
  const protect = api.useMutation('post', '/api/protected', {
    meta: { inline: true },
    onSuccess: (result) =>
      finish(
        result.created
          ? 'Protected.'
          : 'Already protected: the existing protection now lasts at least as long.',
      ),
  });
  const request = api.useMutation('post', '/api/protection-requests', {
    meta: { inline: true },
    onSuccess: () => finish('Protection requested: an administrator will decide.'),
  });
  const mutation = isAdmin ? protect : request;
  const submit = (body: ProtectionInput) =>
    isAdmin ? protect.mutate({ body }) : request.mutate({ body });
  const close = (next: boolean) => {
    if (!next) {
      protect.reset();
      request.reset();
    }
    onOpenChange(next);
  };
  return (
    <AppDialog
      open={open}
      onOpenChange={close}
      title={isAdmin ? `Protect ${itemName(item)}` : `Request protection for ${itemName(item)}`}
    >
      <ProtectionForm
        item={item}
        mode={isAdmin ? 'protect' : 'request'}
        pending={mutation.isPending}
        problem={mutation.error ? asProblem(mutation.error) : null}
        onSubmit={submit}
        onCancel={() => close(false)}
      />
    </AppDialog>
  );
}
