/**
 * Trackside as a racer's family uses it at the track (issue 10 "Trackside"; spec §2
 * /liveonlivelaps and its tab set; §5 Trackside search; §8 Trackside): the search finds a racer
 * by name and by location, in French too, with the spec's invalid-format and too-short
 * messages (shown without JavaScript too), the page of results kept in the address; the tab
 * set follows `?tab=` (out of range: home; profile not offered), its arrows wrap around, the
 * arrow keys move along it; a racer's results, laps and series points; and, through the
 * service worker of the production build, the racer's last results still read offline with
 * the offline state and the saved time shown, while a page never visited shows the offline
 * page listing the saved ones by name, and the installed app's start address opens the
 * French copy for a French visitor. Riders of a fresh install: Morgan Freeman (the Orbits capture, with lap
 * times), and the sample riders of the seeded motocross series.
 */
import { expect, test, type Page } from './test';
import { withDb } from './db';
import { freshPage, waitForHydration } from './fresh';

/** A participant id (the racer id in `?racer=`) by name. */
async function racerId(first: string, last: string): Promise<number> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: number }>(`select id from participants where first_name = $1 and last_name = $2 order by id desc limit 1`, [first, last]);
    if (!rows[0]) throw new Error(`no participant ${first} ${last}`);
    return rows[0].id;
  });
}

/** A sample rider with results in the seeded motocross series: name with an accent, city. */
async function seriesRider(): Promise<{ first: string; last: string; city: string }> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ first_name: string; last_name: string; city: string }>(
      `select p.first_name, p.last_name, p.city
         from participants p
         join entries en on en.participant_id = p.id
         join results r on r.entry_id = en.id
         join races ra on ra.id = en.race_id
         join series_events se on se.event_id = ra.event_id
         join series s on s.id = se.series_id and s.name like '%FMQR Motocross Championship'
        where p.city is not null and (p.first_name || p.last_name) ~ '[éèàçô]'
        order by p.last_name, p.first_name limit 1`,
    );
    if (!rows[0]) throw new Error('no sample rider with an accented name in the motocross series');
    return { first: rows[0].first_name, last: rows[0].last_name, city: rows[0].city };
  });
}

const noAccents = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '');

async function searchFor(page: Page, criterion: string, button: RegExp) {
  await page.getByTestId('trackside-criterion').fill(criterion);
  await page.getByRole('button', { name: button }).click();
}

