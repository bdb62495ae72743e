import { type AppError, Conflict, Invalid, Unprocessable } from '@mcs/kit';
import type { AutoDeleteTimer } from '../src/domain/auto-delete';
import {
  assertActionAllowed,
  cancelChanges,
  postponeChanges,
  resetTimerChanges,
} from '../src/domain/candidate-lifecycle';

const DAY = 86_400_000;
const created = new Date('2026-03-01T12:00:00.000Z');
const at = (days: number) => new Date(created.getTime() + days * DAY);
const timer = (overrides: Partial<AutoDeleteTimer> = {}): AutoDeleteTimer => ({
  createdAt: created,
  timerStartedAt: null,
  postponedUntil: null,
  cancelledAt: null,
  ...overrides,
});
const policy = { configured: true, delayDays: 14 };

function thrown(attempt: () => unknown): AppError {
  try {
    attempt();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

test('cancel sets the cancel time once; an earlier cancel time is kept', () => {
  expect(cancelChanges(timer(), at(2))).toEqual({ cancelledAt: at(2) });
  expect(cancelChanges(timer({ cancelledAt: at(1) }), at(2))).toEqual({ cancelledAt: at(1) });
});

test('reset-timer un-cancels, clears the postponement and restarts the timer now', () => {
  expect(resetTimerChanges(at(3))).toEqual({
    cancelledAt: null,
    postponedUntil: null,
    timerStartedAt: at(3),
  });
});

describe('postpone', () => {
  test('un-cancels and stores until when it is later than the deadline', () => {
    expect(postponeChanges(timer({ cancelledAt: at(1) }), policy, at(20), at(2))).toEqual({
      cancelledAt: null,
      postponedUntil: at(20),
    });
  });

  test('until in the past or now → 422 validation_failed naming until', () => {
    for (const until of [at(1), at(2)]) {
      const error = thrown(() => postponeChanges(timer(), policy, until, at(2)));
      expect(error).toBeInstanceOf(Invalid);
      expect(error.extra.errors?.map((e) => e.name)).toEqual(['until']);
    }
  });

  test('until more than 3650 days ahead → 422 validation_failed', () => {
    expect(() => postponeChanges(timer(), policy, at(2 + 3651), at(2))).toThrow(Invalid);
  });

  test('until not later than the current deadline → 422 postpone_not_after_deadline', () => {
    const error = thrown(() => postponeChanges(timer(), policy, at(14), at(2)));
    expect(error).toBeInstanceOf(Unprocessable);
    expect(error.code).toBe('postpone_not_after_deadline');
  });

  test('the deadline compared against includes an earlier postponement', () => {
    const postponed = timer({ postponedUntil: at(30) });
    expect(() => postponeChanges(postponed, policy, at(25), at(2))).toThrow(Unprocessable);
    expect(postponeChanges(postponed, policy, at(31), at(2)).postponedUntil).toEqual(at(31));
  });
});

describe('refusals before any change', () => {
  test('a pending file operation refuses every action, protect included (409)', () => {
    for (const action of ['cancel', 'postpone', 'reset-timer', 'protect'] as const) {
      const error = thrown(() =>
        assertActionAllowed(action, 7, { protected: true, operationPending: true }),
      );
      expect(error.code).toBe('file_operation_pending');
    }
  });

  test('a protected candidate refuses cancel, postpone and reset-timer but not protect', () => {
    for (const action of ['cancel', 'postpone', 'reset-timer'] as const) {
      expect(() =>
        assertActionAllowed(action, 7, { protected: true, operationPending: false }),
      ).toThrow(Conflict);
    }
    expect(() =>
      assertActionAllowed('protect', 7, { protected: true, operationPending: false }),
    ).not.toThrow();
  });
});
