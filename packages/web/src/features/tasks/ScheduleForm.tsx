import { useId, useState, type FormEvent } from 'react';
import type { Schemas } from '../../api/client';
import { fieldError, type Problem } from '../../api/problem';
import { Field } from '../../ui/Field';
import { formatDateTime, formatFullDateTime } from '../../ui/format';
import {
  UNITS,
  intervalError,
  splitInterval,
  unitSeconds,
  type IntervalUnit,
  type ScheduleType,
} from './schedule';
import { previewCron } from './cron-preview';

type TaskView = Schemas['TaskView'];
type ScheduleRequest = Schemas['TaskScheduleRequest'];

const TYPES: { id: ScheduleType; label: string }[] = [
  { id: 'interval', label: 'Interval' },
  { id: 'cron', label: 'Cron' },
  { id: 'manual', label: 'Manual only' },
];

interface Draft {
  type: ScheduleType;
  amount: string;
  unit: IntervalUnit;
  cron: string;
  enabled: boolean;
}

function draftFrom(schedule: Schemas['TaskSchedule'], enabled: boolean): Draft {
  const interval =
    schedule.schedule_type === 'interval'
      ? splitInterval(Number(schedule.schedule_value))
      : { amount: 1, unit: 'hours' as const };
  return {
    type: schedule.schedule_type,
    amount: String(interval.amount),
    unit: interval.unit,
    cron: schedule.schedule_type === 'cron' ? schedule.schedule_value : '0 3 * * *',
    enabled,
  };
}

/**
 * The schedule editor: interval (60 s … 7 days), cron (sentence and next runs shown live) or
 * manual, the enabled switch and a reset to the release default. The server's 422 lands on
 * the field it names.
 */
export function ScheduleForm({
  task,
  problem,
  pending = false,
  now,
  onSubmit,
  onCancel,
}: {
  task: TaskView;
  problem?: Problem | null;
  pending?: boolean;
  now?: Date;
  onSubmit: (body: ScheduleRequest) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() =>
    draftFrom(
      { schedule_type: task.schedule_type, schedule_value: task.schedule_value },
      task.enabled,
    ),
  );
  const [touched, setTouched] = useState(false);
  const change = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  const seconds = Number(draft.amount) * unitSeconds(draft.unit);
  const localIntervalError =
    draft.amount.trim() === '' ? 'Enter the interval.' : intervalError(seconds);
  const cron = previewCron(draft.cron, now);
  const localError =
    draft.type === 'interval'
      ? localIntervalError
      : draft.type === 'cron' && !cron.ok
        ? cron.error
        : undefined;
  const serverValueError =
    fieldError(problem, 'schedule_value') ?? fieldError(problem, 'schedule_type');
  const valueError =
    (touched || draft.type === 'cron' ? localError : undefined) ?? serverValueError;
  const enabledError =
    problem?.code === 'task_not_disableable'
      ? 'This task cannot be disabled: the service depends on it running.'
      : fieldError(problem, 'enabled');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localError) return;
    onSubmit({
      schedule_type: draft.type,
      schedule_value:
        draft.type === 'interval'
          ? String(seconds)
          : draft.type === 'cron'
            ? draft.cron.trim()
            : '',
      enabled: draft.enabled,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="schedule-form">
      <fieldset className="segmented">
        <legend>Schedule type</legend>
        {TYPES.map((type) => (
          <label key={type.id}>
            <input
              type="radio"
              name={`${id}-type`}
              value={type.id}
              checked={draft.type === type.id}
              onChange={() => change({ type: type.id })}
            />
            {type.label}
          </label>
        ))}
      </fieldset>

      {draft.type === 'interval' && (
        <Field
          label="Every"
          htmlFor={`${id}-amount`}
          error={valueError}
          hint="Between 1 minute and 7 days."
        >
          <div className="interval-inputs">
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="numeric"
              min={1}
              value={draft.amount}
              aria-invalid={valueError ? true : undefined}
              aria-describedby={valueError ? `${id}-amount-error` : `${id}-amount-hint`}
              onChange={(e) => {
                setTouched(true);
                change({ amount: e.target.value });
              }}
            />
            <select
              aria-label="Interval unit"
              value={draft.unit}
              onChange={(e) => {
                const unit = UNITS.find((u) => u.id === e.target.value);
                if (unit) change({ unit: unit.id });
              }}
            >
              {UNITS.map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {unit.label}
                </option>
              ))}
            </select>
          </div>
        </Field>
      )}

      {draft.type === 'cron' && (
        <>
          <Field
            label="Cron expression"
            htmlFor={`${id}-cron`}
            error={valueError}
            hint="5 fields: minute hour day-of-month month weekday."
          >
            <input
              id={`${id}-cron`}
              className="mono"
              value={draft.cron}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={valueError ? true : undefined}
              aria-describedby={valueError ? `${id}-cron-error` : `${id}-cron-hint`}
              onChange={(e) => change({ cron: e.target.value })}
            />
          </Field>
          {cron.ok && (
            <div className="cron-preview" aria-live="polite">
              <p className="cron-sentence">{cron.sentence}</p>
              <p className="muted small">Next runs (your time zone):</p>
              <ol aria-label="Next runs">
                {cron.next.map((date) => (
                  <li key={date.toISOString()}>
                    <time
                      dateTime={date.toISOString()}
                      title={formatFullDateTime(date.toISOString())}
                    >
                      {formatDateTime(date.toISOString())}
                    </time>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </>
      )}

      {draft.type === 'manual' && (
        <p className="muted">The task runs only when someone presses Run.</p>
      )}

      <Field
        label="Enabled"
        htmlFor={`${id}-enabled`}
        error={enabledError}
        hint={
          task.can_disable
            ? 'A disabled task neither runs on its schedule nor by hand.'
            : 'This task cannot be disabled: the service depends on it running.'
        }
      >
        <input
          id={`${id}-enabled`}
          type="checkbox"
          role="switch"
          className="switch"
          checked={draft.enabled}
          disabled={!task.can_disable}
          aria-describedby={enabledError ? `${id}-enabled-error` : `${id}-enabled-hint`}
          onChange={(e) => change({ enabled: e.target.checked })}
        />
      </Field>

      <div className="dialog-actions spread">
        <button
          type="button"
          className="button"
          onClick={() => {
            setTouched(false);
            setDraft(draftFrom(task.default_schedule, draft.enabled));
          }}
        >
          Reset to default
        </button>
        <span className="spacer" />
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save schedule'}
        </button>
      </div>
    </form>
  );
}
