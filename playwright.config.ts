/**
 * Browser tests in Debian's Chromium against a production build, as a newcomer would use the
 * product: `npm start` (embedded database, the real Strapi, the site) on test ports with fresh
 * data, plus a second site instance whose CMS is unreachable (CMS_URL on a closed port).
 */
import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import { E2E_CMS_ADMIN, E2E_DB_DATA_DIR, E2E_DB_PORT, E2E_OUTBOX_DIR } from './e2e/db';
// Stripe in the browser tests (issue 26): the stub of its API and payment page (the third
// webServer below) on E2E_STRIPE_PORT, signing its webhooks with E2E_STRIPE_WEBHOOK_SECRET; both
// site instances talk to it (E2E_STRIPE_SITE_ENV). Specs import the same constants from e2e/stripe.ts.
import { E2E_STRIPE_PORT, E2E_STRIPE_SITE_ENV, E2E_STRIPE_WEBHOOK_SECRET, E2E_STRIPE_WEBHOOK_URL } from './e2e/stripe';

const PORT = 3100;

/**
 * The browser: Debian's Chromium headless shell (package `chromium-headless-shell`, what
 * Playwright itself runs for headless tests: the same Blink and V8 without the full browser's
 * UI process work) when installed, else Debian's Chromium; CHROMIUM_PATH picks another. Measured
 * here on six reader specs (67 tests): 314 s and 560 s of CPU with Chromium, 222 s and 362 s with
 * the headless shell (issue 22: the browser tests are CPU-bound).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';
const CMS_DOWN_PORT = 3101;

/**
 * Specs that change what other specs see (CMS content, fixture clubs, events, races and
 * registrations) or load the machine (the fault drills start a product of their own): they run
 * after the rest, one at a time. Everything else only reads what it shares (and writes only rows
 * of its own, such as new accounts), so it may run side by side on a machine with more cores
 * (`npx playwright test --workers 2` runs two reader specs at a time).
 */
const STATEFUL = ['shell', 'desk', 'directory', 'events', 'live', 'memberships', 'permissions', 'registration', 'spectators', 'licences', 'race-states', 'fault-drills', 'cluster'];
const stateful = new RegExp(`/(${STATEFUL.join('|')})\\.spec\\.ts$`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One spec file at a time: two at a time overloaded these 2-core machines (the product, its
  // CMS and database, a second site instance and Chromium) into timeouts.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Above the 1366 px menu/drawer breakpoint (spec §9): the wide layout unless a test says otherwise.
    viewport: { width: 1440, height: 900 },
    // Traces on the retry of a failed test only (CI retries once): recording one for every test
    // (DOM snapshots and screencast frames at each step) cost a third of the browser tests' time
    // here (results + content specs: 311 s → 196 s). `npx playwright test --trace on` records them all.
    trace: 'on-first-retry',
    // The site honours prefers-reduced-motion (the sponsor strip stands still). In headless
    // Chromium every moving strip costs ~a quarter of a core for as long as its page is open
    // (software compositing): measured here, 250 → 40 CPU ticks per idle page per 10 s. The test
    // of the moving strip asks for motion itself (e2e/shell.spec.ts).
    reducedMotion: 'reduce',
    // The trackside service worker registers on every page of a production build and, in each
    // fresh context, goes between the page and every script it loads, keeping a copy of each:
    // 10-17 % more browser CPU per page here. Only the offline tests need it (they allow it).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      // --process-per-site: the pages of one context share one renderer process, so a test's new
      // page starts in the warm process of its context's keeper page (e2e/test.ts) instead of a
      // new one. Measured here: a new page's load to hydration 940 → 690 ms; six reader specs
      // 313/288 s → 286/273 s (two runs each).
      // The fake camera (issue 27: a waiver's selfie) answers getUserMedia without a device or a prompt.
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--process-per-site', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    },
  },
  projects: [
    { name: 'readers', testIgnore: stateful, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined } },
    {
      name: 'stateful',
      testMatch: stateful,
      dependencies: ['readers'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx scripts/start.ts',
      url: `http://localhost:${PORT}/ll/api/v1/langs/current`,
      timeout: 15 * 60_000,
      reuseExistingServer: false,
      // npm start's own orderly stop (it takes every child with it), not a SIGKILL.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        DB_PORT: String(E2E_DB_PORT),
        DB_DATA_DIR: E2E_DB_DATA_DIR,
        CMS_PORT: '1338',
        // The editor whose publishing the tests do (e2e/cms-admin.ts); a test-only account.
        CMS_ADMIN_EMAIL: E2E_CMS_ADMIN.email,
        CMS_ADMIN_PASSWORD: E2E_CMS_ADMIN.password,
        OUTBOX_DIR: E2E_OUTBOX_DIR,
        ...E2E_STRIPE_SITE_ENV,
      },
    },
    {
      // The same database (its password is read from beside DB_DATA_DIR), no CMS.
      command: 'node --import tsx scripts/serve-site.ts',
      url: `http://localhost:${CMS_DOWN_PORT}/ll/api/v1/langs/current`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      env: {
        PORT: String(CMS_DOWN_PORT),
        CMS_URL: 'http://127.0.0.1:9',
        DB_PORT: String(E2E_DB_PORT),
        DB_DATA_DIR: E2E_DB_DATA_DIR,
        // Its job worker may send the other instance's mails: to the same outbox.
        OUTBOX_DIR: E2E_OUTBOX_DIR,
        // Its job worker may expire or refund Stripe sessions too: the same stub.
        ...E2E_STRIPE_SITE_ENV,
      },
    },
    {
      // Stripe's API and payment page (tests/stubs/stripe-stub-cli.ts): a session's page is
      // http://127.0.0.1:3102/pay/{id}; paying there delivers a signed checkout.session.completed
      // to the first instance's webhook route, then sends the buyer to the success URL.
      command: 'node --import tsx tests/stubs/stripe-stub-cli.ts',
      url: `http://127.0.0.1:${E2E_STRIPE_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      stdout: 'pipe',
      env: {
        STRIPE_STUB_PORT: String(E2E_STRIPE_PORT),
        STRIPE_STUB_WEBHOOK_URL: E2E_STRIPE_WEBHOOK_URL,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      },
    },
  ],
});
