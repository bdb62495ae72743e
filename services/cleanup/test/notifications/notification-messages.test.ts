import { validateMessage } from '@mcs/contracts';
import {
  alertNotification,
  deleteFailedNotification,
  newCandidatesNotification,
  type Notification,
  requestNotification,
  taskFailureNotification,
} from '../../src/domain/notifications/messages';
import { clip, formatBytes, oneLine, withoutPaths } from '../../src/domain/notifications/text';
import type { Target } from '../../src/domain/target';

/**
 * The six notifications as administrators' channels show them (docs/decisions/026), and that
 * whatever text they are built from they match their contract: an invalid one would fail the
 * change it reports.
 */
const at = new Date('2026-11-30T08:00:00Z');
const episode: Target = {
  mediaType: 'series',
  scope: 'episode',
  mediaId: 5,
  movieVersionId: null,
  seriesId: 5,
  seasonId: 50,
  seasonNumber: 1,
  episodeId: 500,
  episodeNumber: 2,
};
const movie: Target = { ...episode, mediaType: 'movie', scope: 'movie', seriesId: null };

const valid = (notification: Notification | null) => {
  expect(notification).not.toBeNull();
  expect(validateMessage('notification.requested', notification)).toEqual({ ok: true });
};

const huge = `${'🎬'.repeat(3000)}`;
const pathy =
  'could not open /media/movies/Secret Film (2001)/film.mkv via http://user:pw@arr:7878/api';

test('sizes read in binary units with one decimal', () => {
  expect(formatBytes(0)).toBe('0 B');
  expect(formatBytes(1023)).toBe('1023 B');
  expect(formatBytes(1536)).toBe('1.5 KiB');
  expect(formatBytes(12.4 * 1024 ** 3)).toBe('12.4 GiB');
  expect(formatBytes(1024 ** 2 - 1)).toBe('1.0 MiB');
  expect(formatBytes(3 * 1024 ** 4)).toBe('3.0 TiB');
});

test('text is cut on a character boundary, made one line, and loses paths and links', () => {
  const cut = clip('🎬🎬🎬', 4);
  expect(cut).toBe('🎬…');
  expect(clip('abc', 3)).toBe('abc');
  expect(oneLine('  two\nlines\t\u0000here  ')).toBe('two lines here');
  expect(withoutPaths(pathy)).toBe('could not open [path] Film (2001)/film.mkv via [link]');
  expect(withoutPaths('AC/DC 2/3 done')).toBe('AC/DC 2/3 done');
  expect(withoutPaths('C:\\Media\\film.mkv gone')).toBe('[path] gone');
});

test('a scan digest counts the new candidates by kind, the total and the space; none without new ones', () => {
  const digest = newCandidatesNotification({
    runId: 41,
    created: { movie: 2, series: 1 },
    totals: { candidates: 12, reclaimableBytes: 12.4 * 1024 ** 3 },
    at,
  });
  expect(digest).toEqual({
    event: 'new_cleanup_candidates',
    subject: 'scan/41',
    severity: 'info',
    title: '3 new cleanup candidates to review',
    message:
      'The cleanup scan found 3 new candidates. 12 candidates now wait for review, 12.4 GiB reclaimable.',
    facts: [
      { label: 'New candidates', value: '3' },
      { label: 'Movies', value: '2' },
      { label: 'Series', value: '1' },
      { label: 'Total candidates', value: '12' },
      { label: 'Reclaimable', value: '12.4 GiB' },
    ],
    ui_page: '/candidates',
    occurred_at: at.toISOString(),
  });
  valid(digest);
  const none = { runId: 42, created: { movie: 0, series: 0 }, at };
  expect(
    newCandidatesNotification({ ...none, totals: { candidates: 12, reclaimableBytes: 0 } }),
  ).toBeNull();
});

test('a request names its target with year, season and episode, who asked and why', () => {
  const request = {
    kind: 'protection' as const,
    id: 9,
    target: episode,
    title: 'Breaking Bad',
    year: 2008,
    requestedByUserId: 2,
    requestedByName: 'asker',
    reason: 'Rewatching',
    durationDays: 30,
  };
  const notification = requestNotification(request, at);
  expect(notification).toMatchObject({
    event: 'new_protection_request',
    subject: 'request/9',
    title: 'Protection requested: Breaking Bad (2008) S01E02',
    message: 'asker asks to keep Breaking Bad (2008) S01E02 for 30 days. Reason: Rewatching',
    facts: [
      { label: 'Requested by', value: 'asker' },
      { label: 'Target', value: 'Breaking Bad (2008) S01E02 (episode)' },
      { label: 'Reason', value: 'Rewatching' },
      { label: 'Duration', value: 'for 30 days' },
    ],
    ui_page: '/requests',
  });
  valid(notification);
  const deletion = requestNotification(
    { ...request, kind: 'delete', target: movie, requestedByName: null, reason: null },
    at,
  );
  expect(deletion).toMatchObject({
    event: 'new_delete_request',
    title: 'Deletion requested: Breaking Bad (2008)',
    facts: [
      { label: 'Requested by', value: 'User 2' },
      { label: 'Target', value: 'Breaking Bad (2008) (movie)' },
      { label: 'Reason', value: 'None given' },
    ],
  });
});

