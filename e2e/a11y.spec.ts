/** Accessibility: axe-core finds no WCAG 2.1 A/AA violation on the main pages, in each language. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './db';
import { freshPage } from './fresh';
import { SHELL_PAGES } from './pages';

/** axe-core finds no WCAG 2.1 A/AA violation on the page (each one listed with the page's address). */
async function expectNoViolations(page: Page, url: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    violations.map((v) => `${url}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`),
    url,
  ).toEqual([]);
}

async function raceUrl(request: import('@playwright/test').APIRequestContext, eventName: string) {
  const events = await (await request.get('/ll/api/v1/livelaps/events/1')).json();
  const event = events.message.events.find((e: { name: string }) => e.name === eventName);
  const races = await (await request.get(`/ll/api/v1/livelaps/promoter/event/${event.id}/races`)).json();
  return { event: `/ll/events/${event.id}`, race: `/ll/races/${races.message.data[0].id}` };
}

test('the main pages have no WCAG A/AA violations', async ({ browser, baseURL, request }) => {
  // About 60 pages, each in a fresh context and checked by axe.
  test.setTimeout(600_000);
  const pine = await raceUrl(request, 'Pine Hill Enduro');
  const orbits = await raceUrl(request, 'Brands Hatch Test Race (Orbits)');
  const shell = SHELL_PAGES.filter((p) => !['/', '/About', '/Contact', '/results/1'].includes(p)).map((p) => `/ll${p}`);
  for (const path of ['/ll', '/ll/results/1', pine.event, pine.race, orbits.race, ...shell, '/ll/no-such-page']) {
    for (const prefix of ['', '/fr', '/es']) {
      const page = await freshPage(browser, baseURL);
      const url = prefix ? path.replace('/ll', `/ll${prefix}`) : path;
      await page.goto(url);
      const at = new URL(page.url());
      expect(at.pathname + at.search).toBe(url);
      // The 404's server HTML is Next's error shell, which gets its lang when the not-found
      // tree has rendered in the browser (see the README): check the page as the visitor gets it.
      await expect(page.locator('html')).toHaveAttribute('lang', prefix ? prefix.slice(1) : 'en');
      await expectNoViolations(page, url);
      await page.context().close();
    }
  }
});

test('the calendar, event, club and organization pages have no WCAG A/AA violations', async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  // The sample ice race: upcoming, open to registration, with a start grid (lib/server/seed).
  const ice = await withDb(async (db) => (await db.query<{ id: number }>("select id from events where is_sample and name like '%glace%' order by start_date limit 1")).rows[0]!.id);
  const paths = [
    '/ll/event-calendar?view=week&date=2026-12-05',
    '/ll/event-calendar?view=day&date=2026-12-05',
    '/ll/event-calendar?view=4day&date=2026-12-05',
    `/ll/events/${ice}?tab=registration`,
    `/ll/events/${ice}?tab=grid`,
    `/ll/events/${ice}?tab=races`,
    '/ll/promoters',
    '/ll/promoters/2001?tab=events',
    '/ll/organizations',
    '/ll/organizations/about-us',
    '/ll/organizations/classes',
    '/ll/organizations/members',
    '/ll/organizations/membership-type',
    '/ll/organizations/contact',
  ];
  for (const path of paths) {
    for (const prefix of ['', '/fr']) {
      const page = await freshPage(browser, baseURL);
      const url = prefix ? path.replace('/ll', `/ll${prefix}`) : path;
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', prefix ? prefix.slice(1) : 'en');
      await expectNoViolations(page, url);
      await page.context().close();
    }
  }
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
  for (const path of paths) {
    for (const prefix of ['', '/fr']) {
      const page = await freshPage(browser, baseURL);
      const url = prefix ? path.replace('/ll', `/ll${prefix}`) : path;
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', prefix ? prefix.slice(1) : 'en');
      if (path.includes('season=')) await expect(page.getByRole('dialog')).toContainText(leader.lastName);
      await expectNoViolations(page, url);
      await page.context().close();
    }
  }
});
