import { describe, expect, it } from 'vitest';
import * as contract from '../../lib/contracts/calendar';
import { buildCalendar, calendarStart, firstWeekendOf, weekStartOf } from '../../lib/server/calendar/build';

const today = new Date(2026, 10, 21); // 21 Nov 2026
const ev = (id: number, startDate: string, name = `Event ${id}`) => ({ id, name, startDate });

describe('calendar build (spec §4)', () => {
  it('starts 2 years back from today', () => {
    expect(calendarStart(today)).toBe('2024-11-21');
    const years = buildCalendar([ev(1, '2024-11-20'), ev(2, '2024-11-23')], { today, locale: 'en' });
    const all = years.flatMap((y) => y.months.flatMap((m) => m.weeks.flatMap((w) => w.events.map((e) => e.id))));
    expect(all).toEqual([2]);
  });

  it('runs weeks from the first week-end of the year in 7-day steps', () => {
    expect(firstWeekendOf(2026).getDate()).toBe(3); // Sat 3 Jan 2026
    expect(firstWeekendOf(2028).getDate()).toBe(1); // 1 Jan 2028 is a Saturday
    const years = buildCalendar([ev(1, '2026-01-03')], { today, locale: 'en' });
    const january = years.find((y) => y.year === 2026)!.months[0];
    expect(january.weeks.map((w) => w.start)).toEqual(['2026-01-03', '2026-01-10', '2026-01-17', '2026-01-24', '2026-01-31']);
    expect(january.weeks.every((w) => w.end > w.start)).toBe(true);
  });

  it('puts an event into the week containing its start, days before the first week-end into last year’s last week', () => {
    expect(weekStartOf(new Date(2026, 3, 12)).getDate()).toBe(11); // Sun 12 Apr → week of Sat 11 Apr
    expect(weekStartOf(new Date(2026, 0, 1))).toEqual(new Date(2025, 11, 27));
    const years = buildCalendar([ev(7, '2026-04-12', 'Pine Hill Enduro')], { today, locale: 'en' });
    const april = years.find((y) => y.year === 2026)!.months[3];
    const week = april.weeks.find((w) => w.events.length)!;
    expect(week.start).toBe('2026-04-11');
    expect(week.events[0]).toMatchObject({ id: 7, name: 'Pine Hill Enduro', title: 'Sun 12' });
  });

  it('marks months without events not visible and numbers rows in sequence with alternate bands', () => {
    const years = buildCalendar([ev(1, '2026-04-12'), ev(2, '2026-06-06')], { today, locale: 'en' });
    const y2026 = years.find((y) => y.year === 2026)!;
    expect(y2026.months.filter((m) => m.visible).map((m) => m.month)).toEqual([4, 6]);
    expect(y2026.months[0].weeks).toEqual([]);
    const rows = y2026.months.flatMap((m) => m.weeks);
    expect(rows.map((w) => w.row)).toEqual(rows.map((_, i) => rows[0].row + i));
    for (const w of rows) expect(w.bandReverse).toBe(w.row % 2 === 0);
  });

  it('flags a week that runs on into the next month', () => {
    const years = buildCalendar([ev(1, '2026-05-30')], { today, locale: 'en' });
    const may = years.find((y) => y.year === 2026)!.months[4];
    const last = may.weeks.at(-1)!;
    expect(last.start).toBe('2026-05-30');
    expect(last.cont).toBe(true);
    expect(may.weeks[0].cont).toBe(false);
  });

  it('names months and weekdays in the visitor’s language', () => {
    const [fr] = buildCalendar([ev(1, '2026-04-12')], { today, locale: 'fr-CA' });
    expect(fr.months[3].name).toBe('avril');
    expect(fr.months[3].weeks.find((w) => w.events.length)!.events[0].title).toBe('dim. 12');
    const [es] = buildCalendar([ev(1, '2026-04-12')], { today, locale: 'es' });
    expect(es.months[3].name).toBe('abril');
  });

  it('answers an empty calendar when there are no events', () => {
    expect(buildCalendar([], { today, locale: 'en' })).toEqual([]);
  });
});

