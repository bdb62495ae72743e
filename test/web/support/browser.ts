import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';

/** Debian's chromium (apt-get install chromium); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: the browser tests drive Debian's chromium ` +
        '(sudo apt-get install chromium), or set CHROMIUM_PATH to another Chromium binary.',
    );
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/** A response the journey expects to fail, e.g. GET /api/auth/me → 401 before signing in. */
export interface ExpectedFailure {
  method: string;
  path: RegExp;
  status: number;
}

/**
 * What the run must not produce, gathered from every page of a context: console errors, uncaught
 * page errors, CSP violations (reported by the page itself: Chromium does not send them as
 * console messages), failed requests and responses ≥ 400 that no step declared expected.
 *
 * Not counted: requests aborted with net::ERR_ABORTED. A navigation aborts what the previous
 * page still had in flight, and TanStack Query aborts the fetch of a query whose screen
 * unmounted; neither is a failure the user could see. Every other failure counts.
 *
 * Expected by default: GET /api/auth/me → 401 (the shell asks who is signed in before anyone
 * is; the answer sends it to the login page).
 */
export class ProblemWatch {
  readonly problems: string[] = [];
  private readonly expected: ExpectedFailure[] = [
    { method: 'GET', path: /^\/api\/auth\/me$/, status: 401 },
  ];

  constructor(private readonly origin: string) {}

  /** Declares a failing response a step provokes on purpose. */
  expect(failure: ExpectedFailure): void {
    this.expected.push(failure);
  }

  async attach(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__mcsCspViolation', (_source, text: string) => {
      this.problems.push(`CSP violation: ${text}`);
    });
    // In the page (a string: this project compiles without the DOM library).
    await context.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) =>
        window.__mcsCspViolation(event.effectiveDirective + ' blocked ' +
          (event.blockedURI || '(inline)') + ' at ' + event.sourceFile + ':' + event.lineNumber));`,
    });
    context.on('console', (message) => {
      if (message.type() === 'error')
        this.problems.push(`console error on ${message.page()?.url()}: ${message.text()}`);
    });
    context.on('weberror', (error) =>
      this.problems.push(`page error on ${error.page()?.url()}: ${error.error().stack}`),
    );
    context.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? 'unknown';
      if (failure === 'net::ERR_ABORTED') return;
      this.problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
    });
    context.on('response', (response) => {
      if (response.status() < 400) return;
      const url = new URL(response.url());
      const method = response.request().method();
      const expected = this.expected.some(
        (failure) =>
          failure.method === method &&
          failure.status === response.status() &&
          url.origin === this.origin &&
          failure.path.test(url.pathname),
      );
      if (!expected)
        this.problems.push(`unexpected ${response.status()}: ${method} ${response.url()}`);
    });
  }

  /** Throws, listing every problem, when there was any. */
  assertNone(): void {
    if (this.problems.length > 0)
      throw new Error(
        `The browser saw ${this.problems.length} problem(s):\n${this.problems.join('\n')}`,
      );
  }
}

/** A fresh context (cold cache, no cookies) whose problems `watch` records. */
export async function watchedContext(
  browser: Browser,
  watch: ProblemWatch,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
    ...options,
  });
  await watch.attach(context);
  return context;
}
