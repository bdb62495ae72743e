import { Invalid } from '@mcs/kit';
import { isActive, termsFromDuration, widen } from '../src/domain/protection-terms';

const DAY = 86_400_000;
const now = new Date('2026-03-01T12:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const temporary = (days: number, reason: string | null = 'old') => ({
  permanent: false,
  expiresAt: at(days),
  reason,
});
const permanent = { permanent: true, expiresAt: null, reason: 'old' };

describe('widening a reused protection (domain.md 7.2)', () => {
  test('a request without expiry makes a temporary protection permanent', () => {
    expect(widen(temporary(1), { expiresAt: null, reason: null })).toEqual({
      permanent: true,
      expiresAt: null,
    });
  });

  test('a later expiry moves it; an earlier or equal one changes nothing', () => {
    expect(widen(temporary(5), { expiresAt: at(9), reason: null })).toEqual({ expiresAt: at(9) });
    expect(widen(temporary(5), { expiresAt: at(2), reason: null })).toBeNull();
    expect(widen(temporary(5), { expiresAt: at(5), reason: null })).toBeNull();
  });

  test('a permanent protection stays permanent whatever expiry is asked', () => {
    expect(widen(permanent, { expiresAt: at(9), reason: null })).toBeNull();
  });

  test('a non-empty reason replaces the stored one; the same reason is no change', () => {
    expect(widen(permanent, { expiresAt: null, reason: 'new' })).toEqual({ reason: 'new' });
    expect(widen(permanent, { expiresAt: null, reason: 'old' })).toBeNull();
  });
});

test('active means permanent or expiring after now; expiry needs no job', () => {
  expect(isActive(permanent, now)).toBe(true);
  expect(isActive(temporary(1), now)).toBe(true);
  expect(isActive({ permanent: false, expiresAt: now }, now)).toBe(false);
});

test('a duration sets exactly the given terms from now (it may shorten)', () => {
  expect(termsFromDuration({ kind: 'days', days: 3 }, now)).toEqual({
    permanent: false,
    expiresAt: at(3),
  });
  expect(termsFromDuration({ kind: 'permanent' }, now)).toEqual({
    permanent: true,
    expiresAt: null,
  });
  expect(termsFromDuration({ kind: 'until', expiresAt: at(1) }, now).expiresAt).toEqual(at(1));
  expect(() => termsFromDuration({ kind: 'until', expiresAt: now }, now)).toThrow(Invalid);
});
