import cronstrue from 'cronstrue';
import type { Schemas } from '../../api/client';

export type ScheduleType = Schemas['TaskScheduleType'];

/** The contract's interval limits: one minute to one week. */
export const INTERVAL_MIN_SECONDS = 60;
export const INTERVAL_MAX_SECONDS = 604_800;

export const UNITS = [
  { id: 'seconds', label: 'seconds', seconds: 1 },
  { id: 'minutes', label: 'minutes', seconds: 60 },
  { id: 'hours', label: 'hours', seconds: 3600 },
] as const;
export type IntervalUnit = (typeof UNITS)[number]['id'];

export function unitSeconds(unit: IntervalUnit): number {
  return UNITS.find((u) => u.id === unit)?.seconds ?? 1;
}

/** The largest unit that expresses a number of seconds exactly (900 → 15 minutes). */
export function splitInterval(seconds: number): { amount: number; unit: IntervalUnit } {
  for (const unit of [...UNITS].reverse())
    if (seconds >= unit.seconds && seconds % unit.seconds === 0)
      return { amount: seconds / unit.seconds, unit: unit.id };
  return { amount: seconds, unit: 'seconds' };
}

export function intervalError(seconds: number): string | undefined {
  if (!Number.isInteger(seconds)) return 'Enter a whole number of seconds.';
  if (seconds < INTERVAL_MIN_SECONDS || seconds > INTERVAL_MAX_SECONDS)
    return 'The interval must be between 60 seconds (1 minute) and 604,800 seconds (7 days).';
  return undefined;
}

/** cron-parser pads short expressions and accepts seconds; the server wants exactly 5 fields. */
export const FIVE_FIELDS_ERROR = 'Enter exactly 5 fields: minute hour day-of-month month weekday.';

export function hasFiveFields(expression: string): boolean {
  return expression.trim().split(/\s+/).length === 5;
}

/** The human sentence of a cron expression, or null when cronstrue cannot read it. */
export function cronSentence(expression: string): string | null {
  if (!hasFiveFields(expression)) return null;
  try {
    return cronstrue.toString(expression.trim(), { verbose: true });
  } catch {
    return null;
  }
}

/** A schedule in words for the task list: "Every 15 minutes", "At 02:00 AM", "Manual only". */
export function describeSchedule(type: ScheduleType, value: string): string {
  switch (type) {
    case 'manual':
      return 'Manual only';
    case 'interval': {
      const seconds = Number(value);
      if (!Number.isFinite(seconds)) return value;
      const { amount, unit } = splitInterval(seconds);
      return `Every ${amount.toLocaleString()} ${amount === 1 ? unit.replace(/s$/, '') : unit}`;
    }
    case 'cron': {
      return cronSentence(value) ?? value;
    }
  }
}
