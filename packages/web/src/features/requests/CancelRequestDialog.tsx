import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { ConfirmDialog } from '../../ui/Dialog';
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

/** Withdraw one's own pending request; it cannot be reopened, so it is confirmed once. */
export function CancelRequestDialog(props: Props) {
  const { request, onClose } = props;
  const queryClient = useQueryClient();
  const name = targetName(request.target);
  const options = {
    meta: { inline: true },
    onSuccess: () => {
      toast.success(`Canceled the ${props.kind} request for ${name}.`);
      onClose();
    },
    onSettled: () => refreshAfterDecision(queryClient),
  };
  const cancelProtection = api.useMutation(
    'post',
    '/api/protection-requests/{request_id}/cancel',
    options,
  );
  const cancelDelete = api.useMutation('post', '/api/delete-requests/{request_id}/cancel', options);
  const mutation = props.kind === 'protection' ? cancelProtection : cancelDelete;
  const init = { params: { path: { request_id: request.id } } };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Cancel request"
      confirmLabel="Yes, cancel request"
      pending={mutation.isPending}
      onConfirm={() =>
        props.kind === 'protection' ? cancelProtection.mutate(init) : cancelDelete.mutate(init)
      }
    >
      <p>
        Cancel your {props.kind} request for <strong>{name}</strong>? An administrator will no
        longer see it; you can ask again later.
      </p>
      {mutation.error && (
        <ProblemMessage error={explainProblem(mutation.error, REQUEST_CONFLICTS)} />
      )}
    </ConfirmDialog>
  );
}
