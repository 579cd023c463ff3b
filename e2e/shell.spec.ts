/**
 * The site shell (issue 7; spec §2 Layouts and Navigation, §4, §9) as a visitor meets it on a
 * phone (390 px) and a wide screen (1440 px), in English and French: the drawer, the second
 * menu level, the scrolling menu, the sponsor strip, the footer, the loading overlay and
 * progress bar, the offline notice, every menu and footer link, the page width, the
 * language of titles and tagline, and a CMS publish reaching the site through the webhook.
 */
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from './test';
import { loginEditor } from './cms-admin';
import { waitForHydration } from './fresh';
import { SHELL_PAGES } from './pages';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

async function open(browser: Browser, baseURL: string | undefined, path: string, viewport = WIDE): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}


const withPrefix = (prefix: string, path: string) => `/ll${prefix}${path === '/' ? '' : path}`;

for (const lang of [
  { prefix: '', menu: 'Main menu', open: 'Open the menu', close: 'Close the menu', federation: 'Federation', about: 'About us', back: 'Back to the main menu' },
  { prefix: '/fr', menu: 'Menu principal', open: 'Ouvrir le menu', close: 'Fermer le menu', federation: 'Fédération', about: 'À propos', back: 'Retour au menu principal' },
]) {
  test(`390 px${lang.prefix || ' (en)'}: the drawer opens, navigates two levels and closes by keyboard`, async ({ browser, baseURL }) => {
    const page = await open(browser, baseURL, withPrefix(lang.prefix, '/'), PHONE);
    const button = page.getByRole('button', { name: lang.open });
    await expect(page.getByTestId('top-menu')).toBeHidden();
    await button.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: lang.menu });
    await expect(drawer).toBeVisible();
    // Focus is inside the drawer and stays there (MUI's focus trap).
    const focusInside = () => drawer.evaluate((el) => el.contains(document.activeElement));
    await expect.poll(focusInside).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    // Second level: open Federation with the keyboard, Back returns to the first level.
    await page.keyboard.press('Enter');
    await drawer.getByRole('button', { name: lang.federation }).focus();
    await page.keyboard.press('Enter');
    await expect(drawer.getByRole('heading', { name: lang.federation })).toBeVisible();
    const back = drawer.getByRole('button', { name: lang.back });
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(drawer.getByRole('heading', { name: lang.menu })).toBeVisible();
    await expect(drawer.getByRole('button', { name: lang.federation })).toBeFocused();

    // Choosing a link navigates and closes the drawer.
    await page.keyboard.press('Enter');
    await drawer.getByRole('link', { name: lang.about }).focus();
    await page.keyboard.press('Enter');
    // A loaded machine may take a while to render the next page: wait longer than the default.
    await expect(page).toHaveURL(new RegExp(`/ll${lang.prefix}/about-us$`), { timeout: 20_000 });
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('navigation', { name: /Breadcrumb|Fil d’Ariane/ })).toContainText(lang.federation);
    expect(await page.evaluate(() => localStorage.getItem('lastPageContent'))).toBe('about');
    await page.context().close();
  });

  test(`1440 px${lang.prefix || ' (en)'}: the second level opens on hover and closes with Back`, async ({ browser, baseURL }) => {
    const page = await open(browser, baseURL, withPrefix(lang.prefix, '/'));
    await expect(page.getByRole('button', { name: lang.open })).toBeHidden();
    const menu = page.getByRole('navigation', { name: lang.menu });
    const federation = menu.getByRole('button', { name: lang.federation });
    await federation.hover();
    const second = page.getByRole('menu');
    await expect(second.getByRole('menuitem', { name: lang.about })).toBeVisible();
    // A hovered second level is a popup, not a modal: the page stays readable and scrollable.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await second.getByTestId('submenu-back').click();
    await expect(second).toHaveCount(0);
    await expect(federation).toBeFocused();
    // Menu titles are set after 500 ms (spec §9).
    await expect(federation).toHaveAttribute('title', lang.federation);
    await page.context().close();
  });
}

