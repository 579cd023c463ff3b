/**
 * Officials' printing (issue 12; spec §2 print routes and Print layout, §5 Race printing, §7
 * livelaps/race/print/{id}, langs/current), in Debian's Chromium against the production build:
 * each sheet printed to PDF by the browser in English and French, read back with `pdftotext`:
 * every rider of the real race, the table header and "Page N of M" on every page, the class
 * sections (each class on its own page on /scores/printc), the stamp; the selection page's two
 * messages and its way to a sheet; the PDF download; the switch to the session's language.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from './test';
import { withDb } from './db';
import { waitForHydration } from './fresh';

type Lang = 'en' | 'fr';
const PREFIX: Record<Lang, string> = { en: '', fr: '/fr' };
const TEXT = {
  en: { name: 'Name', page: (n: number, m: number) => `Page ${n} of ${m}`, official: 'OFFICIAL', cls: (c: string) => `Class ${c}`, team: 'Team' },
  fr: { name: 'Nom', page: (n: number, m: number) => `Page ${n} de ${m}`, official: 'OFFICIEL', cls: (c: string) => `Classe ${c}`, team: 'Équipe' },
} as const;

async function raceId(eventName: string, raceName: string, order: 'asc' | 'desc' = 'asc'): Promise<number> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `select r.id from races r join events e on e.id = r.event_id where e.name = $1 and r.name like $2 order by r.sort_order ${order}, r.id ${order} limit 1`,
      [eventName, raceName],
    );
    if (!rows[0]) throw new Error(`no race ${raceName} in ${eventName}`);
    return rows[0].id;
  });
}

/** The riders of a race as the sheets name them ("First Last"), with their classes and teams. */
async function riders(id: number): Promise<{ name: string; className: string | null; team: string | null }[]> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ name: string; class_name: string | null; team: string | null }>(
      `select trim(p.first_name || ' ' || p.last_name) as name, c.name as class_name, coalesce(t.name, en.team_name) as team
         from results x join entries en on en.id = x.entry_id join participants p on p.id = en.participant_id
         left join classes c on c.id = en.class_id left join teams t on t.id = en.team_id
        where x.race_id = $1`,
      [id],
    );
    return rows.map((r) => ({ name: r.name, className: r.class_name, team: r.team }));
  });
}

/** The text of each page of a PDF file (`pdftotext -layout`, pages split on form feeds). */
function pdfPages(file: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  return text.split('\f').filter((p) => p.trim() !== '');
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

/** Prints `url` to PDF the way the browser's print dialog does (the page's own @page size) and returns its pages' text. */
async function printToPdf(page: Page, url: string): Promise<{ pages: string[]; file: string }> {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, '.print-toolbar button');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-')), 'sheet.pdf');
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  return { pages: pdfPages(file), file };
}

function expectEveryPage(pages: string[], lang: Lang, header: string) {
  pages.forEach((text, i) => {
    expect(text, `page ${i + 1} has the table header`).toContain(header);
    expect(text, `page ${i + 1} is numbered`).toContain(TEXT[lang].page(i + 1, pages.length));
    expect(text, `page ${i + 1} carries the stamp`).toContain(TEXT[lang].official);
  });
}

async function langContext(browser: Browser, lang: Lang, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  const url = new URL(baseURL ?? 'http://localhost:3100');
  await context.addCookies([{ name: 'siteLanguage', value: lang, domain: url.hostname, path: '/ll' }]);
  return context;
}

