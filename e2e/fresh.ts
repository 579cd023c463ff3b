import type { Browser, Page } from '@playwright/test';

/**
 * A page in a new browser context: no language cookie yet. Clearing cookies on a used page
 * races with its in-flight prefetches, whose replies may store a language again.
 */
export async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/**
 * Waits until React has hydrated `selector` (React marks hydrated DOM nodes with its
 * `__reactProps$…` key) and its passive effects have run (two animation frames later). A click
 * before that is a plain browser navigation, which no client-side indicator can see. Inside an
 * island (components/ui/island.tsx: a form whose code is fetched on the visitor's first
 * interaction) it first reaches for the element as a visitor would (a pointer over it), so that
 * its code loads; tests of what happens before that use the page as it is instead.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    if (Object.keys(el).some((k) => k.startsWith('__reactProps$'))) return true;
    if (el.closest('[data-island]')) el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    return false;
  }, selector);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}