test('alerts of kinds with their own event are not told as alerts', () => {
  const alert = { id: 4, severity: 'critical' as const, title: 'Held', message: 'Held back.' };
  expect(alertNotification({ ...alert, kind: 'task_failure' }, at)).toBeNull();
  expect(alertNotification({ ...alert, kind: 'delete_failed' }, at)).toBeNull();
  const told = alertNotification({ ...alert, kind: 'sync_mass_removal_blocked' }, at);
  expect(told).toMatchObject({
    event: 'alert',
    subject: 'alert/4',
    severity: 'critical',
    ui_page: '/',
  });
  valid(told);
});

test('whatever text they carry, all six stay within the contract and carry no path or link', () => {
  const long = `${huge}\n${pathy}`;
  const built = [
    newCandidatesNotification({
      runId: Number.MAX_SAFE_INTEGER,
      created: { movie: 1e9, series: 1e9 },
      totals: { candidates: 1e12, reclaimableBytes: 2 ** 62 },
      at,
    }),
    requestNotification(
      {
        kind: 'delete',
        id: 1,
        target: episode,
        title: long,
        year: 1999,
        requestedByUserId: 3,
        requestedByName: long,
        reason: long,
        durationDays: null,
      },
      at,
    ),
    alertNotification(
      { id: 1, kind: 'source_anomaly', severity: 'warning', title: long, message: long },
      at,
    ),
    alertNotification(
      { id: 2, kind: 'source_anomaly', severity: 'info', title: ' \n\t', message: '\u0000' },
      at,
    ),
    taskFailureNotification({
      run_id: 7,
      task_id: 'sync_media',
      service: 'catalog',
      error: long,
      error_code: 'x'.repeat(100),
      items_processed: null,
      summary: {},
      completed_at: at.toISOString(),
    }),
    deleteFailedNotification(
      {
        operationId: 3,
        kind: 'move',
        title: long,
        year: null,
        target: movie,
        attempts: 3,
        reason: long,
        pausedAfter: 3,
      },
      at,
    ),
  ];
  for (const notification of built) {
    valid(notification);
    const text = JSON.stringify(notification);
    expect(text).not.toContain('/media/');
    expect(text).not.toContain('user:pw');
  }
});

test('a failed run and a failed operation say what failed, where, and how often', () => {
  const failure = taskFailureNotification({
    run_id: 7,
    task_id: 'sync_media',
    service: 'catalog',
    error: 'Jellyfin answered 401.',
    error_code: 'unauthorized',
    items_processed: 0,
    summary: {},
    completed_at: at.toISOString(),
  });
  expect(failure).toMatchObject({
    event: 'task_failure',
    subject: 'run/7/catalog',
    severity: 'warning',
    title: 'Task sync_media failed in catalog',
    message: 'Jellyfin answered 401.',
    facts: [
      { label: 'Task', value: 'sync_media' },
      { label: 'Service', value: 'catalog' },
      { label: 'Error', value: 'unauthorized: Jellyfin answered 401.' },
      { label: 'Run', value: '7' },
    ],
    ui_page: '/tasks',
  });
  const operation = deleteFailedNotification(
    {
      operationId: 12,
      kind: 'delete',
      title: 'Old Film',
      year: 1970,
      target: movie,
      attempts: 3,
      reason: 'http_500',
      pausedAfter: 3,
    },
    at,
  );
  expect(operation).toMatchObject({
    event: 'delete_failed',
    subject: 'operation/12',
    title: 'Deleting Old Film (1970) failed',
    message:
      'Deleting Old Film (1970) failed (http_500), 3 failures in a row. Automatic attempts are paused.',
    facts: [
      { label: 'Title', value: 'Old Film (1970)' },
      { label: 'Attempts', value: '3' },
      { label: 'Reason', value: 'http_500' },
    ],
    ui_page: '/candidates',
  });
});
