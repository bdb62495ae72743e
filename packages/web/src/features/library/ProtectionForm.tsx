import { useId, useState, type FormEvent } from 'react';
import type { Schemas } from '../../api/client';
import { fieldError, type Problem } from '../../api/problem';
import { Field } from '../../ui/Field';
import { explainProblem } from './conflicts';
import { TargetSelect } from './TargetSelect';
import { targetOptions, type MediaItem } from './target';

export type ProtectionInput = Schemas['ProtectionRequestCreate'];

const MAX_DAYS = 3650;

/**
 * Protect (admins) or ask for a protection (users): the target, a reason and how long.
 * Pure: the dialog around it sends `onSubmit`'s body and passes back the problem.
 */
export function ProtectionForm({
  item,
  mode,
  pending,
  problem,
  onSubmit,
  onCancel,
}: {
  item: MediaItem;
  mode: 'protect' | 'request';
  pending: boolean;
  problem: Problem | null;
  onSubmit: (body: ProtectionInput) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const options = targetOptions(item);
  const [target, setTarget] = useState(options[0]?.key ?? '');
  const [reason, setReason] = useState('');
  const [permanent, setPermanent] = useState(true);
  const [days, setDays] = useState('90');
  const [checked, setChecked] = useState(false);
  const daysValid = permanent || validDays(days);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const option = options.find((o) => o.key === target);
    if (!option || !daysValid) return;
    onSubmit({
      ...option.input,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      ...(permanent ? {} : { duration_days: Number(days) }),
    });
  };
  const daysError =
    checked && !daysValid
      ? `Enter a whole number of days from 1 to ${MAX_DAYS}.`
      : fieldError(problem, 'duration_days');
  const general = problem && !problem.errors?.length ? explainProblem(problem) : null;
  return (
    <form onSubmit={submit}>
      <Field
        label={mode === 'protect' ? 'What to protect' : 'What to keep'}
        htmlFor={`${id}-target`}
        error={
          fieldError(problem, 'movie_version_id') ??
          fieldError(problem, 'season_id') ??
          fieldError(problem, 'episode_id')
        }
      >
        <TargetSelect id={`${id}-target`} options={options} value={target} onChange={setTarget} />
      </Field>
      <Field
        label="Reason (optional)"
        htmlFor={`${id}-reason`}
        error={fieldError(problem, 'reason')}
        hint={mode === 'request' ? 'Tell the administrator why this should stay.' : undefined}
      >
        <textarea
          id={`${id}-reason`}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <fieldset className="duration">
        <legend>How long</legend>
        <label className="radio">
          <input
            type="radio"
            name={`${id}-duration`}
            checked={permanent}
            onChange={() => setPermanent(true)}
          />
          Permanently
        </label>
        <label className="radio">
          <input
            type="radio"
            name={`${id}-duration`}
            checked={!permanent}
            onChange={() => setPermanent(false)}
          />
          For a number of days
        </label>
        {!permanent && (
          <Field
            label="Days"
            htmlFor={`${id}-days`}
            error={daysError}
            hint={`1 to ${MAX_DAYS} days from now.`}
          >
            <input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              required
              min={1}
              max={MAX_DAYS}
              step={1}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </Field>
        )}
      </fieldset>
      {general && (
        <p className="field-error" role="alert">
          {general}
          {problem && general !== problem.detail && (
            <span className="muted"> ({problem.detail})</span>
          )}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Working…' : mode === 'protect' ? 'Protect' : 'Send request'}
        </button>
      </div>
    </form>
  );
}

function validDays(value: string): boolean {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_DAYS;
}
