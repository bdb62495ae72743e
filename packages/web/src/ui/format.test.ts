import { formatBytes, formatRelative } from './format';

describe('formatBytes', () => {
  it('uses binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toMatch(/^1[.,]5 KiB$/);
    expect(formatBytes(41.2 * 1024 ** 3)).toMatch(/^41[.,]2 GiB$/);
    expect(formatBytes(null)).toBe('—');
  });
});

describe('formatRelative', () => {
  it('says how far a deadline is', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(formatRelative('2026-01-06T00:00:00Z', now)).toBe('in 5 days');
    expect(formatRelative('2025-12-31T21:00:00Z', now)).toBe('3 hours ago');
  });
});
