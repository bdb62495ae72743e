import type { ExternalApi, InternalApi } from '@mcs/contracts';
import { callSigned, waitFor } from '@mcs/kit/testing';
import { conditionsRule } from '../services/cleanup/test/support/rules';
import type { Session } from '../services/gateway/test/support/gateway';
import { useDashboardStack } from './support/dashboard-stack';

type External = ExternalApi.components['schemas'];
type Internal = InternalApi.components['schemas'];
type Page = { total: number; items: { id: number }[] };

/**
 * The dashboard and the indicators end to end (issue 28): after a real sync of the library
 * simulator and a real scan, every figure equals what the lists report for the same data, for
 * an administrator and for users, through the gateway and the real owning services.
 */
const stack = useDashboardStack();
const STATES = ['disabled', 'scheduled', 'eligible', 'postponed', 'canceled'] as const;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  // The network is sealed: no sync reaches for the official IMDb dataset.
  await stack.changeSettings({ imdb_ratings_enabled: false });
  await stack.catalog.configure(['radarr', 'sonarr']);
  await stack.runTask('sync_media');
  const movies = await stack.get<Page>('/api/v1/movies');
  await waitFor(
    async () =>
      (await stack.cleanup.db.mediaItem.count({ where: { mediaType: 'movie' } })) ===
        movies.total && (await stack.cleanup.services.sourceStatus.availability()).catalog,
    { what: "cleanup's projection of the synced library" },
  );
  const everything = [{ field: 'media.year', operator: 'less_than', value: 3000 }];
  await stack.post(
    '/api/rules',
    conditionsRule('Old films', everything, {
      action: { auto_delete_enabled: true, auto_delete_delay_days: 30 },
    }),
    201,
    stack.admin,
  );
  await stack.post(
    '/api/rules',
    conditionsRule('Old shows', everything, { media_type: 'series', target_scope: 'series' }),
    201,
    stack.admin,
  );
  await stack.runTask('scan_cleanup_candidates');
  // Spread the candidates over the states: one canceled, one postponed.
  const [first, second] = (await stack.get<Page>('/api/v1/candidates?media_type=movie')).items;
  if (!first || !second) throw new Error('the scan made fewer than two movie candidates');
  await stack.post(`/api/v1/candidates/${first.id}/cancel`, {}, 200);
  const until = new Date(Date.now() + 90 * DAY_MS).toISOString();
  await stack.post(`/api/v1/candidates/${second.id}/postpone`, { until }, 200);
  await makeRequests();
}, 240_000);

/**
 * Alice asks to protect one movie and to delete another; Bob asks to protect a third and to
 * delete a fourth, and an administrator denies Bob's deletion (Bob's one notice). Pending:
 * Alice 1 + 1, Bob 1 + 0; everyone 2 + 1. An integration protects a fifth movie, and an
 * administrator's own delete request removes a sixth (one receipt, reclaimed bytes).
 */
async function makeRequests(): Promise<void> {
  const movies = (await stack.get<Page>('/api/v1/movies?per_page=200')).items;
  const target = (i: number) => ({ media_type: 'movie', media_id: movies[i]?.id });
  await stack.post('/api/protection-requests', target(2), 201, stack.alice);
  await stack.post('/api/delete-requests', target(3), 201, stack.alice);
  await stack.post('/api/protection-requests', target(4), 201, stack.bob);
  const asked = await stack.post('/api/delete-requests', target(5), 201, stack.bob);
  const id = (asked.body.request as { id: number }).id;
  await stack.post(`/api/delete-requests/${id}/deny`, {}, 200, stack.admin);
  await stack.post('/api/v1/protections', target(7), 200);
  await stack.post('/api/delete-requests', target(6), 202, stack.admin);
  // Settled once the receipt is written and cleanup's projection has the movie removed.
  await waitFor(
    async () =>
      (await total('/api/media/reclaim-history?outcome=succeeded', stack.admin)) === 1 &&
      (await stack.cleanup.db.mediaItem.count({ where: { removedAt: { not: null } } })) === 1,
    { timeoutMs: 30_000, what: 'the deletion to finish and reach cleanup' },
  );
}

const dashboard = (session: Session) => stack.get<Internal['Dashboard']>('/api/dashboard', session);
const total = async (path: string, session?: Session) =>
  (await stack.get<{ total: number }>(path, session)).total;

