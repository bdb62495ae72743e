import type { ExternalApi, InternalApi } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import type { Page, Response } from 'playwright-core';
import { mainServerRepository } from '../../../services/scheduler/src/main-server/main-server.repository';
import type { Session } from '../../../services/gateway/test/support/gateway';
import { verifyDelivery } from '../../../services/webhooks/test/support/verify';
import { choose, dialog, exactly } from './controls';
import { screenReady } from './screens';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type WebStack } from './web-stack';

type External = ExternalApi.components['schemas'];
type Internal = InternalApi.components['schemas'];
/** A candidate the journey acts on, and the title its row shows. */
type Picked = External['Candidate'] & { title: string };

/**
 * The journey of issue 29, one function per step. Every control is found by its role and
 * accessible name, the names the screens were built with; what a step waits for is a real
 * condition (a URL, an element, an answer of the API), never a pause. Where the UI shows the
 * outcome only loosely, the step also reads the API to know the work is done.
 */
export interface Journey {
  page: Page;
  stack: WebStack;
  /** The administrator's own API session, for the checks (the browser has its own). */
  admin?: Session;
  webhook?: { id: number; secret: string };
  token?: string;
  postponed?: Picked;
  protectedOne?: Picked;
}

const go = async (journey: Journey, path: string) => {
  await journey.page.goto(`${journey.stack.origin}${path}`);
  await screenReady(journey.page);
};

/** Waits for the answer to the request a click sends, and fails unless its status is `status`. */
async function answered(
  page: Page,
  method: string,
  path: RegExp,
  status: number,
  act: () => Promise<void>,
): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === method && path.test(new URL(r.url()).pathname),
    ),
    act(),
  ]);
  if (response.status() !== status)
    throw new Error(
      `${method} ${response.url()} answered ${response.status()}, not ${status}: ${await response.text()}`,
    );
  return response;
}

