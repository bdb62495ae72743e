import type { Browser } from 'playwright-core';
import { launchChromium, ProblemWatch, watchedContext } from './support/browser';
import {
  addServices,
  addWebhook,
  createRuleWithPreview,
  createToken,
  postponeCandidate,
  protectCandidate,
  scanCandidates,
  seeEventsInFeed,
  seeWebhookDelivery,
  setUp,
  syncLibrary,
  type Journey,
} from './support/journey-steps';
import { screenshot } from './support/screens';
import { startWebStack, type WebStack } from './support/web-stack';

/**
 * The journey of issue 29 in Debian's chromium, against the real services on the library
 * simulator, from an empty install: setup → the simulator's services → sync → a rule, previewed
 * → a webhook → scan → postpone a candidate → protect one → a token → the events in the feed
 * (read with that token) and their signed delivery, shown delivered in the UI. No console error,
 * CSP violation or failed request on the way. Each step's screen is saved under
 * artifacts/screenshots/journey (and the failing one, when a step fails).
 */
let stack: WebStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startWebStack(), launchChromium()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

test('from an empty install to an event in the feed and its webhook delivery', async () => {
  const watch = new ProblemWatch(stack.origin);
  const context = await watchedContext(browser, watch);
  const journey: Journey = { page: await context.newPage(), stack };
  let index = 0;
  const step = async (name: string, run: (journey: Journey) => Promise<unknown>) => {
    index += 1;
    const file = `${String(index).padStart(2, '0')}-${name}`;
    try {
      await run(journey);
    } catch (error) {
      await screenshot(journey.page, 'journey', `${file}-FAILED`).catch(() => undefined);
      throw new Error(`step ${index} (${name}) at ${journey.page.url()}: ${String(error)}`, {
        cause: error,
      });
    }
    await screenshot(journey.page, 'journey', file);
  };

  await step('setup', setUp);
  await step('services', addServices);
  await step('sync', syncLibrary);
  await step('rule', createRuleWithPreview);
  await step('webhook', addWebhook);
  await step('scan', scanCandidates);
  await step('postpone', postponeCandidate);
  await step('protect', protectCandidate);
  await step('token', createToken);
  let postponed: Awaited<ReturnType<typeof seeEventsInFeed>>[number] | undefined;
  await step('feed', async () => {
    postponed = (await seeEventsInFeed(journey)).find((e) => e.type === 'candidate.postponed');
  });
  await step('delivery', async () => {
    if (!postponed) throw new Error('no postponement in the feed');
    await seeWebhookDelivery(journey, postponed);
  });
  await context.close();
  watch.assertNone();
}, 170_000);
