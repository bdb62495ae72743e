import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { ConfirmDialog } from '../../ui/Dialog';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { explainProblem } from '../protections/explain';
import { scopeLabel, titleWithYear } from '../protections/target';
import { REQUEST_CONFLICTS, refreshAfterDecision, type DeleteRequest } from './request-format';

type Operation = 'delete' | 'move';
type ArrAction = '' | 'delete' | 'unmonitor' | 'unmonitor_only';

const ARR_ACTIONS: { id: ArrAction; label: string }[] = [
  { id: '', label: 'Default (the candidate’s action, else the global default)' },
  { id: 'delete', label: 'Remove the files and the Radarr/Sonarr entry' },
  { id: 'unmonitor', label: 'Remove the files, keep the entry unmonitored' },
  { id: 'unmonitor_only', label: 'Only unmonitor: touch no file' },
];

/** What will happen, in one sentence, for the chosen operation and Arr action. */
function consequence(what: string, operation: Operation, arr: ArrAction): string {
  if (arr === 'unmonitor_only')
    return `${what} will be unmonitored in Radarr/Sonarr. No file is deleted or moved.`;
  const files = operation === 'move' ? 'moved to the move destination' : 'deleted from disk';
  const entry =
    arr === 'delete'
      ? ' Its Radarr/Sonarr entry is removed.'
      : arr === 'unmonitor'
        ? ' Its Radarr/Sonarr entry stays, unmonitored.'
        : '';
  return `The files of ${what} will be ${files}.${entry}`;
}

/**
 * Approving a delete request is the destructive step: the confirmation names the title and
 * scope that go, and offers delete or move and the Arr action. 202 means queued.
 */
export function ApproveDeleteDialog({
  request,
  onClose,
}: {
  request: DeleteRequest;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [operation, setOperation] = useState<Operation>('delete');
  const [arr, setArr] = useState<ArrAction>('');
  const [note, setNote] = useState('');
  const title = titleWithYear(request.target);
  const what = `${title}, ${scopeLabel(request.target)}`;
  const verb = arr === 'unmonitor_only' ? 'Unmonitor' : operation === 'move' ? 'Move' : 'Delete';
  const approve = api.useMutation('post', '/api/delete-requests/{request_id}/approve', {
    meta: { inline: true },
    onSuccess: () => {
      toast.success(`Queued: ${verb.toLowerCase()} ${what}.`);
      onClose();
    },
    onSettled: () => refreshAfterDecision(queryClient),
  });

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Approve delete request: ${title}`}
      confirmLabel={`${verb} ${what}`}
      pending={approve.isPending}
      onConfirm={() =>
        approve.mutate({
          params: { path: { request_id: request.id } },
          body: { operation, ...(arr ? { arr_action: arr } : {}), admin_note: note.trim() || null },
        })
      }
    >
      <p className="consequence">{consequence(what, operation, arr)}</p>
      <p className="muted small">
        Requested by {request.requested_by.username ?? `user #${request.requested_by.id}`}
        {request.reason ? `: “${request.reason}”` : '.'}
      </p>
      <fieldset className="choice-group">
        <legend>Operation</legend>
        <label>
          <input
            type="radio"
            name={`${id}-op`}
            checked={operation === 'delete'}
            onChange={() => setOperation('delete')}
          />
          Delete the files
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-op`}
            checked={operation === 'move'}
            onChange={() => setOperation('move')}
          />
          Move the files to the move destination
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-arr`}>Radarr/Sonarr action</label>
        <select
          id={`${id}-arr`}
          value={arr}
          onChange={(e) => setArr(ARR_ACTIONS.find((a) => a.id === e.target.value)?.id ?? '')}
        >
          {ARR_ACTIONS.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>Note to the requester (optional)</label>
        <textarea
          id={`${id}-note`}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {approve.error && <ProblemMessage error={explainProblem(approve.error, REQUEST_CONFLICTS)} />}
    </ConfirmDialog>
  );
}