test.describe('trackside search', () => {
  test('finds a racer by name, opens their results, laps and points', async ({ browser, baseURL }) => {
    const page = await freshPage(browser, baseURL);
    await page.goto('/ll/liveonlivelaps');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForHydration(page, '[data-testid=trackside-criterion]');
    // The spec's messages: too short, invalid format.
    await searchFor(page, 'x', /^search$/i);
    await expect(page.getByText('Enter at least 2 letters or digits.')).toBeVisible();
    await searchFor(page, 'freeman@', /^search$/i);
    await expect(page.getByText("Use only letters, digits, spaces and these signs: - ' ’ . , # _ / ( ) &")).toBeVisible();

    await searchFor(page, 'morgan FREEMAN', /^search$/i);
    await expect(page.getByTestId('trackside-count')).toHaveText('1 racer found');
    await expect(page).toHaveURL(/[?&]q=morgan\+FREEMAN/);
    await page.getByTestId('trackside-results').getByRole('link', { name: /Morgan Freeman/ }).click();
    await expect(page).toHaveURL(/tab=1&racer=\d+/);
    await expect(page.getByTestId('racer-name')).toHaveText('Morgan Freeman');
    const results = page.getByTestId('racer-races');
    await expect(results.getByRole('link', { name: 'Test Race' })).toHaveAttribute('href', /\/ll\/races\/\d+$/);
    await expect(results.locator('tbody tr').first().locator('td').nth(1)).toHaveText('1');
    await expect(page.getByTestId('racer-detail')).toContainText('Formula Vee');

    await page.getByTestId('trackside-tabs').getByRole('link', { name: 'Laps', exact: true }).click();
    await expect(page.getByTestId('trackside-tabs').getByRole('link', { name: 'Laps', exact: true })).toHaveAttribute('aria-current', 'page');
    const laps = page.getByTestId('racer-laps');
    await expect(laps.locator('tbody tr')).toHaveCount(8);
    await expect(laps.locator('tr[data-best]')).toHaveCount(1);
    await expect(laps.locator('tr[data-best]')).toContainText('0:33.271');
    await expect(laps.locator('tr[data-best]')).toContainText('Best lap');

    await page.getByTestId('trackside-tabs').getByRole('link', { name: 'Points', exact: true }).click();
    await expect(page.getByText('No series points yet.')).toBeVisible();
  });

  test('finds a racer by location and by name in French, accents aside', async ({ browser, baseURL }) => {
    const rider = await seriesRider();
    const page = await freshPage(browser, baseURL);
    await page.goto('/ll/fr/liveonlivelaps');
    await waitForHydration(page, '[data-testid=trackside-criterion]');
    await page.getByRole('radio', { name: 'Lieu' }).check();
    await searchFor(page, rider.city.toUpperCase(), /^chercher$/i);
    await expect(page.getByTestId('trackside-count')).toHaveText(/pilotes? trouvés?/);
    await expect(page.getByTestId('trackside-results').getByRole('link', { name: new RegExp(`${rider.first} ${rider.last}`) })).toBeVisible();
    await expect(page.getByTestId('trackside-results').getByRole('link').first()).toContainText(rider.city);

    await page.getByRole('radio', { name: 'Nom ou numéro' }).check();
    await searchFor(page, noAccents(`${rider.last} ${rider.first}`).toLowerCase(), /^chercher$/i);
    await page.getByTestId('trackside-results').getByRole('link', { name: new RegExp(`${rider.first} ${rider.last}`) }).click();
    await expect(page).toHaveURL(/\/ll\/fr\/liveonlivelaps\?tab=1&racer=\d+/);
    await expect(page.getByTestId('racer-name')).toHaveText(`${rider.first} ${rider.last}`);
    await expect(page.getByTestId('racer-detail')).toContainText('Rang de classe');
    await page.getByTestId('trackside-tabs').getByRole('link', { name: 'Points', exact: true }).click();
    await expect(page.getByTestId('racer-points').getByRole('link', { name: /FMQR Motocross Championship/ })).toHaveAttribute('href', /\/ll\/fr\/series\/\d+$/);
  });

  test('works without JavaScript: the form submits to the page, which lists the racers', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/ll/liveonlivelaps');
    await page.getByTestId('trackside-criterion').fill('freeman');
    await page.getByRole('button', { name: /^search$/i }).click();
    await expect(page.getByTestId('trackside-count')).toHaveText('1 racer found');
    // A criterion the rules refuse, in the address: its message, not an empty page.
    await page.goto('/ll/liveonlivelaps?tab=0&type=racerIdentifier&q=x');
    await expect(page.getByText('Enter at least 2 letters or digits.')).toBeVisible();
    await expect(page.getByTestId('trackside-criterion')).toHaveValue('x');
    await context.close();
    // French in a context of its own: the first page's language cookie would send it back to English.
    const french = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const frPage = await french.newPage();
    await frPage.goto('/ll/fr/liveonlivelaps?tab=0&type=state&q=%40%40');
    await expect(frPage.getByText(/^Dans le lieu, utilisez seulement/)).toBeVisible();
    await french.close();
  });

  test('keeps the page of results in the address (reload, share, without JavaScript)', async ({ browser, baseURL }) => {
    const page = await freshPage(browser, baseURL);
    await page.goto('/ll/liveonlivelaps?tab=0&type=state&q=qc');
    await waitForHydration(page, '[data-testid=trackside-criterion]');
    const next = page.getByTestId('trackside-next-page');
    await expect(next).toHaveAttribute('href', /[?&]page=2(&|$)/);
    await next.click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    const second = await page.getByTestId('trackside-results').getByRole('link').first().textContent();
    await page.reload();
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(page.getByTestId('trackside-results').getByRole('link').first()).toHaveText(second!);

    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto('/ll/liveonlivelaps?tab=0&type=state&q=qc');
    await plain.getByTestId('trackside-next-page').click();
    await expect(plain.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await context.close();
  });
});

