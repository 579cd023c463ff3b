/**
 * The language walk (issue 25 "A test walks every page in three languages and fails on a raw
 * message key or an English data text where a translation exists"). No browser: the server
 * renders every public page (plain HTML, issue 23), so the walk asks for each page with the
 * `request` fixture in English, French and Spanish and reads its text:
 *  - a raw message key (`directory.promoter.metaEventsOf`: a dotted path of messages/en.json, or
 *    next-intl's missing-message output) fails in every language;
 *  - on a French or Spanish page, an English data text that has a translation (names and
 *    descriptions of organizations, clubs, classes, membership types and events whose `names` /
 *    `descriptions` hold the language, read from the e2e database; the federation's English name)
 *    fails.
 * Ids come from the e2e database (the seed's data): an event with races, a race, a series, the
 * organizations, the clubs. One failure lists every page and text found, so one run shows all.
 */
import fs from 'node:fs';
import { Client } from 'pg';
import { e2eDatabaseUrl } from './db';
import { expect, test, type APIRequestContext } from './test';

const LANGS = [
  { prefix: '', lang: 'en' },
  { prefix: '/fr', lang: 'fr' },
  { prefix: '/es', lang: 'es' },
] as const;

type Tree = { [key: string]: string | Tree };

/** Every key path of messages/en.json (`directory.promoter.eventsOf`) and every namespace prefix of two segments or more. */
function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const path = prefix + k;
    return typeof v === 'string' ? [path] : [path, ...keyPaths(v, `${path}.`)];
  });
}
const KEYS = new Set(keyPaths(JSON.parse(fs.readFileSync('messages/en.json', 'utf8')) as Tree).filter((k) => k.includes('.')));

/** The visible text of a page: no scripts, styles or tags; entities decoded; spaces collapsed. */
function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<template[\s\S]*?<\/template>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}

/** The attributes a visitor meets as text: the title, alt texts, labels, meta descriptions. */
function attributeTexts(html: string): string {
  return [...html.matchAll(/\s(?:alt|aria-label|title|placeholder|content)="([^"]*)"/g)].map((m) => m[1]).join(' \u0001 ');
}

