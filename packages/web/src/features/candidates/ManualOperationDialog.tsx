import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { client } from '../../api/client';
import { asProblem, type Problem } from '../../api/problem';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { refreshCandidates } from './bulk-actions';
import { followJob } from './follow-job';
import { OperationSummaryText } from './OperationSummaryText';
import type { ManualKind } from './operation-summary';
import type { Selected } from './target';

/** `candidate_ids[3]` → the fourth selected candidate. */
function offending(problem: Problem, items: readonly Selected[]) {
  return (problem.errors ?? []).flatMap((e) => {
    const index = /candidate_ids\[(\d+)\]/.exec(e.name)?.[1];
    const item = index === undefined ? undefined : items[Number(index)];
    return item ? [{ item, message: e.message }] : [];
  });
}

/**
 * A manual delete or move (admins): the confirmation names every file, the total size and
 * where it goes from; a breaker's 409 asks once more, and refusals name each candidate.
 */
export function ManualOperationDialog({
  kind,
  items,
  open,
  onOpenChange,
  onDone,
}: {
  kind: ManualKind;
  items: readonly Selected[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [breaker, setBreaker] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const verb = kind === 'delete' ? 'Delete' : 'Move';

  async function confirm() {
    setPending(true);
    const { data, error } = await client.POST(`/api/media/candidates/${kind}`, {
      body: {
        candidate_ids: items.map((i) => i.candidate.id),
        reason: reason.trim() || null,
        ...(breaker !== null && { confirm: true }),
      },
    });
    setPending(false);
    if (data) {
      toast.success('Queued', {
        description: `${data.operation_ids.length} operations, job ${data.job_id}`,
      });
      refreshCandidates(queryClient);
      followJob(data.job_id, queryClient);
      onOpenChange(false);
      onDone();
      return;
    }
    const p = asProblem(error);
    if (p.code === 'confirmation_required') setBreaker(p.detail);
    else setProblem(p);
  }

  const refused = problem ? offending(problem, items) : [];
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${verb} ${items.length} now?`}
      confirmLabel={breaker ? `Yes, ${verb.toLowerCase()} all ${items.length}` : verb}
      pending={pending}
      onConfirm={() => void confirm()}
    >
      <OperationSummaryText kind={kind} items={items} />
      <Field label="Reason" htmlFor="manual-reason">
        <input
          id="manual-reason"
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {breaker && (
        <div className="banner warning" role="alert">
          {breaker} Confirm once more to go ahead.
        </div>
      )}
      {problem &&
        (refused.length > 0 ? (
          <div className="problem" role="alert">
            <div>
              <p className="problem-title">Nothing was queued: {problem.detail}</p>
              <ul className="failure-list">
                {refused.map(({ item, message }) => (
                  <li key={item.candidate.id}>
                    {item.title} {item.target}: {message}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : (
          <ProblemMessage error={problem} />
        ))}
    </ConfirmDialog>
  );
}
