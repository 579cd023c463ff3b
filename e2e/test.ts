/**
 * Playwright's `test` and `expect` for these specs: every browser context a spec opens itself
 * (`browser.newContext()`, which does not take the config's `use` options) asks for reduced
 * motion, as the config's own pages do (playwright.config.ts says why). A context that passes
 * `reducedMotion` (the moving sponsor strip's test) keeps its own.
 */
import { test as base, type Browser } from '@playwright/test';

export * from '@playwright/test';

const patched = new WeakSet<Browser>();

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      if (!patched.has(browser)) {
        patched.add(browser);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