describe('calendar contract (lib/contracts/calendar.ts, spec §7 getEventsForCalendar)', () => {
  const parse = (body: unknown) => contract.calendarRequest.safeParse(body);
  const message = (body: unknown) => {
    const r = parse(body);
    return r.success ? null : r.error.issues[0].message;
  };

  it('is the one start rule: the build uses the contract’s calendarStart', () => {
    expect(calendarStart).toBe(contract.calendarStart);
    expect(contract.calendarFrom(undefined, today)).toBe('2024-11-21');
    expect(contract.calendarFrom('2026-01-01', today)).toBe('2026-01-01');
  });

  it('defaults the type to event and accepts the spec’s fields', () => {
    expect(parse({})).toEqual({ success: true, data: { type: 'event' } });
    expect(parse({ date: '2026-01-01', type: 'regis', promoterId: 1, locale: 'fr' }).success).toBe(true);
  });

  it('refuses bad fields with the spec’s texts', () => {
    expect(message({ date: '2026-02-30' })).toBe('The provided date is invalid');
    expect(message({ date: '26-1-1' })).toBe('The provided date is invalid');
    expect(message({ date: '1970-12-31' })).toMatch(/out of range/);
    expect(message({ type: 'party' })).toBe('The provided type is invalid');
    for (const promoterId of ['one', 0, -1, 1.5, 2_147_483_648]) expect(message({ promoterId })).toBe('The provided promoter id is invalid');
    expect(message({ locale: 'de' })).toBe('The provided locale is invalid');
  });

  it('describes the reply the build gives', () => {
    const years = buildCalendar([ev(1, '2026-04-12'), { ...ev(2, '2026-06-06'), location: 'Pine Hill' }], { today, locale: 'en' });
    expect(contract.calendarYear.array().parse(years)).toEqual(years);
  });
});

describe('calendar view contracts (lib/contracts/calendar.ts, spec §2 Event calendar views)', () => {
  it('names the four views, month first by default', () => {
    expect(contract.CALENDAR_VIEWS).toEqual(['day', '4day', 'week', 'month']);
    expect(contract.DEFAULT_CALENDAR_VIEW).toBe('month');
  });

  it('reads only real YYYY-MM-DD dates', () => {
    expect(contract.parseIsoDate('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2026-02-29', '2026-2-1', '20260201', '', undefined, 42, ['2026-01-01']]) expect(contract.parseIsoDate(bad)).toBeNull();
  });

  it('takes an event’s last day from its end date, or its start', () => {
    expect(contract.lastDayOf({ startDate: '2026-06-06', endDate: '2026-06-07' })).toBe('2026-06-07');
    expect(contract.lastDayOf({ startDate: '2026-06-06', endDate: null })).toBe('2026-06-06');
    expect(contract.lastDayOf({ startDate: '2026-06-06', endDate: '2026-06-01' })).toBe('2026-06-06');
  });

  it('builds the iCalendar paths pages and tests share', () => {
    expect(contract.icsPaths.event(12)).toBe('/calendar/events/12/event.ics');
    expect(contract.icsPaths.feed()).toBe('/calendar/feed.ics');
    expect(contract.icsPaths.feed({ promoterUserId: 3 })).toBe('/calendar/promoters/3/feed.ics');
    expect(contract.icsPaths.feed({ organizationId: 1 })).toBe('/calendar/organizations/1/feed.ics');
    expect(contract.icsHref(contract.icsPaths.feed(), 'fr')).toBe('/ll/api/v1/calendar/feed.ics?lang=fr');
    expect(contract.icsHref(contract.icsPaths.event(5))).toBe('/ll/api/v1/calendar/events/5/event.ics');
    expect(contract.icsQuery.safeParse({ lang: 'de' }).success).toBe(false);
  });

  it('lets the build carry the calendar query’s extra fields', () => {
    const years = buildCalendar([{ ...ev(1, '2026-04-12'), endDate: '2026-04-13', city: 'Sutton', discipline: 'enduro', registrationStatus: 'done' as const }], { today, locale: 'en' });
    expect(contract.calendarYear.array().parse(years)[0].months[3].weeks.find((w) => w.events.length)!.events[0]).toMatchObject({ city: 'Sutton', registrationStatus: 'done' });
  });
});
