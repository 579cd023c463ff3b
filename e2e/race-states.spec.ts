/**
 * Race states a visitor can meet: a race hidden from public display, a race with no results
 * yet, and a race id the visitor may not see. The test changes the e2e database directly
 * (the real PostgreSQL of `npm start`) and puts it back.
 */
import { expect, test } from './test';
import { withDb } from './db';
import { freshPage } from './fresh';

async function sebringRaceIds(): Promise<{ eventId: number; raceIds: number[] }> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ event_id: number; id: number }>(
      `select r.event_id, r.id from races r join events e on e.id = r.event_id where e.name = 'Sebring Winter Test' order by r.sort_order`,
    );
    return { eventId: rows[0].event_id, raceIds: rows.map((r) => r.id) };
  });
}

/** A race without results in the Sebring event, with `columns` as its configured columns. */
async function insertSebringRace(name: string, columns: string[]): Promise<number> {
  const { eventId } = await sebringRaceIds();
  const config = { classes: [], clases_team: [], columns, team_columns: [], sections: [] };
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: number }>(`insert into races (event_id, name, sort_order, config) values ($1, $2, 99, $3) returning id`, [eventId, name, JSON.stringify(config)]);
    return rows[0].id;
  });
}

test('a race hidden from public display says so, in each language', async ({ page, browser, baseURL }) => {
  const { eventId, raceIds } = await sebringRaceIds();
  const hidden = raceIds[1];
  await withDb((db) => db.query('update races set is_public = false where id = $1', [hidden]));
  try {
    await page.goto(`/ll/races/${hidden}`);
    await expect(page.getByText('Race is not available for public display')).toBeVisible();
    await expect(page.getByTestId('result-row')).toHaveCount(0);
    const french = await freshPage(browser, baseURL);
    await french.goto(`/ll/fr/races/${hidden}`);
    await expect(french.getByText('La course n’est pas disponible pour affichage public')).toBeVisible();
    await french.context().close();
    // The event lists only its public races.
    await page.goto(`/ll/events/${eventId}`);
    await expect(page.getByRole('link', { name: /Test Session 4/ })).toHaveCount(1);
  } finally {
    await withDb((db) => db.query('update races set is_public = true where id = $1', [hidden]));
  }
});

test('a race with no results yet reads “No Results Available Yet”', async ({ page }) => {
  const raceId = await insertSebringRace('Test Session 5', ['position', 'number', 'name']);
  try {
    await page.goto(`/ll/races/${raceId}`);
    await expect(page.getByRole('status')).toHaveText('No Results Available Yet');
  } finally {
    await withDb((db) => db.query('delete from races where id = $1', [raceId]));
  }
});

test('a race whose configuration names no known column reads “The race is not properly configured”', async ({ page, browser, baseURL }) => {
  const raceId = await insertSebringRace('Test Session 6', ['position', 'lapz']);
  try {
    await page.goto(`/ll/races/${raceId}`);
    await expect(page.getByRole('alert').filter({ hasText: 'The race is not properly configured' })).toBeVisible();
    const french = await freshPage(browser, baseURL);
    await french.goto(`/ll/fr/races/${raceId}`);
    await expect(french.getByRole('alert').filter({ hasText: 'La course n’est pas correctement configurée' })).toBeVisible();
    await french.context().close();
  } finally {
    await withDb((db) => db.query('delete from races where id = $1', [raceId]));
  }
});

test('a race the visitor may not see goes to the error page', async ({ page }) => {
  await page.goto('/ll/races/987654');
  await expect(page).toHaveURL(/\/ll\/error\?message=/);
  await expect(page.getByText('Custom error page: The page you are looking for was not found')).toBeVisible();
  const res = await page.goto('/ll/races/abc');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/ll\/error/);
});
