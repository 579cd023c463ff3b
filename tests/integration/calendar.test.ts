/**
 * The iCalendar routes (/ll/api/v1/calendar, spec §2: .ics download per event, feeds for the
 * site, a promoter and an organization) and the calendar's query, against a real PostgreSQL
 * database seeded with the real files (and whatever sample events the seed adds: no test
 * depends on how many there are).
 */
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarToday, icsPaths } from '../../lib/contracts/calendar';
import { defaultRange } from '../../lib/server/calendar/views';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let db: Awaited<ReturnType<typeof import('../../lib/server/db')['getDb']>>;
let schema: typeof import('../../lib/server/db/schema');
let origin: string;

beforeAll(async () => {
  database = await useTestDatabase();
  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
  db = (await import('../../lib/server/db')).getDb();
  schema = await import('../../lib/server/db/schema');
  origin = (await import('../../lib/server/config/env')).siteOrigin();
});
afterAll(() => database?.drop());

const get = (path: string) => api.request(`/api/v1${path}`);

async function eventId(name: string): Promise<number> {
  const [row] = await db.select({ id: schema.events.id }).from(schema.events).where(eq(schema.events.name, name));
  if (!row) throw new Error(`no event ${name}`);
  return row.id;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => ({ raw: v, event: new ICAL.Event(v) }));
  return { calendar, events };
}

describe('one event’s .ics', () => {
  it('downloads the event as an all-day VEVENT with its page’s address', async () => {
    const id = await eventId('Pine Hill Enduro');
    const res = await get(icsPaths.event(id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="pine-hill-enduro.ics"');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    const { events } = parse(text);
    expect(events).toHaveLength(1);
    const [{ event, raw }] = events;
    expect(event.summary).toBe('Pine Hill Enduro');
    expect(event.uid).toBe(`event-${id}@${new URL(origin).hostname}`);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-04-12');
    expect(event.endDate.toString()).toBe('2026-04-13');
    expect(raw.getFirstPropertyValue('url')).toBe(`${origin}/ll/events/${id}`);
  });

  it('writes the page address in the requested language', async () => {
    const id = await eventId('Brands Hatch Test Race (Orbits)');
    const { events } = parse(await (await get(`${icsPaths.event(id)}?lang=fr`)).text());
    expect(events[0].raw.getFirstPropertyValue('url')).toBe(`${origin}/ll/fr/events/${id}`);
    expect(events[0].event.startDate.toString()).toBe('2026-11-14');
  });

  it('writes the address the visitor reached the site at (Host), the same the webcal: links use', async () => {
    const id = await eventId('Brands Hatch Test Race (Orbits)');
    const res = await api.request(`/api/v1${icsPaths.event(id)}`, { headers: { host: 'results.example.org:8080' } });
    const { events } = parse(await res.text());
    expect(events[0].raw.getFirstPropertyValue('url')).toBe(`http://results.example.org:8080/ll/events/${id}`);
    // A header that is not a plain host is not written into the file.
    const odd = await api.request(`/api/v1${icsPaths.event(id)}`, { headers: { host: 'evil.example/"><x' } });
    expect(parse(await odd.text()).events[0].raw.getFirstPropertyValue('url')).toBe(`${origin}/ll/events/${id}`);
  });

  it('answers 400 for a malformed id or language and 404 for an unknown one', async () => {
    const bad = await get('/calendar/events/abc/event.ics');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_id', message: 'The provided event id is invalid', statusCode: 400 });
    expect((await get('/calendar/events/0/event.ics')).status).toBe(400);
    const lang = await get(`${icsPaths.event(await eventId('Pine Hill Enduro'))}?lang=de`);
    expect(lang.status).toBe(400);
    expect((await lang.json()).error).toBe('invalid_lang');
    const unknown = await get(icsPaths.event(2_000_000_000));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'Event not found', statusCode: 404 });
  });
});

