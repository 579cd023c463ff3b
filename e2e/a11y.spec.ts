/**
 * Accessibility: axe-core finds no WCAG 2.1 A/AA violation on each distinct layout and state
 * (issue 22: every kind of page once in English, and a sample of each kind in French and
 * Spanish, whose pages are the same markup with other words and their own `lang`).
 */
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, test, type Browser, type Page } from './test';
import { withDb } from './db';
import { freshPage, waitForHydration } from './fresh';
import { SHELL_PAGES } from './pages';

/** axe-core itself, loaded into every document of the pages that are checked (see `checkPages`). */
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/**
 * The WCAG 2.1 A and AA rules; only violations are gathered in full (passes and the rest keep one
 * node each): about a fifth less time per page here.
 */
const AXE_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] };

/** axe-core finds no WCAG 2.1 A/AA violation on the page (each one listed with the page's address). */
async function expectNoViolations(page: Page, url: string) {
  // Hydrated first: React enables what the server sent disabled, then the page settles.
  await waitForHydration(page, 'a, button');
  // A colour transition in flight reads as low contrast (a contained button becoming enabled
  // after hydration fades from the disabled grey for 250 ms: axe caught it half-way in CI), and
  // some start after hydration (an effect enabling a button). So: every finite animation and
  // transition ended (spinners run for ever and are skipped), then axe; a violation must still be
  // there a moment later (the same wait, axe again) to count: a real one does not go away.
  const settle = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  // axe runs in the page itself (these pages have no cross-origin frames to merge results from).
  const check = async () => {
    await settle();
    const violations = await page.evaluate(
      async (options) => (await (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options)).violations,
      AXE_OPTIONS,
    );
    return violations.map((v) => `${url}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
  };
  await expect.poll(check, { message: url, intervals: [500, 1000], timeout: 20_000 }).toEqual([]);
}

/**
 * How many pages are checked at once. Measured on these 2-core machines: 3 at a time took as
 * long as 1 (axe is CPU work); 2 lets one page load while another is checked.
 */
const CONCURRENCY = 2;

/**
 * Opens each URL, `CONCURRENCY` at a time, waits for its `lang`, runs `ready` (when given) and
 * checks it with axe. Each failure names its URL. Each worker keeps one page per language and
 * goes from URL to URL in it: the site's scripts then come from the browser's cache instead of
 * being fetched and compiled again for every page, and the language cookie a page sets is the
 * one the next page of that language expects (a page of another language gets its own context).
 */
async function checkPages(browser: Browser, baseURL: string | undefined, urls: string[], ready?: (page: Page, url: string) => Promise<void>) {
  const queue = [...urls];
  const worker = async () => {
    const pages = new Map<string, Page>();
    try {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        const lang = /^\/ll\/(fr|es)(\/|$|\?)/.exec(url)?.[1] ?? 'en';
        let page = pages.get(lang);
        if (!page) {
          page = await freshPage(browser, baseURL);
          // Loaded with each document, as the page's own scripts are: sending axe's 550 KB to every
          // page through the protocol instead (as @axe-core/playwright does) cost 0.25 s more per page.
          await page.context().addInitScript({ path: AXE_SOURCE });
          pages.set(lang, page);
        }
        await page.goto(url);
        await expect(page.locator('html'), url).toHaveAttribute('lang', lang);
        if (ready) await ready(page, url);
        await expectNoViolations(page, url);
      }
    } finally {
      for (const page of pages.values()) await page.context().close();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** `/ll/x` in each of `prefixes` ('' for English, '/fr', '/es'). */
function inLanguages(paths: string[], prefixes: string[]): string[] {
  return paths.flatMap((path) => prefixes.map((prefix) => (prefix ? path.replace('/ll', `/ll${prefix}`) : path)));
}

async function raceUrl(request: import('@playwright/test').APIRequestContext, eventName: string) {
  const events = await (await request.get('/ll/api/v1/livelaps/events/1')).json();
  const event = events.message.events.find((e: { name: string }) => e.name === eventName);
  const races = await (await request.get(`/ll/api/v1/livelaps/promoter/event/${event.id}/races`)).json();
  return { event: `/ll/events/${event.id}`, race: `/ll/races/${races.message.data[0].id}` };
}

test('the main pages have no WCAG A/AA violations', async ({ browser, baseURL, request }) => {
  // About 25 pages, each checked by axe (2 to 4 s of CPU each here).
  test.setTimeout(600_000);
  const pine = await raceUrl(request, 'Pine Hill Enduro');
  const orbits = await raceUrl(request, 'Brands Hatch Test Race (Orbits)');
  // One page of each content layout (the aliases and the other simple pages share theirs).
  const shell = SHELL_PAGES.filter((p) => ['/about-us', '/simple-page/rulebook', '/news', '/faqs', '/documents', '/sponsors', '/presentation', '/event-calendar', '/error?message=Timing%20feed%20lost'].includes(p)).map((p) => `/ll${p}`);
  // The account pages (issue 11): login, password reset (each of its messages), the stepper.
  const accounts = ['/ll/login', '/ll/forgotPassword', '/ll/resetPassword?token=not-a-token', '/ll/registration/participant', '/ll/thank-you-page/participant'];
  const all = ['/ll', '/ll/results/1', pine.event, pine.race, orbits.race, ...shell, ...accounts, '/ll/no-such-page'];
  // The other languages are the same layouts with other words (and their own `lang`): a results
  // table and a form in French, the home page in Spanish.
  const urls = [...all, ...inLanguages([pine.race, '/ll/registration/participant'], ['/fr']), ...inLanguages(['/ll'], ['/es'])];
  await checkPages(browser, baseURL, urls, async (page, url) => {
    // Redirects would check another page than the one named.
    const at = new URL(page.url());
    expect(at.pathname + at.search).toBe(url);
  });
});

test('the calendar, event, club and organization pages have no WCAG A/AA violations', async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  // The sample ice race: upcoming, open to registration, with a start grid (lib/server/seed).
  const ice = await withDb(async (db) => (await db.query<{ id: number }>("select id from events where is_sample and name like '%glace%' order by start_date limit 1")).rows[0]!.id);
  const paths = [
    '/ll/event-calendar?view=week&date=2026-12-05',
    '/ll/event-calendar?view=4day&date=2026-12-05',
    `/ll/events/${ice}?tab=registration`,
    `/ll/events/${ice}?tab=grid`,
    `/ll/events/${ice}?tab=races`,
    '/ll/promoters',
    '/ll/promoters/2001?tab=events',
    '/ll/organizations',
    '/ll/organizations/classes',
    '/ll/organizations/members',
    '/ll/organizations/contact',
  ];
  await checkPages(browser, baseURL, [...paths, ...inLanguages([paths[2]!], ['/fr'])]);
});

test('the series pages have no WCAG A/AA violations (tables, filters, the season dialog)', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const { mx, ecea, round } = await withDb(async (db) => {
    const ids = (await db.query<{ id: number; name: string }>('select id, name from series where is_public order by id')).rows;
    const mx = ids.find((s) => s.name.endsWith('FMQR Motocross Championship'))!.id;
    const round = (await db.query<{ event_id: number }>('select se.event_id from series_events se join events e on e.id = se.event_id where se.series_id = $1 order by e.start_date limit 1', [mx])).rows[0]!.event_id;
    return { mx, ecea: ids.find((s) => s.name.includes('ECEA'))!.id, round };
  });
  const standings = await (await request.post(`/ll/api/v1/livelaps/series/results/${mx}`, { data: {} })).json();
  const leader = standings.message.data[0];
  const season = new URLSearchParams({ season: leader.riderKey, seasonClass: leader.className });
  const paths = ['/ll/series', `/ll/series/${mx}`, `/ll/series/${mx}?score=overall`, `/ll/series/${ecea}?view=teams`, `/ll/series/${mx}?${season}`, `/ll/events/${round}?tab=series`];
  await checkPages(browser, baseURL, [...paths, ...inLanguages([paths[4]!], ['/fr'])], async (page, url) => {
    if (url.includes('season=')) await expect(page.getByRole('dialog')).toContainText(leader.lastName);
  });
});

test('the print pages have no WCAG A/AA violations (selection with its messages, sheets)', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const pine = await raceUrl(request, 'Pine Hill Enduro');
  const race = pine.race.split('/').pop();
  const event = pine.event.split('/').pop();
  const paths = [
    `/ll/races/printScores?event=${event}&mode=classes`,
    `/ll/scores/printScores?event=${event}&mode=classes&go=1`,
    `/ll/scores/printc/${race}`,
    `/ll/races/print/${race}?mode=team`,
  ];
  await checkPages(browser, baseURL, [...paths, ...inLanguages([paths[2]!], ['/fr'])]);
});
