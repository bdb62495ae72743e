import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { client } from '../../api/client';
import { AppDialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { reportBulk, runEach, type Failure } from './bulk-actions';
import { FailureList } from './FailureList';
import type { Selected } from './target';

const DURATIONS = [
  { value: '', label: 'Permanent' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

/**
 * Protects every selected candidate: permanently through the candidate's protect action, or
 * for a while through a manual protection of the same target.
 */
export function ProtectDialog({
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
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const [pending, setPending] = useState(false);
  const [failures, setFailures] = useState<Failure[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const why = reason.trim() || null;
    const result = await runEach(items, ({ candidate: c }) =>
      days === ''
        ? client.POST('/api/media/candidates/{candidate_id}/protect', {
            params: { path: { candidate_id: c.id } },
            body: { reason: why },
          })
        : client.POST('/api/protected', {
            body: {
              media_type: c.media_type,
              media_id: c.media_id,
              ...(c.movie_version_id !== null && { movie_version_id: c.movie_version_id }),
              ...(c.scope === 'season' && c.season_id !== null && { season_id: c.season_id }),
              ...(c.episode_id !== null && { episode_id: c.episode_id }),
              reason: why,
              duration_days: Number(days),
            },
          }),
    );
    setPending(false);
    reportBulk(queryClient, 'Protected', result);
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/protected'] });
    setFailures(result.failures);
    if (result.failures.length === 0) {
      onOpenChange(false);
      onDone();
    }
  }

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={`Protect ${items.length} candidates`}>
      <form onSubmit={(e) => void submit(e)}>
        <Field label="Reason" htmlFor="protect-reason">
          <input
            id="protect-reason"
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <Field label="Duration" htmlFor="protect-duration">
          <select id="protect-duration" value={days} onChange={(e) => setDays(e.target.value)}>
            {DURATIONS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </Field>
        <FailureList failures={failures} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => onOpenChange(false)}>
            Close
          </button>
          <button type="submit" className="button primary" disabled={pending}>
            {pending ? 'Working…' : 'Protect'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