test('an editor adds menu items: the menu no longer fits and its arrows scroll it', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const page = await open(browser, baseURL, '/ll/es');
  const bar = page.getByTestId('top-menu');
  const left = page.getByTestId('menu-left');
  const right = page.getByTestId('menu-right');
  // The seeded menu fits at 1440 px: no arrows.
  expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(left).toBeDisabled();
  await expect(right).toBeDisabled();

  const editor = await loginEditor();
  const created: string[] = [];
  try {
    for (let i = 1; i <= 6; i++) {
      created.push(
        await editor.create('api::menu.menu', 'es', { name: `Enlace de prueba número ${i}`, Link: '/news', Visible: true, bHideOnTopMenu: false, IsOpenInNewTab: false, sort_order: 100 + i }),
      );
    }
    // The publish reaches the site through the webhook.
    await expect(async () => {
      await page.reload();
      await expect(bar.getByRole('link', { name: 'Enlace de prueba número 6' })).toBeAttached({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(right).toBeEnabled();
    await expect(left).toBeDisabled();
    await right.click();
    await expect.poll(() => bar.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(left).toBeEnabled();
    await left.click();
    await expect.poll(() => bar.evaluate((el) => el.scrollLeft)).toBe(0);
    await expect(left).toBeDisabled();
  } finally {
    for (const id of created) await editor.remove('api::menu.menu', 'es', id);
    await editor.dispose();
  }
  await expect(async () => {
    await page.reload();
    await expect(bar.getByRole('link', { name: /Enlace de prueba/ })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.context().close();
});

test('the sponsor strip waits for every logo, pauses on hover and on click, and hides on a failed logo', async ({ browser, baseURL }) => {
  // No service worker: its own fetches of the logos (it keeps /uploads) would bypass the test's routes.
  // A visitor who has not asked for reduced motion (the other tests have: e2e/test.ts).
  const context = await browser.newContext({ baseURL, viewport: WIDE, serviceWorkers: 'block', reducedMotion: 'no-preference' });
  const page = await context.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/ll/uploads/sponsor_*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/ll/about-us');
  const strip = page.getByTestId('sponsor-strip');
  await page.waitForTimeout(800);
  await expect(strip).toHaveCount(0);
  release();
  await expect(strip).toBeVisible();
  await expect(strip.getByTestId('sponsor-marquee').locator('img').first()).toBeVisible();
  await expect(strip).toHaveAccessibleName('Our sponsors');
  // Screen readers and keyboards meet each sponsor once, not once per copy the marquee scrolls.
  await expect(strip.getByRole('link', { name: 'Summit Tire Co.' })).toHaveCount(1);
  await expect(strip.getByText('Ironwood Helmets', { exact: true })).toHaveCount(1);

  const marquee = strip.locator('.rfm-marquee').first();
  await strip.hover();
  await expect.poll(() => marquee.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
  await page.mouse.move(5, 5);
  await expect.poll(() => marquee.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('running');
  await strip.getByRole('button', { name: 'Pause the sponsor logos' }).click();
  await expect(strip).toHaveAttribute('data-playing', 'false');
  await strip.getByRole('button', { name: 'Play the sponsor logos' }).click();
  await expect(strip).toHaveAttribute('data-playing', 'true');

  // One logo that cannot load: the strip is never shown.
  const broken = await context.newPage();
  await broken.route('**/ll/uploads/sponsor_ironwood*', (route) => route.abort());
  await broken.goto('/ll/about-us');
  await broken.waitForLoadState('networkidle');
  await expect(broken.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(broken.getByTestId('sponsor-strip')).toHaveCount(0);
  await context.close();
});

test('the footer sits at the bottom of a short page', async ({ browser, baseURL }) => {
  for (const viewport of [PHONE, WIDE]) {
    const page = await open(browser, baseURL, '/ll/fr/error?message=x', { ...viewport, height: 1400 });
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    const { bottom, height } = await page.evaluate(() => ({
      bottom: document.querySelector('footer')!.getBoundingClientRect().bottom,
      height: window.innerHeight,
    }));
    expect(Math.abs(bottom - height), `${viewport.width} px`).toBeLessThanOrEqual(1);
    await page.context().close();
  }
});

test('a menu navigation shows the progress bar and the overlay, and both close on arrival', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: WIDE });
  const page = await context.newPage();
  // Every request for the next page takes 1.5 s, its prefetch 5 s (a prefetch finished before the
  // click would make the navigation instant on a slow machine): the throttled indicators show.
  await page.route(/\/ll\/event-calendar/, async (route) => {
    const prefetch = route.request().headers()['next-router-prefetch'] !== undefined;
    await new Promise((r) => setTimeout(r, prefetch ? 5000 : 1500));
    await route.continue().catch(() => {});
  });
  await page.goto('/ll/about-us');
  await waitForHydration(page, '[data-testid="top-menu"] a');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByTestId('navigation-progress')).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  await expect(page).toHaveURL(/\/ll\/event-calendar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar');
  await expect(page.getByTestId('loading-overlay')).toBeHidden();
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
  await context.close();
});

test('going offline and back online is shown to the visitor', async ({ browser, baseURL }) => {
  const page = await open(browser, baseURL, '/ll/fr/about-us');
  await page.context().setOffline(true);
  await expect(page.getByText('Vous êtes hors ligne.', { exact: false })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText('Vous êtes de nouveau en ligne.')).toBeVisible();
  await page.context().close();
});

test('every menu and footer link answers 200, in each language', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  for (const prefix of ['', '/fr', '/es']) {
    const page = await open(browser, baseURL, withPrefix(prefix, '/'), PHONE);
    await page.getByTestId('menu-button').click();
    const drawer = page.getByRole('dialog');
    const hrefs = new Set(await drawer.getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href)));
    for (const button of await drawer.getByRole('button', { name: /.+/ }).all()) {
      if ((await button.getAttribute('aria-haspopup')) !== 'true') continue;
      await button.click();
      for (const href of await drawer.getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) hrefs.add(href);
      await drawer.getByTestId('drawer-back').click();
    }
    await page.keyboard.press('Escape');
    for (const href of await page.getByRole('contentinfo').getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) hrefs.add(href);
    expect(hrefs.size, prefix).toBeGreaterThan(15);
    for (const href of hrefs) {
      const url = new URL(href);
      if (!url.pathname.startsWith('/ll')) continue;
      const res = await request.get(url.pathname + url.search, { headers: { cookie: `siteLanguage=${prefix.slice(1) || 'en'}` } });
      expect(res.status(), href).toBe(200);
      if (prefix) expect(url.pathname, href).toMatch(new RegExp(`^/ll${prefix}(/|$)`));
    }
    await page.context().close();
  }
});

test('no page of the shell is wider than a 390 px screen, in any language', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const wide: string[] = [];
  for (const prefix of ['', '/fr', '/es']) {
    for (const path of SHELL_PAGES) {
      const url = withPrefix(prefix, path);
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) wide.push(`${url}: ${overflow} px too wide`);
    }
  }
  expect(wide).toEqual([]);
  await context.close();
});

test('titles, meta description, tagline and promoter heading follow the page’s language', async ({ browser, baseURL }) => {
  const expected = {
    '': { title: /Federation of Off-Road Motorcycle and Quad Racing/, description: /Events, calendar/, logo: /Federation of Off-Road/, events: 'Events of Federation of Off-Road Motorcycle and Quad Racing' },
    '/fr': { title: /Fédération de course moto et quad hors route/, description: /Événements, calendrier/, logo: /Fédération de course moto/, events: 'Fédération de course moto et quad hors route : événements' },
    '/es': { title: /Federación de Carreras de Motos/, description: /Eventos, calendario/, logo: /Federación de Carreras/, events: 'Federación de Carreras de Motos y Cuatrimotos Todoterreno: eventos' },
  };
  for (const [prefix, want] of Object.entries(expected)) {
    const page = await open(browser, baseURL, withPrefix(prefix, '/results/1'));
    await expect(page).toHaveTitle(want.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', want.description);
    await expect(page.getByRole('banner').getByRole('img').first()).toHaveAccessibleName(want.logo);
    const banner = await page.getByRole('banner').locator('picture source').getAttribute('srcset');
    expect(banner, 'the wide banner is the translated one').toMatch(prefix === '/fr' ? /top_banner_logo_fr_ca_/i : prefix === '/es' ? /top_banner_logo_es_/ : /top_banner_logo_[0-9a-f]+\./);
    await expect(page.getByRole('heading', { level: 2, name: want.events })).toBeVisible();
    await page.context().close();
  }
});

test('the CMS webhook refuses a wrong secret and an editor’s publish reaches the site within seconds', async ({ browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const wrong = await request.post('/ll/api/webhooks/strapi', { headers: { Authorization: 'Bearer not-the-secret' }, data: { event: 'entry.update', uid: 'api::about-page.about-page' } });
  expect(wrong.status()).toBe(401);
  expect((await wrong.json()).error).toBe('unauthorized');
  const none = await request.post('/ll/api/webhooks/strapi', { data: {} });
  expect(none.status()).toBe(401);
  const secret = fs.readFileSync('.data/revalidate.secret', 'utf8').trim();
  const right = await request.post('/ll/api/webhooks/strapi', { headers: { Authorization: `Bearer ${secret}` }, data: { event: 'entry.update', uid: 'api::faq.faq' } });
  expect(right.status()).toBe(200);
  expect(await right.json()).toEqual({ revalidated: ['cms:faqs'] });

  const page = await open(browser, baseURL, '/ll/about-us');
  const before = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const editor = await loginEditor();
  const uid = 'api::about-page.about-page';
  const original = await editor.readSingle(uid, 'en');
  const edited = `${before} (updated ${Date.now()})`;
  try {
    await editor.updateSingle(uid, 'en', { Title: edited, Description: original.Description });
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  } finally {
    await editor.updateSingle(uid, 'en', { Title: original.Title, Description: original.Description });
    await editor.dispose();
  }
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(before, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.context().close();
});