for (const lang of ['en', 'fr'] as const) {
  test.describe(`sheets printed by Chromium (${lang})`, () => {
    // One context per language: the siteLanguage cookie decides the language of every page.
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser, baseURL }) => {
      context = await langContext(browser, lang, baseURL);
      page = await context.newPage();
    });
    test.afterAll(async () => context.close());

    test('/races/print: every Pine Hill rider by position over several pages, the header and page number on each', async () => {
      const id = await raceId('Pine Hill Enduro', '%Team Enduro%');
      const { pages } = await printToPdf(page, `/ll${PREFIX[lang]}/races/print/${id}`);
      expect(pages.length).toBeGreaterThan(1);
      expectEveryPage(pages, lang, TEXT[lang].name);
      const all = squash(pages.join('\n'));
      const list = await riders(id);
      expect(list.length).toBe(100);
      for (const r of list) expect(all, r.name).toContain(squash(r.name));
      expect(all).toContain('Pine Hill Enduro');
      // By position (issue 25): the first column is the place, 1, 2, 3 … in order, then the riders without one.
      const places = await page.locator('.print-table tbody tr.row-rider').evaluateAll((trs) => trs.map((tr) => tr.firstElementChild?.textContent?.trim() ?? ''));
      expect(places.length).toBe(100);
      const ranked = places.filter((p) => /^\d+$/.test(p)).map(Number);
      expect(ranked.length).toBeGreaterThan(80);
      expect(ranked).toEqual(ranked.map((_, i) => i + 1));
      expect(places.slice(0, ranked.length).every((p) => /^\d+$/.test(p))).toBe(true);
    });

    test('/races/print?mode=team: every team and its riders', async () => {
      const id = await raceId('Pine Hill Enduro', '%Team Enduro%');
      const { pages } = await printToPdf(page, `/ll${PREFIX[lang]}/races/print/${id}?mode=team`);
      expectEveryPage(pages, lang, TEXT[lang].team);
      const all = squash(pages.join('\n'));
      const list = await riders(id);
      for (const team of new Set(list.map((r) => r.team).filter((t): t is string => !!t))) expect(all, team).toContain(squash(team));
      for (const r of list.filter((r) => r.team)) expect(all, r.name).toContain(squash(r.name));
    });

    test('/scores/printc: each Sebring class on its own landscape page with all its cars', async () => {
      const id = await raceId('Sebring Winter Test', '%', 'desc');
      const { pages, file } = await printToPdf(page, `/ll${PREFIX[lang]}/scores/printc/${id}`);
      expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Page size:\s+792 x 612/);
      expectEveryPage(pages, lang, TEXT[lang].name);
      const list = await riders(id);
      const classes = [...new Set(list.map((r) => r.className).filter((c): c is string => !!c))];
      expect(classes.length).toBeGreaterThan(1);
      const firstPageOf = classes.map((c) => pages.findIndex((p) => p.includes(TEXT[lang].cls(c))));
      for (const [i, at] of firstPageOf.entries()) expect(at, `class ${classes[i]} has a section`).toBeGreaterThanOrEqual(0);
      // Each class starts a page of its own: no two class titles share a page.
      expect(new Set(firstPageOf).size).toBe(classes.length);
      for (const r of list) {
        const at = firstPageOf[classes.indexOf(r.className!)]!;
        expect(squash(pages[at]!), `${r.name} under ${r.className}`).toContain(squash(r.name));
      }
    });

    test('/scores/print: the score sheet lists every class one after another', async () => {
      const id = await raceId('Sebring Winter Test', '%');
      const { pages } = await printToPdf(page, `/ll${PREFIX[lang]}/scores/print/${id}`);
      expectEveryPage(pages, lang, TEXT[lang].name);
      const all = squash(pages.join('\n'));
      const list = await riders(id);
      for (const c of new Set(list.map((r) => r.className).filter((c): c is string => !!c))) expect(all).toContain(TEXT[lang].cls(c));
      for (const r of list) expect(all, r.name).toContain(squash(r.name));
    });

    test('/scores/printoa: every Las Vegas rider overall, on A4 when asked', async () => {
      const id = await raceId('Monster Energy Supercross from Las Vegas, NV', '450SX%');
      const { pages, file } = await printToPdf(page, `/ll${PREFIX[lang]}/scores/printoa/${id}?paper=a4`);
      expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Page size:.*\(A4\)/);
      expectEveryPage(pages, lang, TEXT[lang].name);
      const all = squash(pages.join('\n'));
      const list = await riders(id);
      expect(list.length).toBe(22);
      for (const r of list) expect(all, r.name).toContain(squash(r.name));
    });

    test('the Download PDF link gives the same sheet made on the server', async () => {
      const id = await raceId('Sebring Winter Test', '%');
      await page.goto(`/ll${PREFIX[lang]}/races/print/${id}`);
      await waitForHydration(page, '.print-toolbar button');
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a.print-pdf').click()]);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-')), download.suggestedFilename());
      await download.saveAs(file);
      expect(file).toMatch(/\.pdf$/);
      const pages = pdfPages(file);
      expectEveryPage(pages, lang, TEXT[lang].name);
      const all = squash(pages.join('\n'));
      for (const r of await riders(id)) expect(all, r.name).toContain(squash(r.name));
    });
  });
}

