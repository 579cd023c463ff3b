/**
 * Every permission redirect of spec §6, as a visitor meets it, in English and French: an event
 * the visitor may not see goes to the default promoter's results (/results/1), a refused
 * promoter, race, series or online registration to /error ('The page you are looking for was
 * not found'), each with the language prefix when not English; a real HTTP 307 sent before
 * any page renders (proxy.ts), keeping none of the request's query. Allowed pages stay.
 *
 * The test adds its own rows to the e2e database (a hidden event, a race of it, a club hidden
 * from visitors, a club of another organization, series, an event open to riders' online
 * registration, an event selling spectator tickets: `/spectator/{id}` asks whether tickets are on
 * sale, issue 28) and removes them afterwards; 999999 never exists. The CMS parameters of the
 * e2e product: DefaultPromoterUserId 1, DefaultPromoterList [1].
 */
import { expect, request, test } from './test';
import { withDb } from './db';
import { freshPage } from './fresh';

const MARK = 'E2E permissions:';
const USERS = { hiddenClub: 990_002, otherOrgClub: 990_003 };
const ids = { hiddenEvent: 0, hiddenRace: 0, publicEvent: 0, publicRace: 0, openEvent: 0, ticketEvent: 0, publicSeries: 0, hiddenSeries: 0, otherOrgSeries: 0 };

async function cleanUp() {
  await withDb(async (db) => {
    await db.query(`delete from series where name like $1`, [`${MARK}%`]);
    await db.query(`delete from events where name like $1`, [`${MARK}%`]);
    await db.query(`delete from promoters where user_id = any($1)`, [Object.values(USERS)]);
    await db.query(`delete from organizations where name like $1`, [`${MARK}%`]);
  });
}

test.beforeAll(async () => {
  await cleanUp();
  await withDb(async (db) => {
    const one = async (sql: string, params: unknown[]) => (await db.query<{ id: number }>(sql, params)).rows[0]!.id;
    const { rows } = await db.query<{ id: number; organization_id: number }>('select id, organization_id from promoters where user_id = 1');
    const federation = rows[0]!;
    const otherOrg = await one(`insert into organizations (name) values ($1) returning id`, [`${MARK} Ontario association`]);
    const hiddenClub = await one(`insert into promoters (user_id, organization_id, name, is_public) values ($1, $2, $3, false) returning id`, [USERS.hiddenClub, federation.organization_id, `${MARK} hidden club`]);
    const otherClub = await one(`insert into promoters (user_id, organization_id, name) values ($1, $2, $3) returning id`, [USERS.otherOrgClub, otherOrg, `${MARK} Ontario club`]);
    const event = (name: string, promoterId: number, extra = '', values: unknown[] = []) =>
      one(`insert into events (promoter_id, name, start_date${extra ? `, ${extra}` : ''}) values ($1, $2, current_date + 40${values.map((_, i) => `, $${i + 3}`).join('')}) returning id`, [promoterId, name, ...values]);
    ids.hiddenEvent = await event(`${MARK} hidden event`, federation.id, 'is_public', [false]);
    ids.publicEvent = await event(`${MARK} public event`, federation.id);
    await event(`${MARK} event of a hidden club`, hiddenClub);
    ids.openEvent = await event(`${MARK} registration open`, federation.id, 'registration_open', [true]);
    ids.ticketEvent = await event(`${MARK} tickets on sale`, federation.id, 'spectator_settings', [JSON.stringify({ enabled: true })]);
    const config = JSON.stringify({ classes: [], clases_team: [], columns: ['position', 'number', 'name'], team_columns: [], sections: [] });
    ids.hiddenRace = await one(`insert into races (event_id, name, config) values ($1, $2, $3) returning id`, [ids.hiddenEvent, `${MARK} race of a hidden event`, config]);
    ids.publicRace = await one(`insert into races (event_id, name, config) values ($1, $2, $3) returning id`, [ids.publicEvent, `${MARK} public race`, config]);
    const series = (promoterId: number, name: string, isPublic = true) =>
      one(`insert into series (promoter_id, name, start_date, end_date, is_public) values ($1, $2, current_date - 100, current_date + 100, $3) returning id`, [promoterId, name, isPublic]);
    ids.publicSeries = await series(federation.id, `${MARK} federation championship`);
    ids.hiddenSeries = await series(federation.id, `${MARK} hidden championship`, false);
    ids.otherOrgSeries = await series(otherClub, `${MARK} Ontario championship`);
  });
});
test.afterAll(cleanUp);

/**
 * The redirect each path gets, without following it, from a visitor without a language cookie
 * (a fresh request context: a cookie stored by an English page would send the French paths to
 * English first).
 */
async function redirectsOf(baseURL: string | undefined, paths: string[]): Promise<{ path: string; status: number; location: string | undefined }[]> {
  const context = await request.newContext({ baseURL });
  try {
    const out = [];
    for (const path of paths) {
      const res = await context.get(path, { maxRedirects: 0 });
      out.push({ path, status: res.status(), location: res.headers()['location'] });
    }
    return out;
  } finally {
    await context.dispose();
  }
}

const ERROR = {
  en: { path: '/ll/error', text: 'Custom error page: The page you are looking for was not found' },
  fr: { path: '/ll/fr/error', text: 'La page que vous cherchez est introuvable' },
};

