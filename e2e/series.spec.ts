/**
 * Series standings as racers read them (issue 9; spec §2 /series/{id?}, event page series;
 * §3 Series table; §4 Series results; §8): a visitor opens a series from /series, filters by
 * class, sees a drop score struck through, opens a rider's season (results event by event and
 * the points chart); on a phone nothing is wider than the screen and the names stay in view;
 * titles in French; the CSV download starts with the table's header; the spec's messages.
 * The seeded "FMQR Motocross Championship" drops 1 score and has results at its three rounds.
 */
import fs from 'node:fs/promises';
import { expect, test, type Page } from './test';
import { parse } from 'csv-parse/sync';
import { withDb } from './db';
import { freshPage, waitForHydration } from './fresh';
import { cell } from './table';

const SERIES_NAME = /FMQR Motocross Championship$/;

/** The seeded motocross series and its first round. */
async function motocross(): Promise<{ id: number; name: string; firstEventId: number }> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: number; name: string; event_id: number }>(
      `select s.id, s.name, (select e.id from series_events se join events e on e.id = se.event_id where se.series_id = s.id order by e.start_date, e.id limit 1) as event_id
         from series s where s.name like '%FMQR Motocross Championship' and s.is_public order by s.start_date desc limit 1`,
    );
    if (!rows[0]) throw new Error('no seeded FMQR Motocross Championship');
    return { id: rows[0].id, name: rows[0].name, firstEventId: rows[0].event_id };
  });
}

/** Every row's name has text and lies inside the screen; the page never scrolls sideways. */
async function expectNamesVisible(page: Page) {
  const tables = page.getByTestId('series-table');
  await expect(tables.first()).toBeVisible();
  const width = page.viewportSize()!.width;
  const boxes = await page.locator('[data-testid=series-table] tbody tr[data-season] > th').evaluateAll((els) =>
    els.map((el) => ({ text: el.textContent?.trim() ?? '', ...el.getBoundingClientRect().toJSON() })),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.text, 'a row without a name').not.toBe('');
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + Math.min(b.width, 60)).toBeLessThanOrEqual(width);
  }
  const heights = await page.locator('[data-testid=series-table] tbody tr[data-season]').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThanOrEqual(54);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('a visitor opens a series from /series, filters by class and sees a drop struck through', async ({ page }) => {
  const series = await motocross();
  await page.goto('/ll/series');
  await page.getByRole('link', { name: series.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/series/${series.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: series.name })).toBeVisible();
  // The rules in one line: the points table, the drop.
  const header = page.getByTestId('series-header');
  await expect(header).toContainText('25-22-20-18-16-15-14-13…');
  await expect(header).toContainText('1 drop score');
  await expect(header).toContainText('3 rounds');
  // The class standings: a table per class, each under its heading.
  await expect(page.getByRole('heading', { level: 2, name: 'Class standings' })).toBeVisible();
  const classTables = await page.getByTestId('series-table').count();
  expect(classTables).toBeGreaterThan(1);
  expect(await page.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(classTables);

  // Filter by class: one table, every row of that class, in the URL.
  await waitForHydration(page, 'button[aria-controls="series-filters"]');
  await page.getByRole('button', { name: 'Filter the standings' }).click();
  await page.getByRole('combobox', { name: 'Class' }).click();
  const option = page.getByRole('option').nth(1);
  const className = (await option.textContent())!.trim();
  await option.click();
  await expect(page).toHaveURL(new RegExp(`class=${encodeURIComponent(className).replace(/%20/g, '(\\+|%20)')}`));
  await expect(page.getByTestId('series-table')).toHaveCount(1);
  const rows = page.getByTestId('series-row');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const text of await page.locator('[data-testid=series-table] tbody tr[data-season]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-class')))) {
    expect(text).toBe(className);
  }
  // The leader is first, position 1.
  await expect(await cell(rows.first(), 'position')).toHaveText('1');

  // Three rounds with one drop: a rider who scored at all three has a score struck through, said "drop".
  await page.goto(`/ll/series/${series.id}`);
  const dropped = page.locator('[data-testid=series-table] tbody td:has(> s)').first();
  await expect(dropped).toBeVisible();
  await expect(dropped).toContainText('drop');
  await expect(dropped.locator('s')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(dropped.locator('.visually-hidden')).toHaveText(/drop/);

  // Nothing matching: the spec's message.
  await page.goto(`/ll/series/${series.id}?brand=zzzz`);
  await expect(page.getByRole('status').filter({ hasText: 'No results found' })).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/brand=/);
  await expect(page.getByTestId('series-table').first()).toBeVisible();
});