test.describe('choosing what to print', () => {
  test('the spec’s two messages, then the classes chosen on the Position only tab print each on its own page', async ({ browser, baseURL }) => {
    const context = await langContext(browser, 'en', baseURL);
    const page = await context.newPage();
    const id = await raceId('Sebring Winter Test', '%');
    const eventId = await withDb(async (db) => (await db.query<{ event_id: number }>('select event_id from races where id = $1', [id])).rows[0]!.event_id);
    await page.goto('/ll/scores/printScores');
    await waitForHydration(page, 'form select');
    await page.getByLabel('Event').selectOption(String(eventId));
    await expect(page.getByRole('checkbox', { name: /Test Session 4/ }).first()).toBeVisible();
    await waitForHydration(page, 'form button[type="submit"]');
    await page.getByRole('button', { name: 'Show the sheet' }).click();
    await expect(page.locator('form [role="alert"]')).toContainText('You must select a race');
    await page.getByRole('checkbox', { name: /Test Session 4/ }).first().check();
    await page.getByRole('tab', { name: 'Position only' }).click();
    await page.getByRole('button', { name: 'Show the sheet' }).click();
    await expect(page.locator('form [role="alert"]')).toContainText('No classes are selected in the Position Only tab');
    await expect(page.locator('form [role="alert"]')).not.toContainText('You must select a race');
    const classBoxes = page.getByRole('tabpanel').getByRole('checkbox');
    await classBoxes.nth(1).check();
    await classBoxes.nth(2).check();
    const chosen = [await classBoxes.nth(1).getAttribute('value'), await classBoxes.nth(2).getAttribute('value')];
    await page.getByRole('button', { name: 'Show the sheet' }).click();
    await expect(page).toHaveURL(new RegExp(`/ll/scores/printc/${id}\\?`));
    for (const c of chosen) await expect(page.getByRole('heading', { name: new RegExp(`Class ${c}`) })).toBeVisible();
    await expect(page.locator('.print-section')).toHaveCount(2);
    // "Choose other races" comes back with the same race, tab and classes ticked.
    await page.getByRole('link', { name: 'Choose other races' }).click();
    await expect(page).toHaveURL(/\/ll\/scores\/printScores\?/);
    await waitForHydration(page, 'form button[type="submit"]');
    await expect(page.getByRole('checkbox', { name: /Test Session 4/ }).first()).toBeChecked();
    await expect(page.getByRole('tab', { name: 'Position only' })).toHaveAttribute('aria-selected', 'true');
    for (const c of chosen) await expect(page.getByRole('tabpanel').locator(`input[name="class"][value="${c}"]`)).toBeChecked();
    await context.close();
  });

  test('the event field keeps the focus while the keyboard changes the event (its races load beside it)', async ({ browser, baseURL }) => {
    const context = await langContext(browser, 'en', baseURL);
    const page = await context.newPage();
    await page.goto('/ll/races/printScores');
    await waitForHydration(page, 'form select');
    const event = page.getByLabel('Event');
    await event.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/[?&]event=\d+/);
    await expect(page.getByRole('group', { name: 'Races' })).toBeVisible();
    await expect(event).toBeFocused();
    await context.close();
  });

  test('without JavaScript the server checks the same rules, in French', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const url = new URL(baseURL ?? 'http://localhost:3100');
    await context.addCookies([{ name: 'siteLanguage', value: 'fr', domain: url.hostname, path: '/ll' }]);
    const page = await context.newPage();
    const id = await raceId('Sebring Winter Test', '%');
    const eventId = await withDb(async (db) => (await db.query<{ event_id: number }>('select event_id from races where id = $1', [id])).rows[0]!.event_id);
    await page.goto(`/ll/fr/races/printScores?event=${eventId}&mode=overall&go=1`);
    await expect(page.locator('form [role="alert"]')).toContainText('Vous devez choisir une course');
    await page.goto(`/ll/fr/races/printScores?event=${eventId}&race=${id}&mode=classes&go=1`);
    await expect(page.locator('form [role="alert"]')).toContainText('Aucune classe n’est choisie dans l’onglet Position seulement');
    await page.goto(`/ll/fr/races/printScores?event=${eventId}&race=${id}&mode=overall&go=1`);
    await expect(page).toHaveURL(new RegExp(`/ll/fr/races/print/${id}\\?mode=overall$`));
    await expect(page.locator('.print-table tbody tr').first()).toBeVisible();
    await context.close();
  });
});

test('the print layout switches to the language the server keeps for the session (langs/current)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const id = await raceId('Sebring Winter Test', '%');
  const url = new URL(baseURL ?? 'http://localhost:3100');
  // The visitor picks French in another tab while this English sheet loads: the session's
  // language changes before the print layout asks for it.
  await page.route('**/ll/api/v1/langs/current', async (route) => {
    await context.addCookies([{ name: 'siteLanguage', value: 'fr', domain: url.hostname, path: '/ll' }]);
    await route.continue({ headers: { ...route.request().headers(), cookie: 'siteLanguage=fr' } });
  });
  await page.goto(`/ll/races/print/${id}`);
  await expect(page).toHaveURL(new RegExp(`/ll/fr/races/print/${id}$`));
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
  await context.close();
});

test('a phone shows the sheet without sideways page scroll, names in view', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const id = await raceId('Sebring Winter Test', '%', 'desc');
  await page.goto(`/ll/scores/printc/${id}`);
  await expect(page.locator('.print-table').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const names = page.locator('.print-table tbody th.who');
  const boxes = await names.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
  for (const b of boxes) expect(b.x + 40).toBeLessThanOrEqual(390);
  await context.close();
});
