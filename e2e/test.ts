/**
 * Playwright's `test` and `expect` for these specs.
 *
 * Every browser context a spec opens itself (`browser.newContext()`) asks for reduced motion and
 * blocks the service worker, as the config's own pages do (playwright.config.ts says why). A
 * context that passes its own (the moving sponsor strip's test, the offline tests that need the
 * service worker) keeps them. Playwright gives such a context every other option of the config
 * and of `test.use` that it does not pass itself (the base URL, the viewport…).
 *
 * Contexts are reused from test to test, each with a warm page process (issue 22: the browser
 * tests' time). The first page a fresh context opens starts a new renderer process, which
 * fetches, compiles and runs every script of the site from nothing: measured here 1.7 s from
 * navigation to hydration for five kinds of page, against 0.75 s for a new page of a context
 * that keeps another page of the site open (the renderer and its compiled code stay; with
 * Chromium's --process-per-site, playwright.config.ts, the new page even runs in that process:
 * 0.69 s). So:
 *  - each context is created with a keeper page on a small JSON reply of the site (no script,
 *    no cookie), which tests do not see: `context.pages()` leaves it out;
 *  - a context a test closes (or leaves open) goes back to this worker's pool, emptied of what a
 *    visitor would carry from one visit to the next: the test's pages, cookies, local storage and
 *    IndexedDB (`setStorageState`), permissions, offline mode, routes and extra headers. The next
 *    test asking for the same options gets it. One given an init script or an exposed function
 *    (which nothing takes back) is closed instead. The browser's HTTP cache stays: the site's pages
 *    are `Cache-Control: private, no-cache` (revalidated on every use) and its API replies
 *    `no-store`, so no page or reply of one test is shown in another.
 * Not reused: a context asking for the service worker (it keeps a cache of its own), one that
 * records video or HAR or starts from a storage state, one a `beforeAll` hook opens for the
 * tests of its group, and every context of a retried test (fresh, as Playwright makes them, and
 * traced: `trace: 'on-first-retry'`).
 */
import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

/** Where a keeper page waits: a JSON reply of the site under test (same site, so same process). */
const KEEPER_PATH = '/ll/api/v1/langs/current';
const DEFAULT_ORIGIN = 'http://localhost:3100';

interface Pooled {
  key: string;
  keeper: Page | null;
  close: BrowserContext['close'];
  /** Given something no reset takes back (an init script, an exposed function): closed, not pooled. */
  tainted: boolean;
}

interface Pool {
  /** Emptied contexts by their options key. */
  free: Map<string, BrowserContext[]>;
  /** Pooled contexts handed out during the current test: released when it ends. */
  lent: Set<BrowserContext>;
  meta: WeakMap<BrowserContext, Pooled>;
  /** Whether a test (its fixtures, hooks and body) is running, not a `beforeAll`/`afterAll` hook. */
  inTest: boolean;
  /** The running test's `_combinedContextOptions` (see below): part of every context's key. */
  defaults: ContextOptions;
}

/** The same options in any order give the same key. */
function optionsKey(options: ContextOptions): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;
  return JSON.stringify(sorted(options));
}

function reusable(pool: Pool, options: ContextOptions): boolean {
  // A context of a `beforeAll` hook lives across the tests of its group: it is the hook's own.
  if (!pool.inTest) return false;
  const effective = { ...pool.defaults, ...options };
  if (effective.serviceWorkers === 'allow' || effective.recordVideo || effective.recordHar || effective.storageState) return false;
  return base.info().retry === 0;
}

/** Empties a used context for the next test; false when it could not be (it is then closed). */
async function empty(context: BrowserContext, keeper: Page | null): Promise<boolean> {
  try {
    await Promise.all(context.pages().map((page) => page.close()));
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await context.clearPermissions();
    await context.setExtraHTTPHeaders({});
    await context.setStorageState({ cookies: [], origins: [] });
    return !keeper || !keeper.isClosed();
  } catch {
    return false;
  }
}

async function release(pool: Pool, context: BrowserContext): Promise<void> {
  if (!pool.lent.delete(context)) return;
  const meta = pool.meta.get(context)!;
  if (!meta.tainted && (await empty(context, meta.keeper))) {
    const list = pool.free.get(meta.key) ?? [];
    list.push(context);
    pool.free.set(meta.key, list);
  } else {
    pool.meta.delete(context);
    await meta.close.call(context).catch(() => {});
  }
}

/** A new pooled context with its keeper page, whose `close` gives it back and whose `pages` hide the keeper. */
async function createPooled(pool: Pool, newContext: Browser['newContext'], options: ContextOptions, key: string): Promise<BrowserContext> {
  const origin = options.baseURL ?? pool.defaults.baseURL ?? DEFAULT_ORIGIN;
  const context = await newContext(options);
  const meta: Pooled = { key, keeper: null, close: context.close, tainted: false };
  for (const method of ['addInitScript', 'exposeBinding', 'exposeFunction'] as const) {
    const original = (context[method] as (...args: unknown[]) => Promise<unknown>).bind(context);
    (context as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      meta.tainted = true;
      return original(...args);
    };
  }
  pool.meta.set(context, meta);
  const keeper = await context.newPage();
  await keeper.goto(new URL(KEEPER_PATH, origin).href).catch(() => {});
  meta.keeper = keeper;
  const pages = context.pages.bind(context);
  context.pages = () => pages().filter((page) => page !== meta.keeper);
  context.close = () => release(pool, context);
  return context;
}

/** What every context a spec opens gets besides its own options (below). */
const withOurDefaults = (given: ContextOptions = {}): ContextOptions => ({ reducedMotion: 'reduce', serviceWorkers: 'block', ...given });

/**
 * `_combinedContextOptions` is Playwright's own fixture (not defined here): the config's and
 * `test.use`'s context options, which it gives every context a test opens for each option the
 * context does not pass itself.
 */
export const test = base.extend<{ _releaseContexts: void; _combinedContextOptions: ContextOptions }, { browser: Browser; _contextPool: Pool }>({
  _contextPool: [
    async ({}, use) => {
      await use({ free: new Map(), lent: new Set(), meta: new WeakMap(), inTest: false, defaults: {} });
    },
    { scope: 'worker' },
  ],
  // Worker-scoped like Playwright's own: runs once per worker, on that worker's one browser.
  browser: [
    async ({ browser, _contextPool: pool }, use) => {
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      browser.newContext = async (given) => {
        const options = withOurDefaults(given);
        if (!reusable(pool, options)) return newContext(options);
        const key = optionsKey({ ...pool.defaults, ...options });
        const context = pool.free.get(key)?.pop() ?? (await createPooled(pool, newContext, options, key));
        pool.lent.add(context);
        return context;
      };
      // Playwright's own ties the context to its one page; here closing the page gives the context back.
      browser.newPage = async (given) => {
        const options = withOurDefaults(given);
        if (!reusable(pool, options)) return newPage(options);
        const context = await browser.newContext(options);
        const page = await context.newPage();
        page.once('close', () => void context.close());
        return page;
      };
      await use(browser);
      browser.newContext = newContext;
      browser.newPage = newPage;
    },
    { scope: 'worker' },
  ],
  // Set up before the test's own fixtures, so torn down after them: the contexts it left open.
  _releaseContexts: [
    async ({ _contextPool: pool, _combinedContextOptions }, use) => {
      pool.defaults = { ..._combinedContextOptions };
      pool.inTest = true;
      await use();
      pool.inTest = false;
      await Promise.all([...pool.lent].map((context) => release(pool, context)));
    },
    { auto: true },
  ],
});
