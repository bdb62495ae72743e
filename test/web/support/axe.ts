import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core in the page (injected from the root devDependency) and returns its serious and
 * critical violations, one readable paragraph each: rule, impact, help, and every element.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Page functions are strings: this project compiles without the DOM library.
  const injected = await page.evaluate<boolean>("'axe' in window");
  // Evaluated, not added as a <script>: addScriptTag inlines the file, which the UI's CSP
  // (script-src 'self') rightly refuses, and the refusal would count as a violation.
  if (!injected) await page.evaluate(AXE_SOURCE);
  const options = rules ? { runOnly: { type: 'rule', values: rules } } : {};
  const violations = await page.evaluate<unknown>(
    `axe.run(document, ${JSON.stringify(options)}).then((result) => result.violations)`,
  );
  return (violations as AxeViolation[])
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}\n` +
        violation.nodes
          .map(
            (node) =>
              `    ${JSON.stringify(node.target)}: ${(node.failureSummary ?? '').replace(/\n/g, ' ')}`,
          )
          .join('\n'),
    );
}

/** The rules whose outcome depends on colours: all a second theme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Fails naming the screen and every serious or critical violation (of `rules`, or all). */
export async function expectAccessible(
  page: Page,
  screen: string,
  rules?: string[],
): Promise<void> {
  const found = await axeViolations(page, rules);
  if (found.length > 0)
    throw new Error(`axe-core on ${screen} (${page.url()}):\n${found.join('\n')}`);
}
