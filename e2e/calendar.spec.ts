/**
 * The event calendar as visitors use it (spec §2 Event calendar views: day, 4 day, week and
 * month, 'Load old events' and 'Load new events'; §4 Calendar build; iCalendar downloads and
 * feeds): switching views, moving back and forth, loading old events, opening an event; on a
 * phone the month is an agenda and the page is never wider than the screen; the .ics links
 * give iCalendar files. Written against the real events (Sebring 2009, Las Vegas 2017, Pine
 * Hill 2026-04-12, Brands Hatch 2026-11-14) and whatever sample events the seed adds: no test
 * counts them.
 */
import fs from 'node:fs/promises';
import { expect, test, type Page } from './test';
import { freshPage } from './fresh';

const calendar = (page: Page) => page.locator('section#calendar');
const heading = (page: Page) => calendar(page).getByRole('heading', { level: 2 }).first();

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('a visitor switches views, moves through the calendar, loads old events and opens an event', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  await page.goto('/ll/event-calendar');
  await expect(calendar(page)).toHaveAttribute('data-view', 'month');
  const views = page.getByRole('navigation', { name: 'Calendar views' });
  await expect(views.getByRole('link', { name: 'Month', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[aria-current="date"]').first()).toBeAttached();

  // Week view, then a week back and forth.
  await views.getByRole('link', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(calendar(page)).toHaveAttribute('data-view', 'week');
  await expect(views.getByRole('link', { name: 'Week', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(calendar(page).locator('[data-testid="calendar-days"] > li, [role="status"]').first()).toBeVisible();
  const thisWeek = await heading(page).textContent();
  await page.getByRole('link', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await expect(heading(page)).not.toHaveText(thisWeek!);
  await page.getByRole('link', { name: 'Next week' }).click();
  await expect(heading(page)).toHaveText(thisWeek!);

  // Day view: one day, named in full.
  await views.getByRole('link', { name: 'Day', exact: true }).click();
  await expect(calendar(page)).toHaveAttribute('data-view', 'day');
  await expect(heading(page)).toHaveText(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \w+ \d{1,2}, \d{4}/);
  await page.getByRole('link', { name: 'Next day' }).click();
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page).not.toHaveURL(/date=/);

  // Back to the month; old events lie more than 2 years back (Sebring 2009, Las Vegas 2017).
  await views.getByRole('link', { name: 'Month', exact: true }).click();
  // The month's own range, not the day view's still on screen while the month loads.
  await expect(calendar(page)).toHaveAttribute('data-view', 'month');
  const range = page.getByTestId('calendar-range');
  const fromBefore = await range.locator('[data-from]').getAttribute('data-from');
  await range.getByRole('link', { name: 'Load old events' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(range.locator('[data-from]')).not.toHaveAttribute('data-from', fromBefore!);
  expect((await range.locator('[data-from]').getAttribute('data-from'))! < fromBefore!).toBe(true);

  // Loading shows the newest of the older events: open it.
  const event = calendar(page).locator('[data-testid="calendar-month-grid"] a[href*="/events/"]').first();
  await expect(event).toBeVisible();
  const name = (await event.textContent())!;
  await event.click();
  await expect(page).toHaveURL(/\/ll\/events\/\d+/);
  await expect(page.getByText(name).first()).toBeVisible();
});

test('4 day view and the jump to the nearest event when a period is empty', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  // A week of 2015 holds no event: the calendar says so and offers the neighbours.
  await page.goto('/ll/event-calendar?view=week&date=2015-06-10');
  await expect(calendar(page).getByRole('status')).toContainText('No events in this period');
  await calendar(page).getByRole('link', { name: /Next event: / }).click();
  await expect(calendar(page).locator('a[href*="/events/"]').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Calendar views' }).getByRole('link', { name: '4 days', exact: true }).click();
  await expect(calendar(page)).toHaveAttribute('data-view', '4day');
  await expect(calendar(page).locator('[data-testid="calendar-days"] > li')).toHaveCount(4);
});

test('bad calendar queries fall back to the defaults', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  for (const query of ['view=year&date=2026-02-30', 'date=1800-01-01&view=day', 'from=zzz&until=2026-13-40', 'view=week&date=9999-12-31']) {
    const res = await page.goto(`/ll/event-calendar?${query}`);
    expect(res?.status(), query).toBe(200);
    await expect(calendar(page)).toBeVisible();
  }
});

test.describe('on a phone', () => {
  test('the month is an agenda of the days with events and the page fits the screen', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/ll/event-calendar?date=2026-11-14');
    await expect(page.getByTestId('calendar-month-grid')).toBeHidden();
    const agenda = page.getByTestId('calendar-agenda');
    await expect(agenda).toBeVisible();
    const day = agenda.locator(':scope > li').filter({ has: page.locator('h3 time[datetime="2026-11-14"]') });
    await expect(day.getByRole('heading', { level: 3 })).toContainText('November 14');
    await expect(day.getByRole('link', { name: 'Brands Hatch Test Race (Orbits)' })).toBeVisible();
    // Every agenda day holds at least one event.
    for (const li of await agenda.locator(':scope > li').all()) expect(await li.locator('a[href*="/events/"]').count()).toBeGreaterThan(0);
    await noSidewaysScroll(page);
    for (const view of ['week', 'day', '4day']) {
      await page.goto(`/ll/event-calendar?view=${view}&date=2026-11-14`);
      await noSidewaysScroll(page);
    }
    await context.close();
    // A context of its own: no language chosen before (the URL's language is the page's).
    const frContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const french = await frContext.newPage();
    await french.goto('/ll/fr/event-calendar?date=2026-11-14');
    await expect(french.getByRole('navigation', { name: 'Vues du calendrier' }).getByRole('link', { name: 'Semaine' })).toBeVisible();
    await noSidewaysScroll(french);
    await frContext.close();
  });
});

test('the .ics links give iCalendar files', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  await page.goto('/ll/fr/event-calendar');
  const feeds = page.getByTestId('calendar-feeds');
  await expect(feeds.getByRole('link', { name: /S’abonner/ })).toHaveAttribute('href', /^webcal:\/\/[^/]+\/ll\/api\/v1\/calendar\/feed\.ics\?lang=fr$/);
  const downloading = page.waitForEvent('download');
  await feeds.getByRole('link', { name: /Télécharger le \.ics/ }).click();
  const download = await downloading;
  const text = await fs.readFile((await download.path())!, 'utf8');
  expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(text).toContain('X-WR-CALNAME:Calendrier des événements');

  // One event's .ics, as the event page's "Add to my calendar" link downloads it.
  await page.goto('/ll/event-calendar?date=2026-11-14&view=week');
  const href = await calendar(page).getByRole('link', { name: 'Brands Hatch Test Race (Orbits)' }).first().getAttribute('href');
  const id = /\/events\/(\d+)/.exec(href!)![1];
  const res = await page.request.get(`/ll/api/v1/calendar/events/${id}/event.ics`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/);
  const body = await res.text();
  expect(body.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(body).toContain('DTSTART;VALUE=DATE:20261114');
  expect(body).toContain(`UID:event-${id}@`);
  expect((await page.request.get('/ll/api/v1/calendar/events/abc/event.ics')).status()).toBe(400);
});
