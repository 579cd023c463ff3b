/**
 * The event page as a rider reads it (spec §2 Event page with races, registration, start grid,
 * results and series; §4 Registration status), on a phone and a wide screen, in English and
 * French: the tabs are links (current one marked), the registration tab lists who registered
 * (a cancelled registration marked as such, the race number and the rider's name in view), the
 * start grid tab lists the riders by grid position, and the page is never wider than the screen.
 * The test writes its own registrations and grid on the real Sebring event and removes them.
 */
import { expect, test, type Page } from './test';
import { withDb } from './db';

interface Fixture {
  eventId: number;
  raceId: number;
  classId: number;
  participantIds: number[];
  grid: { id: number; gridPosition: number | null; gridLabel: string | null; lastName: string }[];
}

let fx: Fixture;

test.beforeAll(async () => {
  fx = await withDb(async (db) => {
    const event = (await db.query<{ id: number }>(`select id from events where name = 'Sebring Winter Test'`)).rows[0];
    const race = (await db.query<{ id: number }>(`select id from races where event_id = $1 and is_public order by sort_order, id limit 1`, [event.id])).rows[0];
    const cls = (
      await db.query<{ id: number }>(
        `insert into classes (name, sort_order, min_age) values ('E2E Vet 30+', 0, 30) on conflict (organization_id, name) do update set min_age = 30 returning id`,
      )
    ).rows[0];
    await db.query(`insert into event_classes (event_id, class_id, fee_cents, capacity) values ($1, $2, 6500, 20) on conflict do nothing`, [event.id, cls.id]);
    const riders = await db.query<{ id: number }>(
      `insert into participants (first_name, last_name, city, state) values ('Zoé', 'Registered-E2E', 'Granby', 'QC'), ('Yann', 'Cancelled-E2E', 'Ottawa', 'ON') returning id`,
    );
    const [zoe, yann] = riders.rows.map((r) => r.id);
    await db.query(
      `insert into registrations (event_id, participant_id, class_id, race_number, brand, state) values ($1, $2, $4, '301', 'KTM', 'registered'), ($1, $3, $4, '302', 'Honda', 'cancelled')`,
      [event.id, zoe, yann, cls.id],
    );
    // A start grid for the race: its first three entries, in reverse race-number order.
    const entries = await db.query<{ id: number; grid_position: number | null; grid_label: string | null; last_name: string }>(
      `select e.id, e.grid_position, e.grid_label, p.last_name from entries e join participants p on p.id = e.participant_id where e.race_id = $1 order by e.race_number desc limit 3`,
      [race.id],
    );
    const grid = entries.rows.map((e) => ({ id: e.id, gridPosition: e.grid_position, gridLabel: e.grid_label, lastName: e.last_name }));
    for (const [i, e] of grid.entries()) await db.query(`update entries set grid_position = $2, grid_label = null where id = $1`, [e.id, i + 1]);
    return { eventId: event.id, raceId: race.id, classId: cls.id, participantIds: [zoe, yann], grid };
  });
});

test.afterAll(async () => {
  await withDb(async (db) => {
    await db.query(`delete from registrations where participant_id = any($1)`, [fx.participantIds]);
    await db.query(`delete from participants where id = any($1)`, [fx.participantIds]);
    await db.query(`delete from event_classes where event_id = $1 and class_id = $2`, [fx.eventId, fx.classId]);
    await db.query(`delete from classes where id = $1`, [fx.classId]);
    for (const e of fx.grid) await db.query(`update entries set grid_position = $2, grid_label = $3 where id = $1`, [e.id, e.gridPosition, e.gridLabel]);
  });
});

const TEXT = {
  en: { nav: 'Event sections', races: 'Races', registration: 'Registration', grid: 'Start grid', cancelled: 'Cancelled', riders: 'Registered riders', noGrid: 'No start grid published for this race' },
  fr: {
    nav: 'Sections de l’événement',
    races: 'Courses',
    registration: 'Inscription',
    grid: 'Grille de départ',
    cancelled: 'Désinscrit',
    riders: 'Pilotes inscrits',
    noGrid: 'Aucune grille de départ publiée pour cette course',
  },
} as const;