test('event display: no id, an unknown, malformed or hidden event → the default promoter’s results', async ({ page, browser, baseURL }) => {
  for (const [prefix, target] of [['/ll', '/ll/results/1'], ['/ll/fr', '/ll/fr/results/1']] as const) {
    const paths = ['/events', '/events/999999', '/events/abc', `/events/${ids.hiddenEvent}`, `/eventScores/${ids.hiddenEvent}`, '/eventScores', `/organizations/events/${ids.hiddenEvent}`, '/organizations/1/events/999999'];
    for (const { path, status, location } of await redirectsOf(baseURL, paths.map((p) => `${prefix}${p}?tab=races`))) {
      expect(status, path).toBe(307);
      const url = new URL(location!, baseURL);
      expect(url.pathname + url.search, path).toBe(target);
    }
  }
  await page.goto('/ll/events');
  await expect(page).toHaveURL(/\/ll\/results\/1$/);
  const french = await freshPage(browser, baseURL);
  await french.goto('/ll/fr/events/999999');
  await expect(french).toHaveURL(/\/ll\/fr\/results\/1$/);
  await french.goto(`/ll/fr/events/${ids.hiddenEvent}`);
  await expect(french).toHaveURL(/\/ll\/fr\/results\/1$/);
  await french.context().close();
});

test('promoter, race, series and online registration refused → /error in the page’s language', async ({ page, browser, baseURL }) => {
  const refused = [
    '/promoters/999999',
    `/promoters/${USERS.hiddenClub}`,
    `/promoters/${USERS.otherOrgClub}`,
    '/promoters/events/999999',
    '/results/999999',
    `/results/${USERS.hiddenClub}`,
    '/races/999999',
    `/races/${ids.hiddenRace}`,
    `/races?id_test=${ids.hiddenRace}`,
    '/scores/999999',
    '/races/print/999999',
    '/scores/print/999999',
    '/scores/printc/999999',
    '/scores/printoa/999999',
    '/series/999999',
    `/series/${ids.hiddenSeries}`,
    `/series/${ids.otherOrgSeries}`,
    '/series/abc',
    '/spectator/999999',
    `/spectator/${ids.publicEvent}`,
    `/spectator/${ids.hiddenEvent}`,
    // Riders may register online, but no tickets are sold.
    `/spectator/${ids.openEvent}`,
  ];
  for (const [prefix, locale] of [['/ll', 'en'], ['/ll/fr', 'fr']] as const) {
    for (const { path, status, location } of await redirectsOf(baseURL, refused.map((p) => `${prefix}${p}`))) {
      expect(status, path).toBe(307);
      const url = new URL(location!, baseURL);
      expect(url.pathname, path).toBe(ERROR[locale].path);
      expect(url.searchParams.get('id_test'), 'the request’s query is not kept').toBeNull();
    }
  }
  await page.goto('/ll/races/999999');
  await expect(page).toHaveURL(/\/ll\/error(\?|$)/);
  await expect(page.getByText(ERROR.en.text)).toBeVisible();
  await page.goto('/ll/promoters/999999');
  await expect(page).toHaveURL(/\/ll\/error(\?|$)/);
  await page.goto('/ll/spectator/999999');
  await expect(page).toHaveURL(/\/ll\/error(\?|$)/);
  const french = await freshPage(browser, baseURL);
  await french.goto('/ll/fr/series/999999');
  await expect(french).toHaveURL(/\/ll\/fr\/error(\?|$)/);
  await expect(french.getByText(ERROR.fr.text)).toBeVisible();
  await french.context().close();
});

test('allowed pages stay where they are', async ({ page, baseURL }) => {
  const allowed = [
    `/events/${ids.publicEvent}`,
    `/eventScores/${ids.publicEvent}`,
    `/races/${ids.publicRace}`,
    `/races?id_test=${ids.publicRace}`,
    `/scores/${ids.publicRace}`,
    '/results/1',
    '/promoters',
    '/promoters/1',
    '/races',
    '/series/oldPage',
    `/series/${ids.publicSeries}`,
    `/spectator/${ids.ticketEvent}`,
    '/spectator',
  ];
  for (const prefix of ['/ll', '/ll/fr']) {
    for (const { path, status, location } of await redirectsOf(baseURL, allowed.map((p) => `${prefix}${p}`))) {
      expect(status, `${path} → ${location}`).not.toBe(307);
    }
  }
  await page.goto(`/ll/events/${ids.publicEvent}`);
  await expect(page).toHaveURL(new RegExp(`/ll/events/${ids.publicEvent}$`));
  // One context per language (no language chosen in either).
  const french = await page.context().browser()!.newPage({ baseURL });
  await french.goto(`/ll/fr/races/${ids.publicRace}`);
  await expect(french).toHaveURL(new RegExp(`/ll/fr/races/${ids.publicRace}$`));
  await french.context().close();
});

test('an event hidden after a visit is refused at once (no stale answer)', async ({ page, baseURL }) => {
  const paths = [`/ll/events/${ids.publicEvent}`, `/ll/races/${ids.publicRace}`];
  expect((await redirectsOf(baseURL, paths)).map((r) => r.status)).toEqual([200, 200]);
  await withDb((db) => db.query('update events set is_public = false where id = $1', [ids.publicEvent]));
  try {
    expect((await redirectsOf(baseURL, paths)).map((r) => r.status)).toEqual([307, 307]);
    const api = await page.request.get(`/ll/api/v1/users/current/hasPermissionDisplayEvent/${ids.publicEvent}/1`);
    expect(await api.json()).toBe(0);
  } finally {
    await withDb((db) => db.query('update events set is_public = true where id = $1', [ids.publicEvent]));
  }
  expect(await (await page.request.get(`/ll/api/v1/users/current/hasPermissionDisplayEvent/${ids.publicEvent}/1`)).json()).toBe(1);
});
