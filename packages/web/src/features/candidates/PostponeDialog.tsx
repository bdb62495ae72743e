import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { client } from '../../api/client';
import { AppDialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { formatDateTime } from '../../ui/format';
import { reportBulk, runEach, type Failure } from './bulk-actions';
import { FailureList } from './FailureList';
import type { Selected } from './target';

/** "2026-05-01" for a timestamp, in the browser's time zone (a date input's value). */
function localDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Postpones every selected candidate to the end of the chosen day (after each deadline). */
export function PostponeDialog({
  items,
  open,
  onOpenChange,
  onDone,
}: {
  items: readonly Selected[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [failures, setFailures] = useState<Failure[]>([]);
  const latest = items.reduce(
    (max, i) =>
      i.candidate.auto_delete_eligible_at > max ? i.candidate.auto_delete_eligible_at : max,
    '',
  );
  const error =
    until && latest && localDate(latest) > until ? 'Pick a day after the deadline.' : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!until || error) return;
    setPending(true);
    const at = new Date(`${until}T23:59:59`).toISOString();
    const result = await runEach(items, ({ candidate }) =>
      client.POST('/api/media/candidates/{candidate_id}/postpone', {
        params: { path: { candidate_id: candidate.id } },
        body: { until: at, reason: reason.trim() || null },
      }),
    );
    setPending(false);
    reportBulk(queryClient, 'Postponed', result);
    setFailures(result.failures);
    if (result.failures.length === 0) {
      onOpenChange(false);
      onDone();
    }
  }

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Postpone ${items.length} candidates`}
    >
      <form onSubmit={(e) => void submit(e)}>
        <Field
          label="Postpone until"
          htmlFor="postpone-until"
          error={error}
          hint={latest ? `Latest deadline of the selection: ${formatDateTime(latest)}` : undefined}
        >
          <input
            id="postpone-until"
            type="date"
            required
            min={latest ? localDate(latest) : undefined}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
          />
        </Field>
        <Field label="Reason" htmlFor="postpone-reason">
          <input
            id="postpone-reason"
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <FailureList failures={failures} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => onOpenChange(false)}>
            Close
          </button>
          <button type="submit" className="button primary" disabled={pending || !until || !!error}>
            {pending ? 'Working…' : 'Postpone'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
