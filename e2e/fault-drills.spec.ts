/**
 * The fault drills of `npm run drill` (scripts/lib/drill.ts) against a product of their own,
 * started exactly as a newcomer starts it (`npm start`, here on other ports with fresh data),
 * because they kill its database and its CMS. Then a visitor's view of a database outage in
 * French, and the stop: every child gone within 10 s although a client holds connections open.
 */
import net from 'node:net';
import { startOwnProduct, stopAndCount, stopOwnProduct, type OwnProduct } from './own-product';
import { expect, test } from './test';
import { DRILLS, readState, type DrillName, type DrillTarget } from '../scripts/lib/drill';

const PORT = 3200;
const SITE = `http://127.0.0.1:${PORT}`;
const ENV = {
  ...process.env,
  PORT: String(PORT),
  // Explicitly what the issue tried: the site on loopback.
  HOST: '127.0.0.1',
  DB_PORT: '25434',
  DB_DATA_DIR: '.data/e2e/drill/pg',
  CMS_PORT: '1339',
};

test.describe.configure({ mode: 'serial' });

let product: OwnProduct;

function target(): DrillTarget {
  return { site: SITE, cms: 'http://127.0.0.1:1339', state: readState(process.cwd(), PORT), env: ENV };
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  product = await startOwnProduct('scripts/start.ts', ENV, 280_000);
});

test.afterAll(() => stopOwnProduct(product));

test('with HOST on loopback (the default) pages answer without a redirect loop', async () => {
  // A first visit each time (no language cookie yet), as the reproduction did.
  for (const path of ['/ll', '/ll/fr', '/ll/es/event-calendar', '/ll/results/1']) {
    const res = await fetch(`${SITE}${path}`, { redirect: 'manual' });
    expect(res.status, path).toBe(200);
  }
});

for (const name of Object.keys(DRILLS) as DrillName[]) {
  test(`drill: ${name}`, async () => {
    test.setTimeout(120_000);
    const result = await DRILLS[name](target());
    console.log(`${result.ok ? 'PASS' : 'FAIL'} ${result.name}\n  ${result.lines.join('\n  ')}`);
    expect(result.ok, `${result.name}:\n${result.lines.join('\n')}`).toBe(true);
  });
}

test('a visitor meets a database outage: a 503 page in French, then the page again', async ({ browser }) => {
  const state = readState(process.cwd(), PORT);
  // Hold the supervisor so the outage lasts while we look, then let it restart the database.
  process.kill(state.supervisor, 'SIGSTOP');
  try {
    process.kill(-state.services.database.pid!, 'SIGKILL');
    const context = await browser.newContext();
    const page = await context.newPage();
    let res = await page.goto(`${SITE}/ll/fr/results/1`);
    // The first request may be the one that finds the database gone.
    if (res?.status() !== 503) res = await page.goto(`${SITE}/ll/fr/results/1`);
    expect(res?.status()).toBe(503);
    expect(res?.headers()['retry-after']).toBe('5');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Temporairement indisponible' })).toBeVisible();
    await expect(page.getByText('Le service des résultats est temporairement indisponible')).toBeVisible();
    await page.screenshot({ path: 'test-results/outage-fr.png' }).catch(() => {});
    // The API says the same in its own words.
    const api = await page.request.get(`${SITE}/ll/api/v1/livelaps/events/1`);
    expect(api.status()).toBe(503);
    expect(await api.json()).toMatchObject({ error: 'service_unavailable', statusCode: 503 });
    // Pages from the CMS alone stay up.
    expect((await page.request.get(`${SITE}/ll/fr`)).status()).toBe(200);
    process.kill(state.supervisor, 'SIGCONT');
    await page.getByRole('link', { name: 'Réessayer' }).click({ noWaitAfter: true });
    await expect(async () => {
      const again = await page.goto(`${SITE}/ll/fr/results/1`);
      expect(again?.status()).toBe(200);
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: /Pine Hill Enduro/ })).toBeVisible();
    await context.close();
  } finally {
    process.kill(state.supervisor, 'SIGCONT');
  }
});

test('npm start stops every child within 10 s while a client holds connections open', async () => {
  // An idle keep-alive connection and a request whose body never ends.
  const idle = net.connect(PORT, '127.0.0.1', () => idle.write(`GET /ll HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`));
  const stuck = net.connect(PORT, '127.0.0.1', () => stuck.write(`POST /ll/results/1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n`));
  idle.on('error', () => {});
  stuck.on('error', () => {});
  await new Promise((r) => setTimeout(r, 500));
  const stopped = await stopAndCount(product, PORT);
  console.log(`stopped in ${stopped.tookMs} ms`);
  expect(stopped.alive).toEqual([]);
  expect(stopped.tookMs).toBeLessThan(10_000);
  expect(stopped.stateFileLeft).toBe(false);
  idle.destroy();
  stuck.destroy();
});
