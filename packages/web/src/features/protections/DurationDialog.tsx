import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, type Schemas } from '../../api/client';
import { fieldError } from '../../api/problem';
import { AppDialog } from '../../ui/Dialog';
import { DateTime } from '../../ui/DateTime';
import { Field } from '../../ui/Field';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { PROTECTION_CONFLICTS } from './entry-format';
import { explainProblem } from './explain';
import { targetName } from './target';

type Entry = Schemas['ProtectedEntry'];
type Mode = 'days' | 'permanent' | 'date';

const MODES: { id: Mode; label: string }[] = [
  { id: 'days', label: 'A number of days' },
  { id: 'date', label: 'Until a date' },
  { id: 'permanent', label: 'Permanent' },
];

/** Today in the browser's zone as yyyy-mm-dd, the earliest date the picker offers. */
function localDay(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function daysError(days: string): string | undefined {
  const n = Number(days);
  return Number.isInteger(n) && n >= 1 && n <= 3650
    ? undefined
    : 'Enter a whole number of days from 1 to 3650.';
}

/** The body the contract takes; a date protects through the end of that day, local time. */
function durationBody(mode: Mode, days: string, date: string): Schemas['ProtectedDurationRequest'] {
  if (mode === 'permanent') return { permanent: true };
  if (mode === 'date') return { expires_at: new Date(`${date}T23:59:59`).toISOString() };
  return { duration_days: Number(days) };
}

/** "Change duration": sets exactly the chosen duration from now, which may shorten it. */
export function DurationDialog({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(entry.permanent ? 'permanent' : 'days');
  const [days, setDays] = useState('30');
  const [date, setDate] = useState(localDay(30));
  const save = api.useMutation('put', '/api/protected/{entry_id}/duration', {
    meta: { inline: true },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/protected'] });
      toast.success(
        saved.permanent
          ? `${targetName(saved)} is protected permanently.`
          : `${targetName(saved)} is protected until ${new Date(saved.expires_at ?? '').toLocaleString()}.`,
      );
      onClose();
    },
  });
  const problem = save.error ? explainProblem(save.error, PROTECTION_CONFLICTS) : null;
  const localDaysError = mode === 'days' ? daysError(days) : undefined;
  const localDateError =
    mode === 'date' && (!date || date < localDay()) ? 'Pick today or a later date.' : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (localDaysError || localDateError) return;
    save.mutate({ params: { path: { entry_id: entry.id } }, body: durationBody(mode, days, date) });
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Change duration of ${targetName(entry)}`}
    >
      <form onSubmit={submit} noValidate>
        <p>
          Now:{' '}
          {entry.permanent ? (
            <strong>permanent</strong>
          ) : (
            <DateTime value={entry.expires_at} relative />
          )}
        </p>
        <p className="hint">
          The new duration counts from now and replaces the current one — it can shorten the
          protection.
        </p>
        {problem && !problem.errors?.length && <ProblemMessage error={problem} />}
        <fieldset className="choice-group">
          <legend>New duration</legend>
          {MODES.map((m) => (
            <label key={m.id}>
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === m.id}
                onChange={() => setMode(m.id)}
              />
              {m.label}
            </label>
          ))}
        </fieldset>
        {mode === 'days' && (
          <Field
            label="Days from now"
            htmlFor={`${id}-days`}
            error={localDaysError ?? fieldError(problem, 'duration_days')}
            hint="1 to 3650 days."
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
        {mode === 'date' && (
          <Field
            label="Protected until (end of day)"
            htmlFor={`${id}-date`}
            error={localDateError ?? fieldError(problem, 'expires_at')}
          >
            <input
              id={`${id}-date`}
              type="date"
              min={localDay()}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </Field>
        )}
        {mode === 'permanent' && (
          <p className="muted">It never expires until someone removes it.</p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save duration'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
