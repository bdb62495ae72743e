import { syncKindFor } from '../../src/domain/sync-plan';

const now = new Date('2026-03-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
const base = {
  task: 'sync_media' as const,
  trigger: 'schedule' as const,
  lastFullAt: hoursAgo(2),
  lastWatermark: hoursAgo(1),
  removalsPending: false,
  now,
};

test('a scheduled sync is incremental unless a full one is due (domain.md 2.10)', () => {
  expect(syncKindFor(base)).toBe('incremental');
  expect(syncKindFor({ ...base, lastFullAt: hoursAgo(24) })).toBe('full');
  expect(syncKindFor({ ...base, lastFullAt: null })).toBe('full');
  expect(syncKindFor({ ...base, removalsPending: true })).toBe('full');
  expect(syncKindFor({ ...base, trigger: 'manual' })).toBe('full');
  expect(syncKindFor({ ...base, trigger: 'api' })).toBe('full');
  expect(syncKindFor({ ...base, task: 'resync_media' })).toBe('resync');
});