/** Versions of every movie and episodes of every series, from the media browser's items. */
async function filesFromItems(): Promise<{ versions: number; episodes: number }> {
  const count = async (type: 'movie' | 'series') => {
    const items = (
      await stack.get<{ items: { media_id: number }[] }>(
        `/api/media/items?media_type=${type}&per_page=200`,
        stack.admin,
      )
    ).items;
    let sum = 0;
    for (const item of items) {
      const detail = await stack.get<Internal['MediaItemDetail']>(
        `/api/media/items/${type}/${item.media_id}`,
        stack.admin,
      );
      sum +=
        type === 'movie'
          ? detail.versions.length
          : detail.seasons.reduce((n, season) => n + season.episodes.length, 0);
    }
    return sum;
  };
  return { versions: await count('movie'), episodes: await count('series') };
}

test("an administrator's dashboard equals what the lists report for the same data", async () => {
  const seen = await dashboard(stack.admin);
  const movies = await stack.get<{ total: number; items: { size_bytes: number | null }[] }>(
    '/api/v1/movies?per_page=200',
  );
  const series = await stack.get<{ total: number; items: { size_bytes: number | null }[] }>(
    '/api/v1/series?per_page=200',
  );
  const size = [...movies.items, ...series.items].reduce((n, i) => n + (i.size_bytes ?? 0), 0);
  const files = await filesFromItems();
  expect(seen.library).toEqual({
    movies: movies.total,
    movie_versions: files.versions,
    series: series.total,
    episodes: files.episodes,
    total_size_bytes: size,
  });
  expect(seen.library?.movies).toBeGreaterThan(0);

  const byState = Object.fromEntries(
    await Promise.all(
      STATES.map(
        async (state) =>
          [state, await total(`/api/v1/candidates?auto_delete_state=${state}`)] as const,
      ),
    ),
  );
  expect(byState).toMatchObject({ canceled: 1, postponed: 1 });
  expect(byState.scheduled).toBeGreaterThan(0);
  expect(seen.candidates).toMatchObject({
    total: await total('/api/v1/candidates'),
    movies: await total('/api/v1/candidates?media_type=movie'),
    series: await total('/api/v1/candidates?media_type=series'),
    by_state: byState,
  });
  expect(seen.candidates?.series).toBeGreaterThan(0);
  expect(seen.candidates?.reclaimable_bytes).toBeGreaterThanOrEqual(0);

  const history = await stack.get<{ totals: Internal['ReclaimHistoryPage']['totals'] }>(
    '/api/media/reclaim-history',
    stack.admin,
  );
  expect(seen.reclaimed).toEqual({
    bytes_total: history.totals.reclaimed_bytes_total,
    items_total: history.totals.reclaimed_items_total,
    bytes_last_30_days: history.totals.reclaimed_bytes_last_30_days,
  });
  expect(seen.reclaimed?.items_total).toBe(1);
  expect(seen.reclaimed?.bytes_total).toBeGreaterThan(0);
  expect(seen.protections_active).toBe(await total('/api/v1/protections'));
  expect(seen.protections_active).toBeGreaterThan(0);
  expect(seen.requests).toEqual({
    pending_protection: await total('/api/protection-requests?status=pending', stack.admin),
    pending_delete: await total('/api/delete-requests?status=pending', stack.admin),
  });
  expect(seen.requests).toEqual({ pending_protection: 2, pending_delete: 1 });

  const system = await stack.get<External['System']>('/api/v1/system');
  const autoDelete = await stack.get<External['Task']>('/api/v1/tasks/delete_cleanup_candidates');
  expect(seen).toMatchObject({
    last_media_sync_at: system.last_media_sync_at,
    last_candidate_scan_at: system.last_candidate_scan_at,
    auto_delete_task_enabled: autoDelete.enabled,
    next_auto_delete_at: autoDelete.next_run_at,
  });
  expect(seen.last_media_sync_at).not.toBeNull();
  expect(seen.last_candidate_scan_at).not.toBeNull();
  // Radarr's and Sonarr's disks, never by path.
  expect(seen.disks?.length).toBeGreaterThan(0);
  for (const disk of seen.disks ?? []) {
    expect(disk.label).toMatch(/^Disk \d+$/);
    expect(disk.free_bytes).toBeLessThanOrEqual(disk.total_bytes);
  }
});

