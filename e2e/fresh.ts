import type { Browser, Page } from '@playwright/test';

/**
 * A page in a new browser context: no language cookie yet. Clearing cookies on a used page
 * races with its in-flight prefetches, whose replies may store a language again.
 */
export async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}
