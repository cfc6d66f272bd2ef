import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// What sticks out of the viewport, to say why a page scrolls sideways.
const OVERFLOWING = `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 8).map((e) => e.tagName + ' ' + Math.round(e.getBoundingClientRect().right))`;

/** The widths every page is checked at: a small phone and a wide desktop window. */
const PAGE_WIDTHS = [360, 1440] as const;

/**
 * Serious and critical axe-core violations of the page as it is now, each with the first element it
 * names. axe-core is added past the page's CSP, so the context must bypass it (`bypassCSP: true`).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.addScriptTag({ content: AXE_SOURCE });
  // An expression, not a function: it runs in the page, and this project's TypeScript has no DOM types.
  const violations = (await page.evaluate(
    'axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, target: JSON.stringify(v.nodes[0] && v.nodes[0].target) })))',
  )) as Array<{ id: string; impact: string | null; target: string }>;
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}) at ${v.target}`);
}

/** How many pixels the page is wider than a window `width` pixels wide, with what sticks out; undefined when it fits. */
export async function sidewaysOverflow(page: Page, width: number): Promise<string | undefined> {
  await page.setViewportSize({ width, height: 900 });
  const overflow = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
  return overflow > 1 ? `${overflow} px wider than a ${width} px window: ${JSON.stringify(await page.evaluate(OVERFLOWING))}` : undefined;
}

/** Everything wrong with the page as it is now: axe-core's serious and critical violations, and sideways scrolling at each of PAGE_WIDTHS; each line starts with `label`. */
export async function pageProblems(page: Page, label: string): Promise<string[]> {
  const found = (await seriousViolations(page)).map((v) => `${label}: ${v}`);
  for (const width of PAGE_WIDTHS) {
    const overflow = await sidewaysOverflow(page, width);
    if (overflow) found.push(`${label}: ${overflow}`);
  }
  return found;
}

/** pageProblems of the page at `url`, opened in a new page of `context` and closed after. */
export async function urlProblems(context: BrowserContext, url: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    return await pageProblems(page, url);
  } finally {
    await page.close();
  }
}
