/**
 * The content pages (spec §2 Static pages, Routes with an optional id): simple pages, news,
 * rules, FAQs with search, documents, sponsors, presentations, the series archive and the
 * capitalised aliases, in English, French and Spanish, on a phone, and with the CMS stopped.
 */
import { expect, test, type Page } from './test';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import { freshPage } from './fresh';
import { SHELL_PAGES } from './pages';

/** The content pages of SHELL_PAGES (the shell's own pages and the results list left out). */
const CONTENT_PAGES = SHELL_PAGES.filter((p) => !['/', '/about-us', '/contact-us', '/event-calendar', '/results/1'].includes(p) && !p.startsWith('/error'));

const LANGUAGES = [
  { prefix: '', lang: 'en' },
  { prefix: '/fr', lang: 'fr' },
  { prefix: '/es', lang: 'es' },
];

/** Accent- and case-folded text, as the FAQ search compares it. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('every content page answers 200 in its language', async ({ playwright, baseURL }) => {
  for (const { prefix, lang } of LANGUAGES) {
    // One cookie jar per language: the unprefixed English paths must not follow a stored choice.
    const api = await playwright.request.newContext({ baseURL });
    for (const path of CONTENT_PAGES) {
      const url = `/ll${prefix}${path}`;
      const res = await api.get(url, { headers: { cookie: '' }, maxRedirects: 0 });
      expect(res.status(), url).toBe(200);
      const html = await res.text();
      expect(html, url).toMatch(new RegExp(`<html[^>]*\\slang="${lang}"`));
      expect(html, url).toMatch(/<meta name="description" content="[^"]+"/);
    }
    await api.dispose();
  }
});

test('the tab title and description are in the page’s language', async ({ browser, baseURL }) => {
  // One context per language (no language chosen in either).
  const french = await freshPage(browser, baseURL);
  await french.goto('/ll/fr/documents');
  await expect(french.locator('meta[name="description"]')).toHaveAttribute('content', fr.content.descriptions.documents);
  await french.goto('/ll/fr/simple-page/rulebook');
  await expect(french).toHaveTitle(/^Règlements de la FMQR/);
  await french.context().close();
  const page = await freshPage(browser, baseURL);
  await page.goto('/ll/documents');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', en.content.descriptions.documents);
  // A simple page: its PageTitle and PageDescription.
  await page.goto('/ll/simple-page/rulebook');
  await expect(page).toHaveTitle(/^FMQR rulebook – summary of the racing rules/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Summary of the FMQR racing rules/);
  await page.context().close();
});

test('unknown simple pages, articles and presentations answer 404', async ({ request }) => {
  for (const url of [
    '/ll/simple-page/no-such-page',
    '/ll/fr/simple-page/no-such-page',
    '/ll/simple-page/rulebook/extra',
    '/ll/simple-page/%3Cscript%3E',
    '/ll/news/no-such-article',
    '/ll/es/news/no-such-article',
    '/ll/news?page=99',
    '/ll/presentation/999999',
    '/ll/presentation/0',
    '/ll/presentation/abc',
    '/ll/presentation/1/2',
  ]) {
    const res = await request.get(url, { headers: { cookie: '' }, maxRedirects: 0 });
    expect(res.status(), url).toBe(404);
  }
  for (const url of ['/ll/news?page=abc', '/ll/news?page=0', '/ll/news?page=1']) {
    const res = await request.get(url, { headers: { cookie: '' }, maxRedirects: 0 });
    expect(res.status(), url).toBe(200);
  }
});

test('the simple-page list links to each page', async ({ page }) => {
  await page.goto('/ll/simple-page');
  const list = page.getByTestId('simple-page-list');
  await list.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/ll\/simple-page\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible();
});

test('the French FAQ search: "regle" finds "règle", counts the matches, and stays in the URL', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  await page.goto('/ll/fr/faqs');
  const items = page.getByTestId('faq-item');
  const total = await items.count();
  expect(total).toBeGreaterThan(2);
  // Grouped by category, each question a disclosure.
  await expect(page.getByRole('heading', { level: 2, name: 'Jeunes pilotes' })).toBeVisible();
  const firstQuestion = items.first().getByRole('button');
  await expect(firstQuestion).toHaveAttribute('aria-expanded', 'false');
  await firstQuestion.click();
  await expect(firstQuestion).toHaveAttribute('aria-expanded', 'true');

  const search = page.getByRole('searchbox', { name: 'Rechercher dans les questions' });
  const status = page.getByTestId('faq-count');
  await search.fill('regle');
  await expect(page).toHaveURL(/\/ll\/fr\/faqs\?q=regle$/);
  await expect(status).toHaveText(/^\d+ questions? correspond(ent)? à «\sregle\s»\.$/);
  await expect(status).toHaveAttribute('role', 'status');
  const count = Number(/^\d+/.exec((await status.textContent()) ?? '')?.[0]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(total);
  await expect(items).toHaveCount(count);
  for (const text of await items.allTextContents()) expect(fold(text)).toContain('regle');

  // Capitals and accents do not matter.
  await search.fill('RÈGLE');
  await expect(items).toHaveCount(count);

  // The search can be shared: the link opens with the same entries.
  const shared = await freshPage(browser, baseURL);
  await shared.goto('/ll/fr/faqs?q=regle');
  await expect(shared.getByRole('searchbox', { name: 'Rechercher dans les questions' })).toHaveValue('regle');
  await expect(shared.getByTestId('faq-item')).toHaveCount(count);
  await shared.context().close();

  // Nothing found: said in words, and the search can be cleared.
  await search.fill('zzqxw');
  await expect(items).toHaveCount(0);
  await expect(status).toHaveText('Aucune question ne correspond à « zzqxw ».');
  await expect(page.getByText(fr.content.faq.noMatch)).toBeVisible();
  await page.getByRole('button', { name: 'Effacer la recherche' }).click();
  await expect(items).toHaveCount(total);
  await expect(page).toHaveURL(/\/ll\/fr\/faqs$/);
  await page.context().close();
});

test('news: newest first with French dates, and an article opens', async ({ browser, baseURL, request }) => {
  const page = await freshPage(browser, baseURL);
  const res = await page.goto('/ll/fr/news');
  expect(res?.status()).toBe(200);
  const list = page.getByTestId('news-list');
  const times = list.locator('time');
  const dates = await times.evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
  expect(dates.length).toBeGreaterThan(1);
  expect([...dates].sort().reverse()).toEqual(dates);
  await expect(times.first()).toHaveText(/^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/);
  const images = list.locator('img');
  if ((await images.count()) > 0) {
    await expect(images.first()).toHaveAttribute('loading', 'lazy');
    await expect(images.first()).toHaveAttribute('src', /^\/ll\/uploads\//);
  }

  const first = list.getByRole('heading', { level: 2 }).first().getByRole('link');
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/ll\/fr\/news\/[A-Za-z0-9._~-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/^Publié le \d{1,2} \S+ \d{4}$/)).toBeVisible();
  const frenchPath = new URL(page.url()).pathname;
  expect((await page.request.get(frenchPath)).status()).toBe(200);

  // After a language switch the French slug leads to the Spanish version of the same article.
  const slug = frenchPath.split('/').pop()!;
  // (Asked outside the page's context, whose language cookie it would change.)
  const switched = await request.get(`/ll/es/news/${slug}`, { headers: { cookie: '' }, maxRedirects: 0 });
  if (switched.status() !== 200) {
    expect(switched.status()).toBe(307);
    expect(switched.headers()['location']).toMatch(/\/ll\/es\/news\/[A-Za-z0-9._~-]+$/);
  }

  await page.getByRole('link', { name: /Retour aux nouvelles/ }).click();
  await expect(page).toHaveURL(/\/ll\/fr\/news$/);
  await page.context().close();
});

test('documents: the download link names the file and serves a PDF', async ({ page, browser, baseURL }) => {
  await page.goto('/ll/documents');
  const link = page.getByTestId('document-list').locator('a[download]').first();
  await expect(link).toHaveAccessibleName(/^Download\s?: .+ \(PDF, [\d.,\s]+(KB|MB)\)$/);
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/ll\/uploads\/.+\.pdf$/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  // Type labels and dates in French.
  const french = await freshPage(browser, baseURL);
  await french.goto('/ll/fr/documents');
  await expect(french.getByTestId('document-list').getByText('Règlement', { exact: true }).first()).toBeVisible();
  await expect(french.getByTestId('document-list').locator('a[download]').first()).toHaveAccessibleName(/^Télécharger\s?: .+ \(PDF, [\d.,\s]+(Ko|Mo)\)$/);
  await french.context().close();
});

test('the rules page shows the rulebook and its documents', async ({ page }) => {
  await page.goto('/ll/rules');
  await expect(page.getByRole('heading', { name: '4. Flags' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Rulebook documents' })).toBeVisible();
  await expect(page.locator('a[download]').first()).toHaveAttribute('href', /^\/ll\/uploads\//);
});

test('sponsors: logos named by the sponsor, site links kept in the language', async ({ page }) => {
  await page.goto('/ll/fr/sponsors');
  const grid = page.getByTestId('sponsor-grid');
  await expect(grid.getByRole('img', { name: 'Summit Tire Co.' })).toBeVisible();
  await expect(grid.getByRole('heading', { level: 2, name: 'Northline Lubricants' })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'En savoir plus sur Northline Lubricants' })).toHaveAttribute('href', '/ll/fr/series');
  // Links to other sites open in a new tab and say so.
  for (const external of await grid.locator('a[target="_blank"]').all()) {
    await expect(external).toHaveAttribute('rel', /noopener/);
    await expect(external).toHaveAccessibleName(/\(s’ouvre dans un nouvel onglet\)$/);
  }
});

test('presentations: the list opens a presentation with its images', async ({ page, browser, baseURL }) => {
  await page.goto('/ll/presentation');
  await page.getByTestId('presentation-list').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/ll\/presentation\/[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  const gallery = page.getByRole('list', { name: 'Images' });
  await expect(gallery.getByRole('img').first()).toBeVisible();
  for (const alt of await gallery.getByRole('img').evaluateAll((els) => els.map((e) => e.getAttribute('alt')))) expect(alt).toBeTruthy();
  // The same presentation in French, under the same id.
  const french = await freshPage(browser, baseURL);
  const res = await french.goto(page.url().replace('/ll/presentation', '/ll/fr/presentation'));
  expect(res?.status()).toBe(200);
  await expect(french.getByRole('link', { name: /Retour aux présentations/ })).toBeVisible();
  await french.context().close();
});

test('/About and /Contact show what /about-us and /contact-us show', async ({ browser, baseURL }) => {
  for (const [alias, original] of [
    ['/ll/About', '/ll/about-us'],
    ['/ll/fr/Contact', '/ll/fr/contact-us'],
  ]) {
    const page = await freshPage(browser, baseURL);
    await page.goto(original);
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const title = await page.title();
    const text = await page.locator('#main .layout-main').innerText();
    await page.goto(alias);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(title);
    expect(await page.locator('#main .layout-main').innerText()).toBe(text);
    expect(new URL(page.url()).pathname).toBe(alias);
    await page.context().close();
  }
});

test('on a phone the content pages never scroll sideways; the archive table scrolls in its box', async ({ browser }) => {
  for (const url of ['/ll/documents', '/ll/news', '/ll/sponsors', '/ll/rules']) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(url);
    await noSidewaysScroll(page);
    await page.close();
  }
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto('/ll/fr/faqs');
  await noSidewaysScroll(page);
  await page.goto('/ll/fr/series/oldPage');
  await noSidewaysScroll(page);
  // The archive holds a table: its box is a named, focusable region that scrolls sideways.
  const box = page.getByTestId('content-body');
  await expect(box).toHaveAttribute('role', 'region');
  await expect(box).toHaveAttribute('tabindex', '0');
  await expect(box).toHaveCSS('overflow-x', 'auto');
  expect(await box.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
  await page.close();
});

test.describe('with the CMS stopped', () => {
  test.use({ baseURL: 'http://localhost:3101' });

  test('every content page answers 200 and says the content is unavailable', async ({ request, page, browser }) => {
    for (const path of [...CONTENT_PAGES.filter((p) => p !== '/About' && p !== '/Contact'), '/news/season-opener', '/presentation/1']) {
      for (const prefix of ['', '/fr']) {
        const res = await request.get(`/ll${prefix}${path}`, { headers: { cookie: '' }, maxRedirects: 0 });
        expect(res.status(), `${prefix}${path}`).toBe(200);
      }
    }
    await page.goto('/ll/faqs');
    await expect(page.getByRole('status').filter({ hasText: en.content.unavailable })).toBeVisible();
    const french = await freshPage(browser, 'http://localhost:3101');
    await french.goto('/ll/fr/documents');
    await expect(french.getByRole('status').filter({ hasText: fr.content.unavailable })).toBeVisible();
    await french.context().close();
  });
});