/** Raw keys in `text`: dotted words that are a key path of en.json, and next-intl's missing-message marks. */
function rawKeys(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b[a-zA-Z][\w-]*(?:\.[a-zA-Z][\w-]*){1,6}\b/g)) if (KEYS.has(m[0])) found.add(m[0]);
  for (const m of text.matchAll(/MISSING_MESSAGE[^<]{0,80}|Could not resolve `[^`]{1,80}`/g)) found.add(m[0]);
  return [...found];
}

interface Fixture {
  eventIds: number[];
  raceIds: number[];
  seriesIds: number[];
  organizationIds: number[];
  promoterUserIds: number[];
  /** A rider of each walked race (the public rider page, issue 25). */
  riderIds: number[];
  /** A membership type, a class of an organization and a membership valid today (the public membership pages, issue 26). */
  membershipPages: string[];
  /** English data texts with their translations, per language: what a page in that language must not show. */
  english: Record<'fr' | 'es', string[]>;
}

async function loadFixture(): Promise<Fixture> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const ids = async (sql: string) => (await db.query<{ id: number }>(sql)).rows.map((r) => Number(r.id));
    const eventIds = await ids(`select e.id from events e join promoters p on p.id = e.promoter_id
      where e.is_public and p.is_public and exists (select 1 from races r where r.event_id = e.id) order by e.start_date desc, e.id limit 3`);
    const upcoming = await ids(`select e.id from events e where e.is_public and e.start_date >= current_date order by e.start_date, e.id limit 2`);
    const raceIds = await ids(`select min(r.id) as id from races r where r.event_id = any(array[${eventIds.join(',') || 0}]::int[]) group by r.event_id`);
    const seriesIds = await ids(`select id from series where is_public order by start_date desc, id limit 2`);
    const organizationIds = await ids(`select id from organizations where is_public order by id`);
    const promoterUserIds = await ids(`select user_id as id from promoters where is_public order by user_id limit 4`);
    const riderIds = await ids(`select min(participant_id) as id from entries where race_id = any(array[${raceIds.join(',') || 0}]::int[]) group by race_id`);
    const [typeId] = await ids(`select t.id from membership_types t join organizations o on o.id = t.organization_id where o.is_public order by t.id limit 1`);
    const [classId] = await ids(`select c.id from classes c join organizations o on o.id = c.organization_id where o.is_public order by c.id limit 1`);
    const [memberId] = await ids(`select m.id from memberships m join organizations o on o.id = m.organization_id where o.is_public and current_date between m.valid_from and m.valid_until order by m.id limit 1`);
    const membershipPages = ['/membership/type', '/membership/classes', '/membership/members', `/membership/type/${typeId}`, `/membership/classes/${classId}`, `/membership/members/${memberId}`];
    const english: Fixture['english'] = { fr: [], es: [] };
    // Every (English, translations) pair the database holds, for the tables the pages show.
    const pairs = await db.query<{ en: string; tr: { fr?: string; es?: string } }>(`
      select name as en, names as tr from organizations where is_public
      union all select description, descriptions from organizations where is_public and description is not null
      union all select name, names from promoters where is_public
      union all select description, descriptions from promoters where is_public and description is not null
      union all select description, descriptions from classes where description is not null
      union all select name, names from membership_types
      union all select description, descriptions from membership_types where description is not null
      union all select description, descriptions from events where is_public and description is not null`);
    for (const { en: text, tr } of pairs.rows) {
      for (const lang of ['fr', 'es'] as const) {
        const translated = tr?.[lang]?.trim();
        // A text equal to its translation (a proper name) is no English left behind.
        if (translated && translated !== text.trim()) english[lang].push(...paragraphsOf(text));
      }
    }
    return { eventIds: [...new Set([...eventIds, ...upcoming])], raceIds, seriesIds, organizationIds, promoterUserIds, riderIds, membershipPages, english };
  } finally {
    await db.end();
  }
}

/** A text as pages show it: each paragraph (blank-line separated) on its own, spaces collapsed. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length >= 12);
}

const ORGANIZATION_SECTIONS = ['about-us', 'calendar', 'classes', 'contact', 'events', 'members', 'membership-type', 'series'];

/** The public pages to walk (paths without language prefix). */
function pagesOf(fx: Fixture): string[] {
  return [
    '/',
    '/event-calendar',
    '/results',
    '/results/1',
    '/series',
    '/organizations',
    '/promoters',
    '/promoters/events',
    '/news',
    '/faqs',
    '/documents',
    '/rules',
    '/sponsors',
    '/about-us',
    '/contact-us',
    '/liveonlivelaps',
    '/races/printScores',
    '/scores/printScores',
    ...fx.eventIds.flatMap((id) => [`/events/${id}`, ...['races', 'registration', 'results', 'series'].map((tab) => `/events/${id}?tab=${tab}`)]),
    ...fx.raceIds.flatMap((id) => [`/races/${id}`, `/races/${id}?view=overall`, `/races/print/${id}`, `/scores/printc/${id}`]),
    ...fx.seriesIds.map((id) => `/series/${id}`),
    ...fx.riderIds.map((id) => `/riders/${id}`),
    ...fx.membershipPages,
    ...fx.organizationIds.flatMap((id) => ORGANIZATION_SECTIONS.map((s) => `/organizations/${id}/${s}`)),
    ...fx.promoterUserIds.flatMap((id) => [`/promoters/${id}`, `/promoters/${id}?tab=events`, `/promoters/${id}?tab=championship`, `/promoters/events/${id}`]),
  ];
}

async function fetchPage(request: APIRequestContext, url: string): Promise<{ status: number; html: string }> {
  const response = await request.get(url, { maxRedirects: 0 });
  return { status: response.status(), html: response.status() === 200 ? await response.text() : '' };
}

test('every public page in English, French and Spanish: no raw message key, no English data text where a translation exists', async ({ playwright, baseURL }) => {
  test.setTimeout(300_000);
  const fx = await loadFixture();
  expect(fx.eventIds.length, 'the seed has events with races').toBeGreaterThan(0);
  expect(fx.english.fr.length, 'the seed has French data').toBeGreaterThan(0);
  expect(fx.english.es.length, 'the seed has Spanish data').toBeGreaterThan(0);
  const pages = pagesOf(fx);
  const problems: string[] = [];
  let walked = 0;
  for (const { prefix, lang } of LANGS) {
    // One cookie jar per language: what one language's pages set never redirects another's.
    const request = await playwright.request.newContext({ baseURL });
    for (const path of pages) {
      const url = `/ll${prefix}${path === '/' ? '' : path}`;
      const { status, html } = await fetchPage(request, url);
      if (status !== 200) {
        // A page the seed does not give (a section 404) is not this walk's business; a server
        // error is, and so is a French or Spanish address sent to another language.
        if (status >= 500) problems.push(`${url}: HTTP ${status}`);
        if (status >= 300 && status < 400 && prefix) problems.push(`${url}: redirected (HTTP ${status})`);
        continue;
      }
      walked++;
      const text = `${pageText(html)} \u0001 ${attributeTexts(html)}`;
      for (const key of rawKeys(text)) problems.push(`${url}: raw message key “${key}”`);
      if (lang !== 'en') {
        for (const english of new Set(fx.english[lang])) if (text.includes(english)) problems.push(`${url}: English text “${english.slice(0, 90)}”`);
      }
    }
    await request.dispose();
  }
  expect(walked, 'pages answered').toBeGreaterThan(pages.length);
  expect(problems).toEqual([]);
});
