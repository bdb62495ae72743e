import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { fieldError } from '../../api/problem';
import { AppDialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { explainProblem } from '../protections/explain';
import { targetName } from '../protections/target';
import {
  REQUEST_CONFLICTS,
  refreshAfterDecision,
  requestedDuration,
  type ProtectionRequest,
} from './request-format';

/** Approve a protection request: the duration (prefilled as asked) and a note to the requester. */
export function ApproveProtectionDialog({
  request,
  onClose,
}: {
  request: ProtectionRequest;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const asked = request.permanent || request.duration_days === null;
  const [permanent, setPermanent] = useState(asked);
  const [days, setDays] = useState(String(request.duration_days ?? 30));
  const [note, setNote] = useState('');
  const name = targetName(request.target);
  const approve = api.useMutation('post', '/api/protection-requests/{request_id}/approve', {
    meta: { inline: true },
    onSuccess: (decision) => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/protected'] });
      toast.success(
        decision.created === false
          ? `Approved: the existing protection of ${name} now covers it.`
          : `Approved: ${name} is protected.`,
      );
      onClose();
    },
    onSettled: () => refreshAfterDecision(queryClient),
  });
  const problem = approve.error ? explainProblem(approve.error, REQUEST_CONFLICTS) : null;
  const n = Number(days);
  const daysError =
    !permanent && !(Number.isInteger(n) && n >= 1 && n <= 3650)
      ? 'Enter a whole number of days from 1 to 3650.'
      : fieldError(problem, 'duration_days');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!permanent && daysError) return;
    approve.mutate({
      params: { path: { request_id: request.id } },
      body: {
        ...(permanent ? { permanent: true } : { duration_days: n }),
        admin_note: note.trim() || null,
      },
    });
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Approve protection of ${name}`}
    >
      <form onSubmit={submit} noValidate>
        <p>
          {request.requested_by.username ?? `User #${request.requested_by.id}`} asked for{' '}
          <strong>{requestedDuration(request).toLowerCase()}</strong>
          {request.reason ? `: “${request.reason}”` : '.'}
        </p>
        {problem && !problem.errors?.length && <ProblemMessage error={problem} />}
        <fieldset className="choice-group">
          <legend>Protect for</legend>
          <label>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={!permanent}
              onChange={() => setPermanent(false)}
            />
            A number of days
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={permanent}
              onChange={() => setPermanent(true)}
            />
            Permanent
          </label>
        </fieldset>
        {!permanent && (
          <Field
            label="Days"
            htmlFor={`${id}-days`}
            error={daysError}
            hint="1 to 3650 days from now."
          >
            <input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </Field>
        )}
        <Field
          label="Note to the requester (optional)"
          htmlFor={`${id}-note`}
          error={fieldError(problem, 'admin_note')}
        >
          <textarea
            id={`${id}-note`}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={approve.isPending}>
            {approve.isPending ? 'Approving…' : 'Approve protection'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
