import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { COLOUR_RULES, expectAccessible } from './axe';

/** Where the runs save their screenshots (gitignored). */
export const SCREENSHOTS = join(__dirname, '..', '..', '..', 'artifacts', 'screenshots');

export interface Screen {
  /** File name stem, e.g. "candidates" or "settings-webhooks". */
  name: string;
  path: string;
}

/** The signed-in main screens; the media detail's path depends on the data, so it is passed. */
export function mainScreens(mediaDetailPath: string): Screen[] {
  return [
    { name: 'dashboard', path: '/' },
    { name: 'candidates', path: '/candidates' },
    { name: 'library', path: '/library' },
    { name: 'media-detail', path: mediaDetailPath },
    { name: 'protections', path: '/protections' },
    { name: 'requests', path: '/requests' },
    { name: 'rules', path: '/rules' },
    { name: 'rule-editor', path: '/rules/new' },
    { name: 'tasks', path: '/tasks' },
    { name: 'settings-general', path: '/settings' },
    { name: 'settings-services', path: '/settings/services' },
    { name: 'settings-notifications', path: '/settings/notifications' },
    { name: 'settings-oidc', path: '/settings/oidc' },
    { name: 'settings-tokens', path: '/settings/tokens' },
    { name: 'settings-webhooks', path: '/settings/webhooks' },
    { name: 'settings-users', path: '/settings/users' },
    { name: 'notices', path: '/notices' },
  ];
}

export type Theme = 'light' | 'dark';

/**
 * Waits for a screen's first real content: its heading, and nothing left loading (no element
 * with aria-busy="true": the splash and the skeletons carry it).
 */
export async function screenReady(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  // A function, not a string: the UI's CSP refuses the eval a string predicate needs. Typed
  // loosely: this project compiles without the DOM library.
  await page.waitForFunction(
    () =>
      (
        globalThis as unknown as { document: { querySelector(s: string): unknown } }
      ).document.querySelector('[aria-busy="true"]') === null,
  );
}

/**
 * Shows a theme without a reload: the media query the "system" choice follows, and the
 * attribute an explicit choice sets (what applyTheme does).
 */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
}

/** Saves `<folder>/<name>-<suffix>.png` of the whole page. */
export async function screenshot(page: Page, folder: string, file: string): Promise<void> {
  const dir = join(SCREENSHOTS, folder);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${file}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * Opens a screen, and in each theme saves its screenshot and runs axe-core on it. The page is
 * left in the light theme.
 */
export async function captureScreen(
  page: Page,
  origin: string,
  folder: string,
  screen: Screen,
): Promise<void> {
  await page.goto(`${origin}${screen.path}`);
  await screenReady(page);
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await screenshot(page, folder, `${screen.name}-${theme}`);
    // Every rule in the light theme; in the dark one only what colours decide (the same DOM).
    await expectAccessible(
      page,
      `${screen.name} (${theme})`,
      theme === 'dark' ? COLOUR_RULES : undefined,
    );
  }
  await useTheme(page, 'light');
}
