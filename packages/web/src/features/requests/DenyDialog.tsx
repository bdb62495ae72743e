import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { AppDialog } from '../../ui/Dialog';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { explainProblem } from '../protections/explain';
import { targetName } from '../protections/target';
import {
  REQUEST_CONFLICTS,
  refreshAfterDecision,
  type DeleteRequest,
  type ProtectionRequest,
} from './request-format';

type Props = { onClose: () => void } & (
  { kind: 'protection'; request: ProtectionRequest } | { kind: 'delete'; request: DeleteRequest }
);

/** Deny a request, with an optional note the requester sees. */
export function DenyDialog(props: Props) {
  const { request, onClose } = props;
  const id = useId();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const name = targetName(request.target);
  const options = {
    meta: { inline: true },
    onSuccess: () => {
      toast.success(`Denied the ${props.kind} request for ${name}.`);
      onClose();
    },
    onSettled: () => refreshAfterDecision(queryClient),
  };
  const denyProtection = api.useMutation(
    'post',
    '/api/protection-requests/{request_id}/deny',
    options,
  );
  const denyDelete = api.useMutation('post', '/api/delete-requests/{request_id}/deny', options);
  const mutation = props.kind === 'protection' ? denyProtection : denyDelete;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const init = {
      params: { path: { request_id: request.id } },
      body: { admin_note: note.trim() || null },
    };
    if (props.kind === 'protection') denyProtection.mutate(init);
    else denyDelete.mutate(init);
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Deny ${props.kind} request for ${name}`}
    >
      <form onSubmit={submit} noValidate>
        {mutation.error && (
          <ProblemMessage error={explainProblem(mutation.error, REQUEST_CONFLICTS)} />
        )}
        <div className="field">
          <label htmlFor={`${id}-note`}>Note to the requester (optional)</label>
          <textarea
            id={`${id}-note`}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Denying…' : 'Deny request'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