test("an administrator's indicators equal the lists: every request, every alert", async () => {
  const sidebar = await stack.get<Internal['SidebarIndicators']>(
    '/api/info/sidebar-indicators',
    stack.admin,
  );
  expect(sidebar).toEqual({
    candidates: await total('/api/v1/candidates'),
    pending_protection_requests: 2,
    pending_delete_requests: 1,
    unread_notices: await total('/api/notices?unread_only=true', stack.admin),
    active_alerts: await total('/api/alerts', stack.admin),
  });
  // Seerr's last attempt failed, as catalog records it (domain.md 2.13).
  await stack.catalog.service.db.sourceStatus.create({
    data: { source: 'seerr', serviceType: 'seerr', state: 'unavailable', reason: 'timeout' },
  });
  const ui = await stack.get<Internal['UiIndicators']>('/api/info/ui-indicators', stack.admin);
  const system = await stack.get<External['System']>('/api/v1/system');
  const tasks = await stack.get<External['TaskList']>('/api/v1/tasks');
  const { sources_unavailable: unavailable, ...rest } = ui;
  const failed = await stack.catalog.service.db.sourceStatus.findMany({
    where: { state: 'unavailable' },
  });
  expect(unavailable).toContain('seerr');
  expect(unavailable).toEqual([...new Set(failed.map((row) => row.source))].sort());
  expect(rest).toEqual({
    setup_complete: true,
    has_main_server: system.has_main_media_server,
    auto_delete_enabled: tasks.items.find((t) => t.id === 'delete_cleanup_candidates')?.enabled,
    running_tasks: tasks.items
      .filter((t) => t.status === 'running' || t.status === 'queued')
      .map((t) => t.id),
    update_available: null,
    is_admin: true,
  });
});

test("a user's figures count only their own requests and notices, never disks or alerts", async () => {
  const alice = await dashboard(stack.alice);
  const admin = await dashboard(stack.admin);
  expect(alice).toEqual({
    ...admin,
    requests: { pending_protection: 1, pending_delete: 1 },
    disks: null,
  });
  expect((await dashboard(stack.bob)).requests).toEqual({
    pending_protection: 1,
    pending_delete: 0,
  });
  const bob = await stack.get<Internal['SidebarIndicators']>(
    '/api/info/sidebar-indicators',
    stack.bob,
  );
  expect(bob).toEqual({
    candidates: await total('/api/v1/candidates'),
    pending_protection_requests: 1,
    pending_delete_requests: 0,
    unread_notices: 1,
    active_alerts: null,
  });
  expect(await total('/api/notices?unread_only=true', stack.bob)).toBe(1);
  const ui = await stack.get<Internal['UiIndicators']>('/api/info/ui-indicators', stack.bob);
  expect(ui).toMatchObject({ is_admin: false, setup_complete: true });
});

test('a user without Candidates-page access sees no candidates, and sees them again once allowed', async () => {
  await stack.changeSettings({ users_can_view_candidates: false });
  expect((await dashboard(stack.alice)).candidates).toBeNull();
  expect((await dashboard(stack.admin)).candidates).not.toBeNull();
  const sidebar = await stack.get<Internal['SidebarIndicators']>(
    '/api/info/sidebar-indicators',
    stack.alice,
  );
  expect(sidebar.candidates).toBeNull();
  await stack.changeSettings({ users_can_view_candidates: true });
  expect((await dashboard(stack.alice)).candidates?.total).toBe(await total('/api/v1/candidates'));
});

test("the owners' parts answer only the gateway's own calls: from outside they do not exist, and another service is refused", async () => {
  const outside = await stack.gateway.request('GET', '/api/dashboard/part', {
    session: stack.admin,
  });
  expect(outside.status).toBe(404);
  for (const [service, url] of [
    ['catalog', stack.catalog.service.url],
    ['cleanup', stack.cleanup.url],
    ['scheduler', stack.scheduler.url],
  ] as const) {
    const asService = await callSigned(service, url, 'GET', '/api/dashboard/part?view=ui', {
      principal: { type: 'system' },
      signer: 'webhooks',
    });
    expect(asService.status).toBe(403);
    const unsigned = await fetch(`${url}/api/dashboard/part`);
    expect(unsigned.status).toBe(401);
  }
});