test('a rider’s row opens their season: the points chart and the results event by event', async ({ page }) => {
  const series = await motocross();
  await page.goto(`/ll/series/${series.id}?score=overall`);
  await expect(page.getByRole('heading', { level: 2, name: 'Overall standings' })).toBeVisible();
  await waitForHydration(page, '[data-testid=series-table]');
  const row = page.getByTestId('series-row').filter({ has: page.locator('td > s') }).first();
  const name = (await row.locator('th').textContent())!.trim();
  await expect(row.locator('th a')).toHaveAccessibleDescription('Opens the rider’s season');
  await row.locator('th a').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/season=/);
  await expect(dialog.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await expect(dialog.getByRole('img', { name: `Points progression of ${name}: points and position after each round` })).toBeVisible();
  // The dialog and its chart are loaded when opened (issue 23): the chart draws its line.
  await expect(dialog.getByTestId('season-chart').locator('path.MuiLineChart-line').first()).toBeVisible();
  await expect(dialog.getByTestId('season-event')).toHaveCount(3);
  expect(await dialog.getByTestId('season-race').count()).toBeGreaterThanOrEqual(3);
  await expect(dialog.getByTestId('season-drop')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/season=/);
  // A tap anywhere on the row opens it too; Escape closes.
  await (await cell(row, 'total')).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

for (const locale of ['', '/fr']) {
  test(`at 390 px nothing is wider than the screen and names stay in view while the table scrolls${locale ? ' (French)' : ''}`, async ({ browser }) => {
    const series = await motocross();
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const query of ['', '?score=overall']) {
      await page.goto(`/ll${locale}/series/${series.id}${query}`);
      await expectNamesVisible(page);
    }
    const region = page.getByRole('region', { name: locale ? /défile latéralement/ : /scrolls sideways/ }).first();
    const name = page.locator('[data-testid=series-table] tbody tr[data-season] > th').first();
    const before = await name.boundingBox();
    const total = await cell(page.getByTestId('series-row').first(), 'total');
    await expect(total).not.toBeInViewport();
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(total).toBeInViewport();
    expect((await name.boundingBox())!.x).toBeCloseTo(before!.x, 0);
    await page.goto(`/ll${locale}/series`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.close();
  });
}

test('page titles and headings are French on the French pages', async ({ browser, baseURL }) => {
  const series = await motocross();
  const page = await freshPage(browser, baseURL);
  await page.goto('/ll/fr/series');
  await expect(page).toHaveTitle(/^Championnats \|/);
  await expect(page.getByRole('link', { name: series.name, exact: true })).toBeVisible();
  await page.goto(`/ll/fr/series/${series.id}`);
  await expect(page).toHaveTitle(new RegExp(`^Classement : ${series.name} \\|`));
  await expect(page.getByRole('heading', { level: 2, name: 'Classement par classe' })).toBeVisible();
  await expect(page.getByTestId('series-header')).toContainText('1 pointage retranché');
  await page.goto(`/ll/fr/series/${series.id}?brand=zzzz`);
  await expect(page.getByRole('status').filter({ hasText: 'Aucun résultat trouvé' })).toBeVisible();
  await page.context().close();
});

test('the CSV download starts with the table’s header, in the page’s language', async ({ browser, baseURL }) => {
  const series = await motocross();
  for (const [locale, first] of [
    ['', ['Class pos.', 'No.', 'Rider', 'Class']],
    ['/fr', ['Pos. classe', 'No', 'Pilote', 'Classe']],
  ] as const) {
    // One browser context per language: the first page's language cookie would otherwise win.
    const page = await freshPage(browser, baseURL);
    await page.goto(`/ll${locale}/series/${series.id}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('series-download-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await fs.readFile((await download.path())!, 'utf8');
    const csv: string[][] = parse(text, { bom: true });
    expect(csv[0].slice(0, 4)).toEqual(first);
    expect(csv.length).toBeGreaterThan(1);
    await page.context().close();
  }
});

test('an unknown or malformed series goes to the error page (spec §6); the series list links every public series', async ({ page }) => {
  for (const bad of ['/ll/series/999999999', '/ll/series/abc', '/ll/series/1/2']) {
    await page.goto(bad);
    await expect(page, bad).toHaveURL(/\/ll\/error\?message=/);
    await expect(page.getByTestId('series-table')).toHaveCount(0);
  }
  await page.goto('/ll/series');
  await expect(page.getByRole('heading', { level: 2, name: SERIES_NAME })).toBeVisible();
  // The archive keeps its own route.
  expect((await page.goto('/ll/series/oldPage'))?.status()).toBe(200);
});

test('the event page’s series tab links the series and shows its class leaders', async ({ page }) => {
  const series = await motocross();
  await page.goto(`/ll/events/${series.firstEventId}?tab=series`);
  const article = page.getByTestId('event-series').filter({ hasText: series.name });
  await expect(article).toBeVisible();
  await expect(article).toContainText('Round 1 of 3');
  await expect(article.getByRole('heading', { name: 'Class leaders' })).toBeVisible();
  expect(await article.locator('tbody tr').count()).toBeGreaterThan(0);
  await article.getByRole('link', { name: series.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/series/${series.id}$`));
});

test('a club’s Championship tab shows each series with its class leaders, linked to the full table', async ({ page }) => {
  const series = await motocross();
  // The seeded championship belongs to the Club de motocross des Pins (promoter user id 2001).
  await page.goto('/ll/promoters/2001?tab=championship');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: series.name }) });
  await expect(card.getByRole('heading', { name: 'Class leaders' })).toBeVisible();
  // Each class's leader is 1st of that class on the series page too.
  const firstClass = card.getByRole('heading', { level: 5 }).first();
  const className = (await firstClass.textContent())!.trim();
  const leader = (await card.locator('tbody tr').first().locator('th').textContent())!.trim();
  await firstClass.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/series/${series.id}\\?class=`));
  const table = page.getByTestId('series-table').first();
  await expect(table.locator('tbody tr[data-season]').first().locator('th')).toContainText(leader);
  for (const c of await page.locator('[data-testid=series-table] tbody tr[data-season]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-class')))) {
    expect(c).toBe(className);
  }
});
