import type { Locator, Page } from 'playwright-core';

/** A label as a whole-name pattern, so "Name" does not also find "Display name". */
export const exactly = (text: string): RegExp =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');

/**
 * Picks an option of the control labelled `label`, whether the screen made it a native
 * <select> (by value or visible text) or a React Aria Select (a button opening a listbox).
 */
export async function choose(scope: Page | Locator, label: string, option: string | RegExp) {
  const control = scope.getByLabel(exactly(label)).first();
  // A function, not a string: the UI's CSP refuses the eval a string needs.
  const tag = await control.evaluate((element: { tagName: string }) => element.tagName);
  if (tag === 'SELECT') {
    if (typeof option === 'string') {
      await control.selectOption(option);
      return;
    }
    const labels = await control.locator('option').allTextContents();
    const match = labels.find((text) => option.test(text));
    if (!match) throw new Error(`${label} has no option matching ${option}: ${labels.join(', ')}`);
    await control.selectOption({ label: match });
    return;
  }
  await control.click();
  const page = 'page' in scope ? scope.page() : scope;
  await page
    .getByRole('option', { name: typeof option === 'string' ? exactly(option) : option })
    .first()
    .click();
}

/** The open dialog (React Aria's and native ones both have role dialog). */
export const dialog = (page: Page): Locator => page.getByRole('dialog').last();
