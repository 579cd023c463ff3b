/** iCalendar output (RFC 5545), parsed back with ical.js: all-day dates, UID, URL, LOCATION, names per language. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../config';
import type { CalendarEntry } from '../../contracts/calendar';
import { eventLocation, eventUid, icsFileName, pageUrl, toICalendar, type IcsTexts } from './ical';
import { icsTexts } from './ics-texts';

const ORIGIN = 'https://fmqr.example';

const entry = (over: Partial<CalendarEntry> = {}): CalendarEntry => ({
  id: 2,
  name: 'Pine Hill Enduro',
  startDate: '2026-04-12',
  endDate: null,
  location: 'Pine Hill',
  address: '1200 Chemin du Lac',
  city: 'Sutton',
  state: 'QC',
  postalCode: 'J0E 2K0',
  country: 'Canada',
  discipline: 'enduro',
  description: 'Two loops, 40 km each.',
  promoter: { userId: 1, name: 'Pine Hill Riders' },
  registrationStatus: 'done',
  cancelled: false,
  modifiedAt: '2026-01-05T14:30:00.000Z',
  ...over,
});

const plainTexts: IcsTexts = { discipline: (d) => d, status: (s) => `Registration: ${s}`, promoter: (n) => `Promoter: ${n}` };

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => ({ raw: v, event: new ICAL.Event(v) }));
  return { calendar, events };
}

describe('toICalendar', () => {
  const text = toICalendar([entry(), entry({ id: 7, name: 'Sand Lake Motocross', startDate: '2026-06-06', endDate: '2026-06-07', address: null, postalCode: null })], {
    name: 'Event calendar',
    origin: ORIGIN,
    locale: 'en',
    texts: plainTexts,
    pagePath: '/event-calendar',
    feed: true,
  });
  const { calendar, events } = parse(text);

  it('is a VCALENDAR with PRODID, a name, a refresh interval and CRLF lines', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('fmqr.example');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Event calendar');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H');
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it('writes all-day events: DTSTART the first day, DTEND the day after the last', () => {
    expect(events).toHaveLength(2);
    const [one, two] = events.map((e) => e.event);
    expect(one.startDate.isDate).toBe(true);
    expect(one.startDate.toString()).toBe('2026-04-12');
    expect(one.endDate.toString()).toBe('2026-04-13');
    expect(two.startDate.toString()).toBe('2026-06-06');
    expect(two.endDate.toString()).toBe('2026-06-08');
    expect(text).toContain('DTSTART;VALUE=DATE:20260412');
    expect(text).toContain('DTEND;VALUE=DATE:20260413');
  });

  it('gives stable UIDs, the summary, the place with its address, the description and the page address', () => {
    const { event, raw } = events[0];
    expect(event.uid).toBe('event-2@fmqr.example');
    expect(event.summary).toBe('Pine Hill Enduro');
    expect(event.location).toBe('Pine Hill, 1200 Chemin du Lac, Sutton, QC J0E 2K0, Canada');
    expect(event.description).toBe('enduro · Promoter: Pine Hill Riders\nRegistration: done\nTwo loops, 40 km each.\nhttps://fmqr.example/ll/events/2');
    expect(raw.getFirstPropertyValue('url')).toBe('https://fmqr.example/ll/events/2');
    expect(events[1].event.location).toBe('Pine Hill, Sutton, QC, Canada');
  });

  it('stamps each event with when it was last revised (the same text for the same event)', () => {
    const { raw } = events[0];
    expect(String(raw.getFirstPropertyValue('dtstamp'))).toBe('2026-01-05T14:30:00Z');
    expect(String(raw.getFirstPropertyValue('last-modified'))).toBe('2026-01-05T14:30:00Z');
    const again = toICalendar([entry(), entry({ id: 7, name: 'Sand Lake Motocross', startDate: '2026-06-06', endDate: '2026-06-07', address: null, postalCode: null })], {
      name: 'Event calendar',
      origin: ORIGIN,
      locale: 'en',
      texts: plainTexts,
      pagePath: '/event-calendar',
      feed: true,
    });
    expect(again).toBe(text);
  });

  it('keeps the UID in every language and prefixes the page address when not English', () => {
    for (const locale of ['fr', 'es'] as Locale[]) {
      const { events: [e] } = parse(toICalendar([entry()], { name: 'x', origin: ORIGIN, locale, texts: plainTexts }));
      expect(e.event.uid).toBe('event-2@fmqr.example');
      expect(e.raw.getFirstPropertyValue('url')).toBe(`https://fmqr.example/ll/${locale}/events/2`);
    }
  });

  it('escapes commas, semicolons and new lines in texts', () => {
    const { events: [e] } = parse(toICalendar([entry({ name: 'Race; day, one', description: 'Line 1\nLine 2' })], { name: 'x', origin: ORIGIN, locale: 'en', texts: plainTexts }));
    expect(e.event.summary).toBe('Race; day, one');
    expect(e.event.description).toContain('Line 1\nLine 2');
  });
});

describe('the texts of each language', () => {
  it('names the calendars and translates statuses and disciplines', async () => {
    const en = await icsTexts('en');
    const fr = await icsTexts('fr');
    const es = await icsTexts('es');
    expect(en.siteName('fmqr.ca')).toBe('Event calendar (fmqr.ca)');
    expect(fr.siteName('fmqr.ca')).toBe('Calendrier des événements (fmqr.ca)');
    expect(es.siteName('fmqr.ca')).toBe('Calendario de eventos (fmqr.ca)');
    expect(en.ownerName('Pine Hill Riders')).toBe('Events of Pine Hill Riders');
    expect(fr.ownerName('Pine Hill Riders')).toBe('Événements de Pine Hill Riders');
    expect(fr.ownerName('Enduro Club')).toBe('Événements d’Enduro Club');
    expect(fr.status('open')).toBe('Inscriptions ouvertes');
    expect(es.discipline('quad')).toBe('Cuatrimoto');
    expect(en.discipline('ice racing')).toBe('ice racing');
  });

  it('writes the calendar name in the requested language', async () => {
    for (const [locale, name] of [
      ['en', 'Events of Pine Hill Riders'],
      ['fr', 'Événements de Pine Hill Riders'],
      ['es', 'Eventos de Pine Hill Riders'],
    ] as const) {
      const texts = await icsTexts(locale);
      const { calendar } = parse(toICalendar([entry()], { name: texts.ownerName('Pine Hill Riders'), origin: ORIGIN, locale, texts }));
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(name);
    }
  });
});

describe('helpers', () => {
  it('builds page addresses, UIDs, places and file names', () => {
    expect(pageUrl(ORIGIN, 'en', '/events/5')).toBe('https://fmqr.example/ll/events/5');
    expect(pageUrl(ORIGIN, 'fr', '/events/5')).toBe('https://fmqr.example/ll/fr/events/5');
    expect(eventUid(5, 'http://localhost:3000')).toBe('event-5@localhost');
    expect(eventLocation(entry({ location: null, address: null, city: null, state: null, postalCode: null, country: null }))).toBe('');
    expect(icsFileName('Monster Energy Supercross from Las Vegas, NV', 4)).toBe('monster-energy-supercross-from-las-vegas-nv.ics');
    expect(icsFileName('Épreuve de Saint-Éloi', 9)).toBe('epreuve-de-saint-eloi.ics');
    expect(icsFileName('!!!', 9)).toBe('event-9.ics');
  });
});

describe('a cancelled event (issue 24)', () => {
  it('stays in the feed, marked STATUS:CANCELLED', () => {
    const text = toICalendar([entry({ cancelled: true }), entry({ id: 8 })], { name: 'Event calendar', origin: ORIGIN, locale: 'en', texts: plainTexts, pagePath: '/event-calendar', feed: true });
    const blocks = text.split('BEGIN:VEVENT').slice(1);
    expect(blocks).toHaveLength(2);
    expect(blocks.filter((b) => b.includes('STATUS:CANCELLED'))).toHaveLength(1);
  });
});

