/**
 * Playwright's `test` and `expect` for these specs: every browser context a spec opens itself
 * (`browser.newContext()`, which does not take the config's `use` options) asks for reduced
 * motion and blocks the service worker, as the config's own pages do (playwright.config.ts says
 * why). A context that passes its own (the moving sponsor strip's test, the offline tests that
 * need the service worker) keeps them.
 */
import { test as base, type Browser } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<object, { browser: Browser }>({
  // Worker-scoped like Playwright's own: runs once per worker, on that worker's one browser.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', serviceWorkers: 'block', ...options });
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