async function api<T>(journey: Journey, path: string): Promise<T> {
  const reply = await journey.stack.request('GET', path, { session: admin(journey) });
  if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status}`);
  return reply.body as T;
}

function admin(journey: Journey): Session {
  if (!journey.admin) throw new Error('the journey has no administrator yet');
  return journey.admin;
}

/** 1. First run: the empty install opens on setup; the administrator is created and signed in. */
export async function setUp(journey: Journey): Promise<void> {
  const { page, stack } = journey;
  await page.goto(`${stack.origin}/`);
  await page.waitForURL(/\/setup$/);
  await page.getByLabel(exactly('Username')).fill(ADMIN_USERNAME);
  await page.getByLabel(exactly('Password')).fill(ADMIN_PASSWORD);
  await answered(page, 'POST', /^\/api\/setup$/, 201, () =>
    page.getByRole('button', { name: 'Create administrator' }).click(),
  );
  await page.waitForURL(/\/settings\/services$/);
  await screenReady(page);
  journey.admin = await stack.gateway.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  // The harness's part, not the journey's: the network is sealed in tests, so no sync may
  // reach for the official IMDb dataset.
  await stack.changeSettings(journey.admin, { imdb_ratings_enabled: false });
}

/** 2. Settings → Services: the simulator's Jellyfin (main), Radarr, Sonarr and Seerr. */
export async function addServices(journey: Journey): Promise<void> {
  const { page, stack } = journey;
  const { sim } = stack.catalog;
  await go(journey, '/settings/services');
  for (const type of ['jellyfin', 'radarr', 'sonarr', 'seerr'] as const) {
    const name = `Simulated ${type}`;
    await page.getByRole('button', { name: 'Add service' }).click();
    const form = dialog(page).or(page.locator('form')).first();
    await choose(form, 'Type', type);
    await form.getByLabel(exactly('Name')).fill(name);
    await form.getByLabel(exactly('Base URL')).fill(sim.urls[type]);
    await form.getByLabel(exactly('API key')).fill(sim.apiKeys[type]);
    await form.getByRole('checkbox', { name: 'Enabled' }).check();
    if (type === 'jellyfin')
      await form.getByRole('checkbox', { name: 'Main media server' }).check();
    await answered(page, 'POST', /^\/api\/settings\/save\/service$/, 201, () =>
      form.getByRole('button', { name: 'Save service' }).click(),
    );
    await page.getByText(name).first().waitFor();
  }
  // The scheduler runs main-server tasks once catalog has told it there is one.
  await waitFor(() => mainServerRepository.has(stack.scheduler.db), {
    what: 'the scheduler to hear of the main media server',
  });
}

/** Runs a task from the Tasks page and waits until the run completed. */
async function runTask(journey: Journey, taskId: string): Promise<void> {
  const { page } = journey;
  const tasks = await api<Internal['TaskViewList']>(journey, '/api/tasks/tasks');
  const task = tasks.items.find((item) => item.id === taskId);
  if (!task) throw new Error(`no task ${taskId}`);
  await go(journey, '/tasks');
  const response = await answered(
    page,
    'POST',
    new RegExp(`/api/tasks/tasks/${taskId}/run$`),
    202,
    () => page.getByRole('button', { name: `Run ${task.name}` }).click(),
  );
  const { run_id: runId } = (await response.json()) as External['TaskRunTriggerResponse'];
  await waitFor(
    async () => {
      const history = await api<Internal['TaskRunDetailPage']>(
        journey,
        `/api/tasks/history?task_id=${taskId}`,
      );
      const run = history.items.find((item) => item.id === runId);
      if (run?.status === 'error') throw new Error(`${taskId} failed: ${run.error}`);
      return run?.status === 'completed';
    },
    { timeoutMs: 60_000, what: `${taskId} to complete` },
  );
}

/** 3. Tasks: sync the library; cleanup then holds every synced movie. */
export async function syncLibrary(journey: Journey): Promise<void> {
  await runTask(journey, 'sync_media');
  const movies = await api<Internal['MediaItemPage']>(journey, '/api/media/items?media_type=movie');
  await waitFor(
    async () =>
      (await journey.stack.cleanup.db.mediaItem.count({ where: { mediaType: 'movie' } })) ===
      movies.total,
    { what: "cleanup's projection of the synced library" },
  );
}

/** 4–5. Rules: a new rule for every movie older than the year 3000, previewed, then saved. */
export async function createRuleWithPreview(journey: Journey): Promise<void> {
  const { page } = journey;
  await go(journey, '/rules');
  await page.getByRole('link', { name: 'New rule' }).first().click();
  await page.waitForURL(/\/rules\/new$/);
  await screenReady(page);
  await page.getByLabel(exactly('Name')).fill('Old films');
  await choose(page, 'Media type', /movie/i);
  await choose(page, 'Target scope', /^movie files$/i);
  // A new rule opens with one empty condition; "Add condition" only when it does not.
  if ((await page.getByLabel(exactly('Field')).count()) === 0)
    await page.getByRole('button', { name: 'Add condition' }).click();
  await choose(page, 'Field', /year/i);
  await choose(page, 'Operator', /less than|before|</i);
  await page.getByLabel(exactly('Value')).last().fill('3000');
  const preview = await answered(page, 'POST', /^\/api\/rules\/preview$/, 200, () =>
    page.getByRole('button', { name: 'Preview' }).click(),
  );
  const body = (await preview.json()) as { total?: number; items?: unknown[] };
  if (!(body.total ?? body.items?.length)) throw new Error('the preview matched nothing');
  await answered(page, 'POST', /^\/api\/rules$/, 201, () =>
    page.getByRole('button', { name: 'Save rule' }).click(),
  );
}

/** 6. Settings → Webhooks: an endpoint on the local receiver for the candidate events. */
export async function addWebhook(journey: Journey): Promise<void> {
  const { page, stack } = journey;
  // Private destinations must be allowed for the local receiver (the default); a journey on an
  // install that blocks them turns the setting off first.
  const general = await api<Internal['GeneralSettings']>(journey, '/api/settings/general');
  if (general.webhook_block_private_destinations)
    await stack.changeSettings(admin(journey), { webhook_block_private_destinations: false });
  await go(journey, '/settings/webhooks');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const form = dialog(page).or(page.locator('form')).first();
  await form.getByLabel(exactly('Name')).fill('Journey receiver');
  await form.getByLabel(exactly('URL')).fill(`http://127.0.0.1:${stack.receiver.port}/hooks`);
  for (const type of ['candidate.postponed', 'candidate.protected', 'protection.created'])
    await form.getByRole('checkbox', { name: type }).check();
  const created = await answered(
    page,
    'POST',
    /^\/api\/settings\/integrations\/webhooks$/,
    201,
    () => form.getByRole('button', { name: 'Save webhook' }).click(),
  );
  const endpoint = (await created.json()) as Internal['WebhookEndpointCreated'];
  // The signing secret is shown once; the UI must show exactly what the API created.
  const shown = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  if (shown !== endpoint.signing_secret)
    throw new Error(`the UI shows the signing secret ${shown}, not ${endpoint.signing_secret}`);
  journey.webhook = { id: endpoint.id, secret: endpoint.signing_secret };
}

/** 7. Tasks: scan the candidates with the rule. */
export async function scanCandidates(journey: Journey): Promise<void> {
  await runTask(journey, 'scan_cleanup_candidates');
}

/**
 * Opens Candidates and returns the movie candidates of the list the screen itself received
 * (the browser's GET /api/media/candidates), so the step picks a row the page shows.
 */
