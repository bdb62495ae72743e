/**
 * The auto-delete policy and state of a candidate (external-api.md 2.3, domain.md 5.1-5.2).
 * Pure: every read, the candidate list's SQL filter (repositories/candidate-state.repository.ts,
 * kept equal by test/auto-delete-sql.test.ts) and the tasks derive the state from these rules.
 */
export type AutoDeleteState = 'disabled' | 'scheduled' | 'eligible' | 'postponed' | 'canceled';

export const AUTO_DELETE_STATES: readonly AutoDeleteState[] = [
  'disabled',
  'scheduled',
  'eligible',
  'postponed',
  'canceled',
];

/** What the candidate's matched rules say, stored on the candidate by scans and rule changes. */
export interface AutoDeletePolicy {
  /** At least one matched rule exists, is enabled and has auto-delete turned on. */
  configured: boolean;
  delayDays: number;
}

export interface AutoDeleteTimer {
  createdAt: Date;
  timerStartedAt: Date | null;
  postponedUntil: Date | null;
  cancelledAt: Date | null;
}

export interface AutoDeleteStatus {
  state: AutoDeleteState;
  delayDays: number;
  eligibleAt: Date;
  isActive: boolean;
  isEligible: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Policy of one candidate from its opted-in rules (matched, existing, enabled, auto-delete on):
 * the longest effective delay wins; a rule without its own delay inherits the global one.
 * With no opted-in rule the global delay is still reported (display only).
 */
export function autoDeletePolicy(
  optedInRules: readonly { delayDays: number | null }[],
  globalDelayDays: number,
): AutoDeletePolicy {
  if (optedInRules.length === 0) return { configured: false, delayDays: globalDelayDays };
  const delays = optedInRules.map((rule) => rule.delayDays ?? globalDelayDays);
  return { configured: true, delayDays: Math.max(...delays) };
}

/** The deadline: timer origin + delay, never before a requested postponement. */
export function eligibleAt(timer: AutoDeleteTimer, delayDays: number): Date {
  const origin = timer.timerStartedAt ?? timer.createdAt;
  const deadline = origin.getTime() + delayDays * DAY_MS;
  const postponed = timer.postponedUntil?.getTime() ?? -Infinity;
  return new Date(Math.max(deadline, postponed));
}

/** The five states in their order of precedence; the first match wins. */
export function deriveAutoDeleteState(
  timer: AutoDeleteTimer,
  policy: AutoDeletePolicy,
  now: Date,
): AutoDeleteStatus {
  const deadline = eligibleAt(timer, policy.delayDays);
  const due = now.getTime() >= deadline.getTime();
  const isActive = policy.configured && timer.cancelledAt === null;
  const status = { delayDays: policy.delayDays, eligibleAt: deadline, isActive };
  const state: AutoDeleteState = !policy.configured
    ? 'disabled'
    : timer.cancelledAt !== null
      ? 'canceled'
      : timer.postponedUntil !== null && !due
        ? 'postponed'
        : due
          ? 'eligible'
          : 'scheduled';
  return { ...status, state, isEligible: isActive && due };
}

/** The global delays of domain.md 5.1, as general settings (11) hold them. */
export interface GlobalDelays {
  auto_delete_movie_delay_days: number;
  auto_delete_series_delay_days: number;
}

/** The global delay of a media type: what an opted-in rule without its own delay inherits. */
export function globalDelayDays(settings: GlobalDelays, mediaType: 'movie' | 'series'): number {
  return mediaType === 'movie'
    ? settings.auto_delete_movie_delay_days
    : settings.auto_delete_series_delay_days;
}
