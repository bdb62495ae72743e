import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { InternalApi } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { conditionsRule } from '../../services/cleanup/test/support/rules';
import type { Session } from '../../services/gateway/test/support/gateway';
import { launchChromium, ProblemWatch, watchedContext } from './support/browser';
import { captureScreen, mainScreens, screenReady, screenshot } from './support/screens';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startWebStack, type WebStack } from './support/web-stack';

/**
 * Every main screen of the UI against the real services on the library simulator (issue 29):
 * a screenshot of each in the light and the dark theme and at 360 px wide (artifacts/
 * screenshots/screens), axe-core finding no serious or critical violation in either theme, and
 * no console error, CSP violation or failed request. The data is made through the API (the
 * journey test makes it through the UI): a synced library, two rules, a scan, a postponed and a
 * protected candidate, a pending request.
 */
type Page200 = { total: number; items: { id: number }[] };
type Internal = InternalApi.components['schemas'];

let stack: WebStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let watch: ProblemWatch;
let admin: Session;
let mediaDetailPath = '';

beforeAll(async () => {
  [stack, browser] = await Promise.all([startWebStack(), launchChromium()]);
  watch = new ProblemWatch(stack.origin);
  context = await watchedContext(browser, watch);
  page = await context.newPage();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

test('an empty install opens on the setup page', async () => {
  await page.goto(`${stack.origin}/`);
  await page.waitForURL(/\/setup$/);
  await captureScreen(page, stack.origin, 'screens', { name: 'setup', path: '/setup' });
});

test('with data made through the API, the login page and then every main screen', async () => {
  await seed();
  await captureScreen(page, stack.origin, 'screens', { name: 'login', path: '/login' });
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await screenReady(page);
  for (const screen of mainScreens(mediaDetailPath))
    await captureScreen(page, stack.origin, 'screens', screen);
}, 150_000);

test('every main screen at 360 px wide', async () => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const screen of mainScreens(mediaDetailPath)) {
    await page.goto(`${stack.origin}${screen.path}`);
    await screenReady(page);
    await screenshot(page, 'screens', `${screen.name}-360`);
  }
}, 60_000);

test('no console error, page error, CSP violation or failed request on any screen', () => {
  watch.assertNone();
});

/** What the screens show: as dashboard-e2e makes it, through the gateway. */
async function seed(): Promise<void> {
  admin = await stack.gateway.setup(ADMIN_USERNAME, ADMIN_PASSWORD);
  const token = (
    await stack.gateway.token(admin, [
      'media:read',
      'candidates:manage',
      'protections:manage',
      'tasks:run',
    ])
  ).token;
  const post = async (
    path: string,
    body: unknown,
    auth: { session: Session } | { token: string },
  ) => {
    const reply = await stack.request('POST', path, auth, body);
    if (reply.status >= 300)
      throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  };
  // The network is sealed: no sync reaches for the official IMDb dataset.
  await stack.changeSettings(admin, { imdb_ratings_enabled: false });
  await stack.catalog.configure(['radarr', 'sonarr', 'seerr']);
  await stack.runTask(token, 'sync_media');
  const movies = (await stack.request('GET', '/api/v1/movies?per_page=200', { token }))
    .body as Page200;
  await waitFor(
    async () =>
      (await stack.cleanup.db.mediaItem.count({ where: { mediaType: 'movie' } })) === movies.total,
    { what: "cleanup's projection of the synced library" },
  );
  const everything = [{ field: 'media.year', operator: 'less_than', value: 3000 }];
  await post('/api/rules', conditionsRule('Old films', everything), { session: admin });
  await post(
    '/api/rules',
    conditionsRule('Old shows', everything, { media_type: 'series', target_scope: 'series' }),
    { session: admin },
  );
  await stack.runTask(token, 'scan_cleanup_candidates');
  const candidates = (await stack.request('GET', '/api/v1/candidates?media_type=movie', { token }))
    .body as Page200;
  const [first, second] = candidates.items;
  if (!first || !second) throw new Error('the scan made fewer than two movie candidates');
  const until = new Date(Date.now() + 90 * 86_400_000).toISOString();
  await post(`/api/v1/candidates/${first.id}/postpone`, { until }, { token });
  await post(
    '/api/v1/protections',
    { media_type: 'movie', media_id: movies.items[3]?.id },
    { token },
  );
  const alice = await stack.gateway.userSession(admin, 'alice');
  await post(
    '/api/protection-requests',
    { media_type: 'movie', media_id: movies.items[4]?.id },
    {
      session: alice,
    },
  );
  const items = (
    await stack.request('GET', '/api/media/items?media_type=movie', { session: admin })
  ).body as Internal['MediaItemPage'];
  mediaDetailPath = `/library/movie/${items.items[0]?.media_id}`;
}
