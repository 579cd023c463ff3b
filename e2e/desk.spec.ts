/**
 * The promoter's desk (issue 24), as the demo promoter of the e2e product uses it, in English and
 * French: the desk sends a visitor to the login first; the promoter creates a hidden event with
 * two host clubs, which the public cannot see; opens it to the public, which then reads it at
 * once (the page cache revalidated); each change is listed with its author; a last day before the
 * first is refused in French, nothing saved; two classes are offered with their fees; a results
 * spreadsheet is previewed, then imported, and its public page shows it. The event is hidden again
 * at the end. A series' drop rule is changed with the standings preview, and the public standings
 * follow.
 */
import fs from 'node:fs';
import { expect, test, type Page } from './test';
import { withDb } from './db';
import { freshPage, waitForHydration } from './fresh';

/** The e2e product's demo promoter login (lib/server/seed/demo-promoter.ts, beside the e2e database). */
function demoPromoter(): { email: string; password: string } {
  const text = fs.readFileSync('.data/e2e/demo-promoter.txt', 'utf8');
  const get = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1] ?? '';
  return { email: get('email'), password: get('password') };
}

async function logIn(page: Page) {
  const { email, password } = demoPromoter();
  const form = page.getByRole('form', { name: 'Log in to your account' });
  await waitForHydration(page, 'form');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: false }).and(page.locator('input')).fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('a promoter creates a hidden event, opens it to the public, and every change is listed (English and French)', async ({ page, browser, baseURL }) => {
  await page.goto('/ll/desk');
  await expect(page).toHaveURL(/\/ll\/login\?next=%2Fdesk/);
  await logIn(page);
  await expect(page).toHaveURL(/\/ll\/desk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promoter’s desk' })).toBeVisible();
  await expect(page.getByTestId('desk-events').getByRole('link', { name: 'Pine Hill Enduro' })).toBeVisible();

  await page.getByRole('link', { name: 'New event' }).click();
  await expect(page).toHaveURL(/\/ll\/desk\/events\/new$/);
  const form = page.getByRole('form', { name: 'New event' });
  await waitForHydration(page, 'form');
  const name = `Desk Enduro ${Date.now().toString(36)}`;
  await form.getByLabel('Event name').fill(name);
  await form.getByRole('textbox', { name: 'First day', exact: true }).fill('2027-06-05');
  await form.getByLabel('Host clubs').fill('CJCR, SJER');
  await form.getByLabel('Discipline').selectOption('enduro');
  await form.getByRole('button', { name: 'Create the event' }).click();
  await expect(page).toHaveURL(/\/ll\/desk\/events\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('desk-audit')).toContainText('Demo Promoter created the event');

  // Two classes of the organization, with their fees and an entry limit.
  const classes = page.getByTestId('desk-event-classes');
  await waitForHydration(page, '[data-testid="desk-event-classes"]');
  await classes.getByRole('button', { name: 'Add a class' }).click();
  await classes.getByRole('button', { name: 'Add a class' }).click();
  await classes.getByLabel('Entry fee ($)').nth(0).fill('45');
  await classes.getByLabel('Entry fee ($)').nth(1).fill('30,5');
  await classes.getByLabel('Entry limit').nth(0).fill('forty');
  await classes.getByRole('button', { name: 'Save the classes' }).click();
  await expect(classes.getByText('Write a whole number of riders (1 or more), or leave it empty.')).toBeVisible();
  await classes.getByLabel('Entry limit').nth(0).fill('40');
  await classes.getByRole('button', { name: 'Save the classes' }).click();
  await expect(classes.getByRole('status')).toHaveText('Saved. Registration shows these classes and fees.');
  await expect(page.getByTestId('desk-audit').getByRole('listitem').first()).toContainText('Demo Promoter changed Classes and entry fees');
  await page.reload();
  await expect(page.getByTestId('desk-event-classes').getByLabel('Entry fee ($)').nth(1)).toHaveValue('30.50');

  // Hidden: a visitor is sent elsewhere.
  const visitor = await freshPage(browser, baseURL);
  await visitor.goto(`/ll/events/${id}`);
  await expect(visitor).not.toHaveURL(new RegExp(`/ll/events/${id}$`));
  await expect(visitor.getByText(name)).toHaveCount(0);

  // Opened to the public: the visitor reads it at once.
  const edit = page.getByRole('form', { name: `Edit ${name}` });
  await waitForHydration(page, 'form');
  await edit.getByLabel('Visitors may see the event').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved. Every page showing the event is up to date.' })).toBeVisible();
  await expect(page.getByTestId('desk-audit').getByRole('listitem').first()).toContainText('Demo Promoter changed Visitors may see the event');
  await visitor.goto(`/ll/events/${id}`);
  await expect(visitor).toHaveURL(new RegExp(`/ll/events/${id}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(name);
  await visitor.context().close();

  // In French (chosen as the language globe does): a last day before the first is refused on its field, nothing saved.
  await page.goto(`/ll/desk/events/${id}?setLanguage=fr`);
  await expect(page).toHaveURL(new RegExp(`/ll/fr/desk/events/${id}$`));
  const french = page.getByRole('form', { name: `Modifier ${name}` });
  await waitForHydration(page, 'form');
  await french.getByLabel('Dernier jour', { exact: true }).fill('2027-06-01');
  await french.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(french.getByText('Le dernier jour doit être une date égale ou postérieure au premier jour.')).toBeVisible();
  await expect(french.getByLabel('Dernier jour', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('desk-audit').getByRole('listitem')).toHaveCount(3);

  // Results uploaded: previewed first (nothing saved), then imported; the race appears.
  await waitForHydration(page, 'input[type="file"]');
  await page.getByLabel('Fichier de résultats').setInputFiles('data/fixtures/sheet/2017-las-vegas-450sx-lcq-results.csv');
  await expect(page.getByTestId('results-preview')).toContainText('Jason Anderson');
  await expect(page.getByTestId('desk-races')).toHaveCount(0);
  await page.getByRole('button', { name: 'Importer ces résultats' }).click();
  await expect(page.getByText('Importé : 22 pilotes dans 1 course.')).toBeVisible();
  await expect(page.getByTestId('desk-races').getByRole('listitem')).toHaveCount(1);
  // The public results page shows them at once.
  const results = await page.getByTestId('desk-races').getByRole('link', { name: '22 résultats' }).getAttribute('href');
  const reader = await freshPage(browser, baseURL);
  await reader.goto(results!.replace('/ll/fr/', '/ll/'));
  await expect(reader.getByTestId('result-row').filter({ hasText: 'Jason Anderson' })).toBeVisible();
  await reader.context().close();

  // Hidden again: later specs see the public lists as they were.
  await french.getByLabel('Dernier jour', { exact: true }).fill('');
  await french.getByLabel('Les visiteurs peuvent voir l’événement').uncheck();
  await french.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré. Toutes les pages' })).toBeVisible();
});

test('a promoter hides a race: its public page says so at once; shown again, its results are back', async ({ page, browser, baseURL }) => {
  await page.goto('/ll/desk');
  if (page.url().includes('/login')) await logIn(page);
  await page.getByTestId('desk-events').getByRole('link', { name: 'Pine Hill Enduro' }).click();
  const row = page.getByTestId('desk-races').getByRole('listitem').first();
  await expect(row.getByRole('link', { name: '100 results' })).toBeVisible();
  const href = await row.getByRole('link', { name: '100 results' }).getAttribute('href');
  await waitForHydration(page, '[data-testid="desk-races"] form');
  await row.getByLabel('Visitors may see the race').uncheck();
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByTestId('desk-audit').getByRole('listitem').first()).toContainText('Demo Promoter changed Team Enduro Results: Visitors may see the race');

  const visitor = await freshPage(browser, baseURL);
  await visitor.goto(href!);
  await expect(visitor.getByText('Race is not available for public display')).toBeVisible();
  await expect(visitor.getByTestId('result-row')).toHaveCount(0);

  await row.getByLabel('Visitors may see the race').check();
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('status')).toHaveText('Saved.');
  await visitor.goto(href!);
  await expect(visitor.getByTestId('team-row').first()).toBeVisible();
  await visitor.context().close();
});

test('every desk page sends a visitor without a login to the login first, then back', async ({ page }) => {
  for (const path of ['/ll/desk/events/new', '/ll/fr/desk/events/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?next=%2Fdesk%2Fevents%2F/);
  }
});

test('a promoter changes a series’ drop rule: the preview shows what moves, and once saved the public standings follow (English and French)', async ({ page, browser, baseURL }) => {
  // The federation adds the demo promoter to the motocross club's staff (what `npm run users` does).
  const SERIES = '2026 FMQR Motocross Championship';
  const { seriesId, promoterId } = await withDb(async (db) => {
    const { rows } = await db.query<{ id: number; promoter_id: number }>('select id, promoter_id from series where name = $1', [SERIES]);
    await db.query('insert into promoter_staff (user_id, promoter_id) select id, $1 from users where email = $2 on conflict do nothing', [rows[0]!.promoter_id, demoPromoter().email]);
    return { seriesId: rows[0]!.id, promoterId: rows[0]!.promoter_id };
  });
  const dropped = (p: Page) => p.locator('[data-testid=series-table] tbody td:has(> s)');
  try {
    await page.goto(`/ll/desk/series/${seriesId}`);
    if (page.url().includes('/login')) await logIn(page);
    await expect(page).toHaveURL(new RegExp(`/ll/desk/series/${seriesId}$`));
    const visitor = await freshPage(browser, baseURL);
    await visitor.goto(`/ll/series/${seriesId}`);
    await expect(dropped(visitor).first()).toBeVisible();

    // Every event counts: the preview says who moves before anything is saved.
    const form = page.getByRole('form', { name: `Edit ${SERIES}` });
    await waitForHydration(page, 'form');
    await form.getByLabel('Every event counts').check();
    await expect(page.getByText(/Computed over 3 events with results\. \d+ riders’ standings change\./)).toBeVisible();
    await expect(page.getByTestId('series-preview').getByRole('table')).toContainText(/▲|▼|\+\d+ pts/);
    await visitor.reload();
    await expect(dropped(visitor).first()).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved. The public standings are up to date.' })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByTestId('series-table').first()).toBeVisible();
    await expect(dropped(visitor)).toHaveCount(0);

    // In French: the worst result dropped again, a count typed wrong refused first.
    await page.goto(`/ll/desk/series/${seriesId}?setLanguage=fr`);
    const french = page.getByRole('form', { name: `Modifier ${SERIES}` });
    await waitForHydration(page, 'form');
    await french.getByLabel('Les pires résultats sont retirés').check();
    await french.getByLabel('Nombre de pires résultats retirés').fill('un');
    await french.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(french.getByText('Indiquez combien de résultats sont retirés : un nombre entier.').first()).toBeVisible();
    await french.getByLabel('Nombre de pires résultats retirés').fill('1');
    await expect(page.getByText(/Calculé sur 3 épreuves avec des résultats\. Le classement de \d+ pilotes change\./)).toBeVisible();
    await french.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Enregistré. Le classement public est à jour.' })).toBeVisible();
    await visitor.reload();
    await expect(dropped(visitor).first()).toBeVisible();
    await expect(page.getByTestId('desk-audit').getByRole('listitem')).toHaveCount(2);
    await visitor.context().close();
  } finally {
    await withDb((db) => db.query('delete from promoter_staff where promoter_id = $1 and user_id = (select id from users where email = $2)', [promoterId, demoPromoter().email]));
  }
});
