/**
 * One rider, one profile (issue 25): a racer found by name at the trackside search is listed
 * once, whatever number or class each season's records carry; their public rider page
 * (`/riders/{id}`) lists every one of their public results, and the results rows link to it —
 * at 390 and 1440 px, in English and French.
 */
import { expect, test } from './test';
import { withDb } from './db';
import { freshPage } from './fresh';

/** The sample rider with the most participant records (one per season), and their public results. */
async function repeatRider(): Promise<{ first: string; last: string; records: number; results: number }> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ first_name: string; last_name: string; records: string; results: string }>(
      `select p.first_name, p.last_name, count(distinct p.id) as records, count(*) as results
         from participants p join entries e on e.participant_id = p.id join races r on r.id = e.race_id join events ev on ev.id = r.event_id
        where r.is_public and ev.is_public and p.is_sample
        group by p.first_name, p.last_name
       having count(distinct p.id) > 1 and count(distinct lower(p.first_name || ' ' || p.last_name)) = 1
        order by count(*) desc, p.last_name limit 1`,
    );
    if (!rows[0]) throw new Error('no sample rider with several records');
    return { first: rows[0].first_name, last: rows[0].last_name, records: Number(rows[0].records), results: Number(rows[0].results) };
  });
}

for (const { width, prefix, profile } of [
  { width: 390, prefix: '/fr', profile: 'Fiche du pilote' },
  { width: 1440, prefix: '', profile: 'Rider page' },
] as const) {
  test(`a racer found by name has one profile listing all their results (${width} px${prefix ? ', French' : ''})`, async ({ browser, baseURL }) => {
    const rider = await repeatRider();
    expect(rider.records).toBeGreaterThan(1);
    const page = await freshPage(browser, baseURL);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/ll${prefix}/liveonlivelaps`);
    await page.getByTestId('trackside-criterion').fill(`${rider.first} ${rider.last}`);
    await page.getByTestId('trackside-criterion').press('Enter');
    const found = page.getByTestId('trackside-results').getByRole('link', { name: new RegExp(`${rider.first} ${rider.last}`, 'i') });
    await expect(found).toHaveCount(1);
    await found.click();
    await page.getByTestId('racer-profile-link').click();
    await expect(page).toHaveURL(new RegExp(`/ll${prefix}/riders/\\d+$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(new RegExp(`${rider.first} ${rider.last}`, 'i'));
    await expect(page.getByText(profile === 'Rider page' ? 'Live laps' : 'Tours en direct').first()).toBeVisible();
    // Every public result of every record, under one page.
    await expect(page.locator('#rider-seasons tbody tr')).toHaveCount(rider.results);
    expect(await page.locator('#rider-seasons article').count(), 'events of several records').toBeGreaterThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The page is the same from any of the rider's records: a results row of another season links to it.
    const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
    const event = page.locator('#rider-seasons article').last().getByRole('link').first();
    await event.click();
    await expect(page).toHaveURL(/\/events\/\d+/);
    await page.context().close();
    expect(canonical).toMatch(/\/riders\/\d+$/);
  });
}

test('a results row’s name opens that rider’s page', async ({ page }) => {
  const rider = await repeatRider();
  const raceId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `select r.id from races r join entries e on e.race_id = r.id join participants p on p.id = e.participant_id join events ev on ev.id = r.event_id
        where p.first_name = $1 and p.last_name = $2 and r.is_public and ev.is_public order by r.id desc limit 1`,
      [rider.first, rider.last],
    );
    return rows[0].id;
  });
  await page.goto(`/ll/races/${raceId}`);
  const link = page.getByTestId('results-table').getByRole('link', { name: `${rider.first} ${rider.last}`, exact: true });
  await link.first().click();
  await expect(page).toHaveURL(/\/ll\/riders\/\d+$/);
  await expect(page.locator('#rider-seasons tbody tr')).toHaveCount(rider.results);
});
