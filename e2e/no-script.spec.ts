/**
 * A visitor with JavaScript off (issue 23: the shell is plain HTML whose menus open without
 * scripts; the results, series and event pages are rendered on the server): the drawer on a
 * phone with its second level, the top menu's second level on a wide screen, the language
 * globe, and the way from the results list to an event, a race's results and a series'
 * standings, each read from the server's HTML.
 */
import { expect, test, type Browser } from './test';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

async function noScriptPage(browser: Browser, baseURL: string | undefined, viewport = WIDE) {
  const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
  return context.newPage();
}

test('390 px: the drawer opens without JavaScript, its second level unfolds and a link navigates', async ({ browser, baseURL }) => {
  const page = await noScriptPage(browser, baseURL, PHONE);
  await page.goto('/ll/fr');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu principal' });
  await expect(drawer).toBeVisible();
  await drawer.getByText('Fédération', { exact: true }).click();
  await drawer.getByRole('link', { name: 'À propos' }).click();
  await expect(page).toHaveURL(/\/ll\/fr\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The close button closes it too.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Fermer le menu' }).click();
  await expect(drawer).toBeHidden();
  await page.context().close();
});

test('1440 px: the top menu’s second level opens on hover, and the globe switches the language', async ({ browser, baseURL }) => {
  const page = await noScriptPage(browser, baseURL);
  await page.goto('/ll');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Federation' }).hover();
  await menu.getByRole('menuitem', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/ll\/about-us$/);

  await page.getByRole('button', { name: 'Choose a language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/ll\/es\/about-us$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.context().close();
});

test('results, an event, a race’s results and a series’ standings read without JavaScript', async ({ browser, baseURL }) => {
  const page = await noScriptPage(browser, baseURL);
  await page.goto('/ll/results/1');
  await page.getByRole('link', { name: 'Brands Hatch Test Race (Orbits)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brands Hatch Test Race (Orbits)' })).toBeVisible();
  await page.getByRole('link', { name: /Test Race/ }).click();
  const rows = page.getByTestId('result-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('Morgan Freeman');

  await page.goto('/ll/series');
  await page.getByRole('link', { name: /FMQR Motocross Championship$/ }).first().click();
  await expect(page.getByTestId('series-table').first()).toBeVisible();
  expect(await page.getByTestId('series-row').count()).toBeGreaterThan(3);
  await page.context().close();
});
