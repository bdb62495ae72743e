import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { asProblem } from '../../api/problem';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { explainProblem } from './conflicts';
import { describeTarget, itemName, targetOptions, type MediaItem } from './target';
import { TargetSelect } from './TargetSelect';

/**
 * POST /api/delete-requests. A user's request waits for an administrator; an administrator's
 * own request is approved at once and the deletion is queued (202), so the dialog says so.
 */
export function DeleteRequestDialog({
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
  const id = useId();
  const queryClient = useQueryClient();
  const options = targetOptions(item);
  const [target, setTarget] = useState(options[0]?.key ?? '');
  const [reason, setReason] = useState('');
  const option = options.find((o) => o.key === target) ?? options[0];
  const remove = api.useMutation('post', '/api/delete-requests', {
    meta: { inline: true },
    onSuccess: (result) => {
      toast.success(
        'job_id' in result
          ? `Deletion queued (job ${result.job_id}).`
          : 'Deletion requested: an administrator will decide.',
      );
      onOpenChange(false);
      void queryClient.invalidateQueries({
        queryKey: ['get', '/api/media/items/{media_type}/{media_id}'],
      });
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/info/sidebar-indicators'] });
    },
  });
  const close = (next: boolean) => {
    if (!next) remove.reset();
    onOpenChange(next);
  };
  if (!option) return null;
  const what = describeTarget(item, option);
  const problem = remove.error ? asProblem(remove.error) : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={isAdmin ? `Delete ${itemName(item)}?` : `Request deletion of ${itemName(item)}?`}
      confirmLabel={isAdmin ? 'Delete now' : 'Send deletion request'}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate({
          body: { ...option.input, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        })
      }
    >
      <Field label="What to delete" htmlFor={`${id}-target`}>
        <TargetSelect
          id={`${id}-target`}
          options={options}
          value={option.key}
          onChange={setTarget}
        />
      </Field>
      <Field label="Reason (optional)" htmlFor={`${id}-reason`}>
        <textarea
          id={`${id}-reason`}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {isAdmin ? (
        <p>
          <strong>Delete {what}</strong> now. As an administrator your request is approved at once:
          the deletion is queued immediately and the files are removed from disk. This cannot be
          undone.
        </p>
      ) : (
        <p>
          Ask an administrator to delete <strong>{what}</strong>. Nothing is deleted until they
          approve it.
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {explainProblem(problem)}
        </p>
      )}
    </ConfirmDialog>
  );
}
