import { CronExpressionParser } from 'cron-parser';
import type { FieldError } from '@mcs/kit';
import type { Schedule, TaskDefinition } from './task-catalogue';

/** domain.md §9: intervals are whole seconds from one minute to one week. */
export const INTERVAL_SECONDS = { min: 60, max: 604_800 } as const;

/**
 * Why a schedule cannot be used, as field errors (empty when it can). Cron expressions have
 * exactly five fields (no seconds, no @macros) and are parsed by cron-parser, the parser
 * BullMQ's job schedulers use, so what is accepted here is what will fire.
 */
export function scheduleProblems(schedule: Schedule): FieldError[] {
  const fail = (message: string): FieldError[] => [{ in: 'body', name: 'schedule_value', message }];
  const { type, value } = schedule;
  switch (type) {
    case 'manual':
      return value === '' ? [] : fail('Must be "" for a manual schedule.');
    case 'interval': {
      const seconds = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
      return seconds >= INTERVAL_SECONDS.min && seconds <= INTERVAL_SECONDS.max
        ? []
        : fail(
            `Must be a whole number of seconds from ${INTERVAL_SECONDS.min} to ${INTERVAL_SECONDS.max}.`,
          );
    }
    case 'cron': {
      if (value.trim().split(/\s+/).length !== 5)
        return fail('Must be a cron expression of 5 fields (minute hour day month weekday).');
      try {
        CronExpressionParser.parse(value.trim());
        return [];
      } catch (error) {
        return fail(`Not a valid cron expression: ${(error as Error).message}.`);
      }
    }
  }
}

/**
 * The schedule to store for a task: null when it equals the catalogue's default, so sending
 * the default back makes the task follow a later release's default again (domain.md §9).
 */
export function customSchedule(definition: TaskDefinition, schedule: Schedule): Schedule | null {
  const normalized = { type: schedule.type, value: schedule.value.trim().replace(/\s+/g, ' ') };
  const fallback = definition.defaultSchedule;
  return normalized.type === fallback.type && normalized.value === fallback.value
    ? null
    : normalized;
}