test.describe('the tab set', () => {
  test('follows ?tab=, keeps the racer, wraps around, moves with the arrow keys', async ({ browser, baseURL }) => {
    const id = await racerId('Morgan', 'Freeman');
    const page = await freshPage(browser, baseURL);
    const current = () => page.getByTestId('trackside-tabs').locator('a[aria-current=page]');

    await page.goto(`/ll/liveonlivelaps?tab=2&racer=${id}`);
    await expect(current()).toHaveText('Laps');
    for (const bad of ['4', '9', '-1', 'x', '1.5']) {
      await page.goto(`/ll/liveonlivelaps?tab=${bad}&racer=${id}`);
      await expect(current(), `tab=${bad}`).toHaveText('Home');
    }
    // The profile tab waits for participants' accounts.
    await expect(page.getByTestId('trackside-tabs').locator('a[data-tab]')).toHaveText(['Home', 'Results', 'Laps', 'Points']);

    await page.goto(`/ll/liveonlivelaps?tab=3&racer=${id}`);
    await page.getByTestId('tab-next').click();
    await expect(page).toHaveURL(new RegExp(`tab=0&racer=${id}$`));
    await expect(current()).toHaveText('Home');
    await page.getByTestId('tab-previous').click();
    await expect(page).toHaveURL(new RegExp(`tab=3&racer=${id}$`));
    await expect(page.getByTestId('tab-previous')).toHaveAccessibleName('Previous tab: Laps');

    await waitForHydration(page, '[data-testid=trackside-tabs] a[data-tab="0"]');
    await page.getByTestId('trackside-tabs').locator('a[data-tab="0"]').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('trackside-tabs').locator('a[data-tab="3"]')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('trackside-tabs').locator('a[data-tab="0"]')).toBeFocused();

    // Without a racer, the racer's tabs ask for a search.
    await page.goto('/ll/liveonlivelaps?tab=1');
    await expect(page.getByTestId('trackside-prompt')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeVisible();
  });

  test('fits a phone screen on every tab', async ({ browser, baseURL }) => {
    const id = await racerId('Morgan', 'Freeman');
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const tab of [0, 1, 2, 3]) {
      await page.goto(`/ll/fr/liveonlivelaps?tab=${tab}&racer=${id}`);
      await expect(page.getByTestId('trackside-panel')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `tab ${tab}`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});

test.describe('offline at the track', () => {
  test('the service worker keeps the racer’s last results readable offline', async ({ browser, baseURL }) => {
    const id = await racerId('Morgan', 'Freeman');
    // The service worker is what this test is about (the other tests block it: e2e/test.ts).
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const url = `/ll/liveonlivelaps?tab=1&racer=${id}`;
    await page.goto(url);
    // The worker installs, then controls the page: the next load goes through it and is kept.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    await page.reload();
    await expect(page.getByTestId('racer-name')).toHaveText('Morgan Freeman');
    await expect
      .poll(() => page.evaluate(async (u) => !!(await caches.match(new URL(u, location.href).href, { ignoreVary: true })), url), { timeout: 15_000 })
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('racer-name')).toHaveText('Morgan Freeman');
    await expect(page.getByTestId('racer-races').getByRole('link', { name: 'Test Race' })).toBeVisible();
    await expect(page.getByTestId('offline-status')).toContainText(/You are offline\. Saved copy from/);

    // A page never visited: the offline page, which lists the saved one.
    await page.goto('/ll/events');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Live laps/ }).first()).toBeVisible();
    // Saved pages are listed by their own titles, without the site's name.
    await expect(page.getByRole('link', { name: 'Morgan Freeman – Results', exact: true })).toBeVisible();
    await context.setOffline(false);
    await context.close();
  });

  test('the installed app opened offline by a French visitor shows the French copy', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
    await context.addCookies([{ name: 'siteLanguage', value: 'fr', url: new URL('/ll/', baseURL).href }]);
    const page = await context.newPage();
    await page.goto('/ll/fr/liveonlivelaps');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(async () => !!(await caches.match(new URL('/ll/fr/liveonlivelaps', location.href).href, { ignoreVary: true }))), { timeout: 15_000 })
      .toBe(true);

    await context.setOffline(true);
    // The manifest's start address (a redirect for a French visitor, never stored).
    await page.goto('/ll/liveonlivelaps');
    await expect(page).toHaveURL(/\/ll\/fr\/liveonlivelaps$/);
    await expect(page.getByTestId('trackside-criterion')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
    // A page never saved: the offline page in the cookie's language.
    await page.goto('/ll/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
    await context.setOffline(false);
    await context.close();
  });
});