async function openCandidates(journey: Journey): Promise<Picked[]> {
  const { page } = journey;
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) =>
        r.request().method() === 'GET' &&
        new URL(r.url()).pathname === '/api/media/candidates' &&
        r.status() === 200,
    ),
    go(journey, '/candidates'),
  ]);
  const body = (await response.json()) as Internal['CandidateGroupPage'];
  const all = body.items
    .filter((group) => group.media_type === 'movie')
    .flatMap((group) =>
      group.candidates.map((candidate) => ({
        ...candidate,
        title: group.title ?? candidate.title,
      })),
    );
  if (all.length < 2) throw new Error('the scan made fewer than two movie candidates');
  return all;
}

/** Ticks one candidate's checkbox ("Select <title> <target>"). */
async function select(page: Page, candidate: Picked): Promise<void> {
  const title = candidate.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('checkbox', { name: new RegExp(`^Select ${title}\\b`) })
    .first()
    .check();
}

/** 8. Candidates: postpone one by 90 days. */
export async function postponeCandidate(journey: Journey): Promise<void> {
  const { page } = journey;
  const [first] = await openCandidates(journey);
  await select(page, first as Picked);
  await page.getByRole('button', { name: 'Postpone selected' }).click();
  const until = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  await dialog(page).getByLabel('Postpone until').fill(until);
  await answered(page, 'POST', /\/api\/media\/candidates\/\d+\/postpone$/, 200, () =>
    dialog(page).getByRole('button', { name: 'Postpone', exact: true }).click(),
  );
  journey.postponed = first;
}

/** 9. Candidates: protect another. */
export async function protectCandidate(journey: Journey): Promise<void> {
  const { page } = journey;
  const second = (await openCandidates(journey)).find((c) => c.id !== journey.postponed?.id);
  await select(page, second as Picked);
  await page.getByRole('button', { name: 'Protect selected' }).click();
  await dialog(page).getByLabel('Reason').fill('Family favourite');
  await answered(page, 'POST', /\/api\/media\/candidates\/\d+\/protect$/, 200, () =>
    dialog(page).getByRole('button', { name: 'Protect', exact: true }).click(),
  );
  journey.protectedOne = second;
}

/** 10. Settings → API tokens: a token that reads the event feed, shown once. */
export async function createToken(journey: Journey): Promise<void> {
  const { page } = journey;
  await go(journey, '/settings/tokens');
  await page.getByRole('button', { name: 'Create token' }).click();
  await dialog(page).getByLabel(exactly('Name')).fill('Journey feed reader');
  await dialog(page).getByRole('checkbox', { name: 'events:read' }).check();
  await answered(page, 'POST', /^\/api\/settings\/integrations\/api-tokens$/, 201, () =>
    dialog(page).getByRole('button', { name: 'Create token' }).click(),
  );
  journey.token = await dialog(page).getByLabel(exactly('Token')).inputValue();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
}

/** 11. The feed (external API, with the UI's token) has the postponement and the protection. */
export async function seeEventsInFeed(journey: Journey): Promise<External['Event'][]> {
  const { stack } = journey;
  if (!journey.token) throw new Error('no token from the UI');
  const reply = await stack.request(
    'GET',
    '/api/v1/events?event_type=candidate.postponed,candidate.protected,protection.created',
    { token: journey.token },
  );
  if (reply.status !== 200) throw new Error(`GET /api/v1/events: ${reply.status}`);
  const events = (reply.body as External['EventFeed']).items;
  const postponed = events.find(
    (event) =>
      event.type === 'candidate.postponed' &&
      (event.payload as { candidate?: { id?: number } }).candidate?.id === journey.postponed?.id,
  );
  if (!postponed) throw new Error(`no candidate.postponed in the feed: ${JSON.stringify(events)}`);
  if (!events.some((e) => e.type !== 'candidate.postponed'))
    throw new Error(`no protection event in the feed: ${JSON.stringify(events)}`);
  return events;
}

/** 12. The receiver got the postponement signed; Settings → Webhooks shows it delivered. */
export async function seeWebhookDelivery(
  journey: Journey,
  event: External['Event'],
): Promise<void> {
  const { page, stack, webhook } = journey;
  if (!webhook) throw new Error('no webhook from the UI');
  const received = await waitFor(
    () => stack.receiver.received.find((r) => r.headers['webhook-id'] === event.id) ?? false,
    { what: `the delivery of ${event.type} at the receiver` },
  );
  const body = verifyDelivery(webhook.secret, received);
  if (JSON.stringify(body) !== JSON.stringify(event.payload))
    throw new Error('the delivered payload differs from the feed');
  await go(journey, '/settings/webhooks');
  const row = page.getByRole('row').filter({ hasText: event.type }).first();
  await row.waitFor();
  await row
    .getByText(/delivered|succeeded/i)
    .first()
    .waitFor();
  await row.getByRole('button', { name: 'Redeliver' }).waitFor();
}
