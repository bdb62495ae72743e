import {
  autoDeletePolicy,
  type AutoDeleteTimer,
  deriveAutoDeleteState,
} from '../src/domain/auto-delete';

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
const on = (delayDays = 14) => ({ configured: true, delayDays });

describe('the auto-delete policy of a candidate (external-api.md 2.3 steps 1-2)', () => {
  test('with no opted-in rule it is not configured and shows the global delay', () => {
    expect(autoDeletePolicy([], 14)).toEqual({ configured: false, delayDays: 14 });
  });

  test('the longest delay among opted-in rules wins (DM#20: delays 3 and 30 → 30)', () => {
    expect(autoDeletePolicy([{ delayDays: 3 }, { delayDays: 30 }], 14)).toEqual({
      configured: true,
      delayDays: 30,
    });
  });

  test('a rule without its own delay inherits the global one, also in the maximum', () => {
    expect(autoDeletePolicy([{ delayDays: null }], 7).delayDays).toBe(7);
    expect(autoDeletePolicy([{ delayDays: null }, { delayDays: 3 }], 7).delayDays).toBe(7);
    expect(autoDeletePolicy([{ delayDays: 0 }], 7).delayDays).toBe(0);
  });
});

describe('deriveAutoDeleteState, first match wins (external-api.md 2.3 steps 3-5)', () => {
  test('not configured → disabled, even when canceled; the deadline is still shown', () => {
    const status = deriveAutoDeleteState(
      timer({ cancelledAt: at(1) }),
      { configured: false, delayDays: 7 },
      at(30),
    );
    expect(status).toEqual({
      state: 'disabled',
      delayDays: 7,
      eligibleAt: at(7),
      isActive: false,
      isEligible: false,
    });
  });

  test('canceled wins over postponed and eligible; a canceled candidate is not active', () => {
    const status = deriveAutoDeleteState(
      timer({ cancelledAt: at(1), postponedUntil: at(40) }),
      on(),
      at(50),
    );
    expect(status).toMatchObject({ state: 'canceled', isActive: false, isEligible: false });
  });

  test('postponed while now is before the deadline, which is the later of timer and until', () => {
    const status = deriveAutoDeleteState(timer({ postponedUntil: at(20) }), on(14), at(19));
    expect(status).toMatchObject({ state: 'postponed', eligibleAt: at(20), isActive: true });
  });

  test('a postponement earlier than the timer deadline does not shorten it', () => {
    const status = deriveAutoDeleteState(timer({ postponedUntil: at(5) }), on(14), at(10));
    expect(status).toMatchObject({ state: 'postponed', eligibleAt: at(14) });
  });

  test('postponed becomes eligible once the deadline is reached (time passes, no action)', () => {
    const status = deriveAutoDeleteState(timer({ postponedUntil: at(20) }), on(14), at(20));
    expect(status).toMatchObject({ state: 'eligible', isActive: true, isEligible: true });
  });

  test('eligible exactly at the deadline; scheduled one millisecond before', () => {
    expect(deriveAutoDeleteState(timer(), on(14), at(14)).state).toBe('eligible');
    const before = new Date(at(14).getTime() - 1);
    expect(deriveAutoDeleteState(timer(), on(14), before)).toMatchObject({
      state: 'scheduled',
      isActive: true,
      isEligible: false,
    });
  });

  test('a reset timer replaces created_at as the origin', () => {
    const status = deriveAutoDeleteState(timer({ timerStartedAt: at(10) }), on(14), at(20));
    expect(status).toMatchObject({ state: 'scheduled', eligibleAt: at(24) });
  });

  test('a delay of 0 makes a new candidate eligible at once (DM#21)', () => {
    expect(deriveAutoDeleteState(timer(), on(0), created)).toMatchObject({
      state: 'eligible',
      eligibleAt: created,
    });
  });

  test('a day is exactly 86 400 s, whatever the calendar says', () => {
    // 2026-03-29 is a DST change in Europe; the deadline is still 24 h per day later.
    expect(deriveAutoDeleteState(timer(), on(30), at(0)).eligibleAt.toISOString()).toBe(
      '2026-03-31T12:00:00.000Z',
    );
  });
});