/** The page never scrolls sideways. */
async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** `el` starts inside the screen and at least its first 60 px (or all of it) are in view. */
async function expectInView(page: Page, el: ReturnType<Page['locator']>) {
  const box = (await el.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + Math.min(box.width, 60)).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  for (const locale of ['en', 'fr'] as const) {
    test(`an event, its registration and its start grid at ${viewport.width} px in ${locale === 'en' ? 'English' : 'French'}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      const t = TEXT[locale];
      const prefix = locale === 'en' ? '' : '/fr';
      await page.goto(`/ll${prefix}/events/${fx.eventId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sebring Winter Test' })).toBeVisible();
      const tabs = page.getByRole('navigation', { name: t.nav });
      await expect(tabs.getByRole('link', { name: t.races })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2, name: t.races })).toBeVisible();
      await expectFits(page);

      // Registration: who registered, the cancelled registration marked, number and name in view.
      await tabs.getByRole('link', { name: t.registration }).click();
      await expect(page).toHaveURL(/[?&]tab=registration/);
      await expect(tabs.getByRole('link', { name: t.registration })).toHaveAttribute('aria-current', 'page');
      await expect(tabs.getByRole('link', { name: t.races })).not.toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 3, name: t.riders })).toBeVisible();
      const rows = page.getByTestId('registration-rows').locator('tbody tr');
      const zoe = rows.filter({ hasText: 'Registered-E2E' });
      await expect(zoe).toHaveAttribute('data-status', 'registered');
      await expect(zoe.locator('td').first()).toHaveText('301');
      await expectInView(page, zoe.locator('td').first());
      await expectInView(page, zoe.getByRole('rowheader'));
      const yann = rows.filter({ hasText: 'Cancelled-E2E' });
      await expect(yann).toHaveAttribute('data-status', 'cancelled');
      await expect(yann).toContainText(t.cancelled);
      await expect(page.getByRole('region', { name: t.riders })).toBeVisible();
      await expect(page.getByTestId('registration-rows')).not.toContainText('@');
      await expectFits(page);

      // Start grid: the riders by grid position; a race without a grid says so.
      await tabs.getByRole('link', { name: t.grid }).click();
      await expect(page).toHaveURL(/[?&]tab=grid/);
      await expect(tabs.getByRole('link', { name: t.grid })).toHaveAttribute('aria-current', 'page');
      const grid = page.getByTestId('start-grid').first();
      await expect(grid.locator('tbody tr')).toHaveCount(3);
      await expect(grid.locator('tbody tr td:first-child')).toHaveText(['1', '2', '3']);
      const names = await grid.getByRole('rowheader').allTextContents();
      fx.grid.forEach((e, i) => expect(names[i]).toContain(e.lastName));
      for (const name of await grid.getByRole('rowheader').all()) await expectInView(page, name);
      await expect(page.getByText(t.noGrid)).toBeVisible();
      await expectFits(page);
      await context.close();
    });
  }
}

test('the tabs work without JavaScript (links rendered on the server)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/ll/events/${fx.eventId}`);
  await page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'Start grid' }).click();
  await expect(page).toHaveURL(/[?&]tab=grid/);
  await expect(page.getByTestId('start-grid').first().locator('tbody tr')).toHaveCount(3);
  // The races accordion opens and closes natively.
  await page.goto(`/ll/events/${fx.eventId}`);
  // (In the page's main content: without JavaScript the menu drawer's second levels are disclosures too.)
  const second = page.getByRole('main').locator('details').nth(1);
  await expect(second).not.toHaveAttribute('open', '');
  await second.locator('summary').click();
  await expect(second).toHaveAttribute('open', '');
  await context.close();
});

test('an unknown tab shows the races, and the page answers in Spanish too', async ({ page }) => {
  await page.goto(`/ll/es/events/${fx.eventId}?tab=nope`);
  const tabs = page.getByRole('navigation', { name: 'Secciones del evento' });
  await expect(tabs.getByRole('link', { name: 'Carreras' })).toHaveAttribute('aria-current', 'page');
  await page.goto(`/ll/es/events/${fx.eventId}?tab=series`);
  await expect(page.getByRole('heading', { level: 2, name: 'Campeonatos' })).toBeVisible();
});