describe('feeds', () => {
  it('serves the whole site’s public events from two years back, named in the requested language', async () => {
    for (const [lang, name] of [
      ['en', 'Event calendar'],
      ['fr', 'Calendrier des événements'],
      ['es', 'Calendario de eventos'],
    ] as const) {
      const res = await get(`${icsPaths.feed()}?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      const { calendar, events } = parse(await res.text());
      expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toContain(name);
      const twoYearsBack = defaultRange(calendarToday()).start;
      // DTEND is the day after the last day: every event runs on or after the start of the feed.
      for (const e of events) expect(e.event.endDate.toString() > twoYearsBack).toBe(true);
      expect(events.map((e) => e.event.summary)).not.toContain('Sebring Winter Test');
      if ('2026-11-14' >= twoYearsBack) expect(events.map((e) => e.event.summary)).toContain('Brands Hatch Test Race (Orbits)');
      expect(new Set(events.map((e) => e.event.uid)).size).toBe(events.length);
    }
  });

  it('serves one promoter’s and one organization’s feed, 404 for unknown ones, 400 for malformed ids', async () => {
    const [promoter] = await db.select().from(schema.promoters).where(eq(schema.promoters.userId, 1));
    const promoterFeed = await get(`${icsPaths.feed({ promoterUserId: 1 })}?lang=fr`);
    expect(promoterFeed.status).toBe(200);
    expect(parse(await promoterFeed.text()).calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Événements d/);
    if (promoter.organizationId) {
      const orgFeed = await get(icsPaths.feed({ organizationId: promoter.organizationId }));
      expect(orgFeed.status).toBe(200);
      expect(String(parse(await orgFeed.text()).calendar.getFirstPropertyValue('x-wr-calname'))).toMatch(/^Events of /);
    }
    expect((await get(icsPaths.feed({ promoterUserId: 999_999 }))).status).toBe(404);
    expect(await (await get(icsPaths.feed({ organizationId: 999_999 }))).json()).toEqual({ error: 'not_found', message: 'Organization not found', statusCode: 404 });
    for (const path of ['/calendar/promoters/abc/feed.ics', '/calendar/organizations/1.5/feed.ics', '/calendar/promoters/01/feed.ics']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).error).toBe('invalid_id');
    }
  });
});

describe('hidden events and promoters', () => {
  it('answer 404 and leave the feeds and the calendar', async () => {
    const id = await eventId('Pine Hill Enduro');
    await db.update(schema.events).set({ isPublic: false }).where(eq(schema.events.id, id));
    try {
      const res = await get(icsPaths.event(id));
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('not_found');
      const { listCalendarEvents } = await import('../../lib/server/calendar');
      const all = await listCalendarEvents({ range: { start: '2000-01-01', end: '2030-12-31' }, today: calendarToday() });
      expect(all.map((e) => e.id)).not.toContain(id);
      const { events } = parse(await (await get('/calendar/feed.ics')).text());
      expect(events.map((e) => e.event.uid)).not.toContain(`event-${id}@${new URL(origin).hostname}`);
    } finally {
      await db.update(schema.events).set({ isPublic: true }).where(eq(schema.events.id, id));
    }
  });

  it('hides every event of a hidden promoter', async () => {
    const id = await eventId('Brands Hatch Test Race (Orbits)');
    await db.update(schema.promoters).set({ isPublic: false }).where(eq(schema.promoters.userId, 1));
    try {
      expect((await get(icsPaths.event(id))).status).toBe(404);
      expect((await get(icsPaths.feed({ promoterUserId: 1 }))).status).toBe(404);
    } finally {
      await db.update(schema.promoters).set({ isPublic: true }).where(eq(schema.promoters.userId, 1));
    }
  });
});

describe('the calendar’s query', () => {
  it('lists events over a range with their registration status, and counts those outside', async () => {
    const { getCalendarBounds, listCalendarEvents } = await import('../../lib/server/calendar');
    const today = calendarToday();
    const range = { start: '2026-01-01', end: '2026-12-31' };
    const events = await listCalendarEvents({ range, today, scope: { promoterUserId: 1 } });
    const names = events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Pine Hill Enduro', 'Brands Hatch Test Race (Orbits)']));
    expect(names).not.toContain('Sebring Winter Test');
    expect(events.map((e) => e.startDate)).toEqual([...events.map((e) => e.startDate)].sort());
    for (const e of events) expect(['open', 'closed', 'done']).toContain(e.registrationStatus);
    const pine = events.find((e) => e.name === 'Pine Hill Enduro')!;
    expect(pine.registrationStatus).toBe('done');
    expect(pine.promoter.userId).toBe(1);

    const bounds = await getCalendarBounds({ range, period: { start: '2026-05-01', end: '2026-05-31' }, window: { start: '1971-01-01', end: '2036-12-31' }, scope: { promoterUserId: 1 } });
    expect(bounds.before).toBeGreaterThanOrEqual(2); // Sebring 2009, Las Vegas 2017
    expect(bounds.latestBefore! < '2026-01-01').toBe(true);
    expect(bounds.inRange).toBe(events.length);
    expect(bounds.previousEvent! <= '2026-04-30').toBe(true);
    expect(bounds.nextEvent! >= '2026-06-01').toBe(true);

    expect(await listCalendarEvents({ range, today, scope: { promoterUserId: 999_999 } })).toEqual([]);
  });

  it('answers getEventsForCalendar from the same query', async () => {
    const res = await api.request('/api/v1/livelaps/event/getEventsForCalendar', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ date: '2026-01-01', promoterId: 1 }),
    });
    expect(res.status).toBe(200);
    const { message } = await res.json();
    const events = message.flatMap((y: { months: { weeks: { events: { name: string; registrationStatus: string }[] }[] }[] }) =>
      y.months.flatMap((m) => m.weeks.flatMap((w) => w.events)),
    );
    expect(events.map((e: { name: string }) => e.name)).toEqual(expect.arrayContaining(['Pine Hill Enduro', 'Brands Hatch Test Race (Orbits)']));
    expect(events.find((e: { name: string }) => e.name === 'Pine Hill Enduro').registrationStatus).toBe('done');
  });
});
