/** The event calendar's views (spec §2 Event calendar views, §4 Calendar build): ranges, weeks, bands, query fallbacks. */
import { describe, expect, it } from 'vitest';
import { calendarToday, calendarWindow } from '../../contracts/calendar';
import {
  agendaDays,
  calendarSearch,
  daysOf,
  defaultRange,
  eventTitle,
  loadNewUntil,
  loadOldFrom,
  monthGrid,
  neighbours,
  parseCalendarQuery,
  periodHeading as heading,
  shiftDate,
  shownDays,
  viewPeriod,
  type RangeBounds,
} from './views';

const TODAY = '2026-11-22'; // a Sunday
const ev = (id: number, startDate: string, endDate: string | null = null) => ({ id, name: `Event ${id}`, startDate, endDate });
const dow = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();
const none: RangeBounds = { before: 0, latestBefore: null, after: 0, earliestAfter: null };

describe('the period of each view', () => {
  it('is the day, 4 days from it, its Saturday-first week, or its month', () => {
    expect(viewPeriod('day', TODAY)).toEqual({ start: TODAY, end: TODAY });
    expect(viewPeriod('4day', TODAY)).toEqual({ start: '2026-11-22', end: '2026-11-25' });
    expect(viewPeriod('week', TODAY)).toEqual({ start: '2026-11-21', end: '2026-11-27' });
    expect(viewPeriod('week', '2026-11-21')).toEqual({ start: '2026-11-21', end: '2026-11-27' });
    expect(viewPeriod('week', '2026-11-20')).toEqual({ start: '2026-11-14', end: '2026-11-20' });
    expect(viewPeriod('month', TODAY)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(viewPeriod('month', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });

  it('keeps Saturday-first weeks across year ends (7-day steps from the first week-end of each year)', () => {
    // 1 Jan 2026 is a Thursday: it belongs to the week of Sat 27 Dec 2025.
    expect(viewPeriod('week', '2026-01-01')).toEqual({ start: '2025-12-27', end: '2026-01-02' });
    expect(viewPeriod('week', '2026-01-03')).toEqual({ start: '2026-01-03', end: '2026-01-09' });
    // 1 Jan 2028 is a Saturday: the first week-end of 2028 starts the year's first week.
    expect(viewPeriod('week', '2027-12-31')).toEqual({ start: '2027-12-25', end: '2027-12-31' });
    expect(viewPeriod('week', '2028-01-01')).toEqual({ start: '2028-01-01', end: '2028-01-07' });
    for (let d = new Date(Date.UTC(2024, 11, 1)); d < new Date(Date.UTC(2029, 1, 1)); d.setUTCDate(d.getUTCDate() + 1)) {
      const iso = d.toISOString().slice(0, 10);
      const week = viewPeriod('week', iso);
      expect(dow(week.start), iso).toBe(6);
      expect(week.start <= iso && iso <= week.end, iso).toBe(true);
    }
  });

  it('draws the month as whole Saturday-first weeks', () => {
    expect(shownDays('month', TODAY)).toEqual({ start: '2026-10-31', end: '2026-12-04' });
    expect(shownDays('month', '2028-01-15')).toEqual({ start: '2028-01-01', end: '2028-02-04' });
    expect(shownDays('week', TODAY)).toEqual(viewPeriod('week', TODAY));
  });

  it('moves by a day, 4 days, a week or a month', () => {
    expect(shiftDate('day', TODAY, -1)).toBe('2026-11-21');
    expect(shiftDate('4day', TODAY, 1)).toBe('2026-11-26');
    expect(shiftDate('week', TODAY, 1)).toBe('2026-11-29');
    expect(shiftDate('month', TODAY, 1)).toBe('2026-12-22');
    expect(shiftDate('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftDate('month', '2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('the query (never an error)', () => {
  const parse = (params: Record<string, string | string[] | undefined>) => parseCalendarQuery(params, TODAY);

  it('defaults to the month of today, loaded from 2 years back to 1 year ahead', () => {
    const s = parse({});
    expect(s).toMatchObject({ view: 'month', date: TODAY, today: TODAY, from: '2024-11-22', until: '2027-11-22' });
    expect(defaultRange(TODAY)).toEqual({ start: '2024-11-22', end: '2027-11-22' });
  });

  it('falls back to the defaults for bad values', () => {
    for (const view of ['year', '', 'MONTH', '4days']) expect(parse({ view }).view).toBe('month');
    for (const date of ['2026-02-30', '26-1-1', 'today', '2026-1-01', '']) expect(parse({ date }).date).toBe(TODAY);
    expect(parse({ view: ['week', 'day'], date: ['2026-04-12', 'x'] })).toMatchObject({ view: 'week', date: '2026-04-12' });
    expect(parse({ from: 'soon', until: '2026-13-01' })).toMatchObject({ from: '2024-11-22', until: '2027-11-22' });
    // A range running backwards is the default one.
    expect(parse({ from: '2027-01-01', until: '2026-01-01' })).toMatchObject({ from: '2024-11-22', until: '2027-11-22' });
  });

  it('holds dates to the calendar window', () => {
    const [first, last] = calendarWindow(new Date(2026, 10, 22));
    expect(parse({ date: '1900-01-01', view: 'day' }).date).toBe(first);
    expect(parse({ date: '2999-01-01', view: 'day' }).date).toBe(last);
    expect(parse({ from: '1066-10-14' }).from).toBe(first);
  });

  it('loads the days shown when the visitor navigates outside the loaded range', () => {
    const back = parse({ date: '2017-05-06' });
    expect(back.from).toBe('2017-04-29');
    expect(back.until).toBe('2027-11-22');
    const ahead = parse({ view: 'week', date: '2030-06-01' });
    expect(ahead.until).toBe('2030-06-07');
  });

  it('writes links without the defaults, keeping the page’s own values', () => {
    const s = parse({});
    expect(calendarSearch(s, {})).toBe('');
    expect(calendarSearch(s, { view: 'week' })).toBe('?view=week');
    expect(calendarSearch(s, { date: '2026-12-22' }, [['tab', 'calendar']])).toBe('?tab=calendar&date=2026-12-22');
    const w = parse({ view: 'day', date: '2026-04-12', from: '2020-01-01' });
    expect(calendarSearch(w, { date: null })).toBe('?view=day&from=2020-01-01');
    expect(calendarSearch(w, { view: 'month' })).toBe('?date=2026-04-12&from=2020-01-01');
  });

  it('stops Previous and Next at the ends of the window', () => {
    const [first, last] = calendarWindow(new Date(2026, 10, 22));
    expect(neighbours(parse({ view: 'day', date: first })).previous).toBeNull();
    expect(neighbours(parse({ view: 'day', date: last })).next).toBeNull();
    expect(neighbours(parse({}))).toEqual({ previous: '2026-10-22', next: '2026-12-22' });
  });
});

describe('loading old and new events', () => {
  const s = parseCalendarQuery({}, TODAY);

  it('shows the buttons only when events lie outside the loaded range', () => {
    expect(loadOldFrom(s, none)).toBeNull();
    expect(loadNewUntil(s, none)).toBeNull();
  });

  it('goes 2 years further back, or back to the latest older event when further', () => {
    expect(loadOldFrom(s, { ...none, before: 3, latestBefore: '2024-06-01' })).toBe('2022-11-22');
    expect(loadOldFrom(s, { ...none, before: 2, latestBefore: '2017-05-06' })).toBe('2017-05-06');
  });

  it('goes 1 year further ahead, or up to the next event when further', () => {
    expect(loadNewUntil(s, { ...none, after: 1, earliestAfter: '2028-01-10' })).toBe('2028-11-22');
    expect(loadNewUntil(s, { ...none, after: 1, earliestAfter: '2031-05-01' })).toBe('2031-05-01');
  });
});

describe('the month grid and the agenda', () => {
  const s = parseCalendarQuery({}, TODAY);
  const events = [ev(1, '2026-11-14'), ev(2, '2026-11-21', '2026-11-22'), ev(3, '2026-10-31'), ev(4, '2026-12-03')];

  it('has Saturday-first rows numbered in sequence, banded on even rows', () => {
    const grid = monthGrid(s, events, 'en');
    expect(grid.weekdays.map((w) => w.short)).toEqual(['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(grid.rows.map((r) => r.start)).toEqual(['2026-10-31', '2026-11-07', '2026-11-14', '2026-11-21', '2026-11-28']);
    expect(grid.rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 5]);
    expect(grid.rows.map((r) => r.bandReverse)).toEqual([false, true, false, true, false]);
    for (const r of grid.rows) expect(r.days).toHaveLength(7);
  });

  it('dims the days of the months around, marks today and puts each event on every day it runs', () => {
    const days = monthGrid(s, events, 'en').rows.flatMap((r) => r.days);
    expect(days.filter((d) => !d.inPeriod).map((d) => d.date)).toEqual(['2026-10-31', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    expect(days.filter((d) => d.isToday).map((d) => d.date)).toEqual([TODAY]);
    const on = (date: string) => days.find((d) => d.date === date)!.events.map((e) => e.id);
    expect(on('2026-11-14')).toEqual([1]);
    expect(on('2026-11-21')).toEqual([2]);
    expect(on('2026-11-22')).toEqual([2]);
    expect(on('2026-10-31')).toEqual([3]);
    expect(on('2026-11-15')).toEqual([]);
  });

  it('lists only the month’s days holding events in the agenda, in order', () => {
    const agenda = agendaDays(s, events, 'en');
    expect(agenda.map((d) => [d.date, d.events.map((e) => e.id)])).toEqual([
      ['2026-11-14', [1]],
      ['2026-11-21', [2]],
      ['2026-11-22', [2]],
    ]);
    expect(agenda[0].longTitle).toBe('Saturday, November 14');
    expect(agenda[2].isToday).toBe(true);
    expect(agendaDays(parseCalendarQuery({ date: '2026-07-01' }, TODAY), events, 'en')).toEqual([]);
  });

  it('names the days in the visitor’s language', () => {
    const fr = monthGrid(s, events, 'fr-CA');
    expect(fr.weekdays[0].long).toBe('samedi');
    expect(agendaDays(s, events, 'es')[0].longTitle).toBe('sábado, 14 de noviembre');
  });
});

describe('titles and headings', () => {
  it('titles an event by weekday and day, through its last day', () => {
    expect(eventTitle(ev(1, '2026-11-14'), 'en')).toBe('Sat 14');
    expect(eventTitle(ev(1, '2026-11-14', '2026-11-15'), 'en')).toBe('Sat 14 – Sun 15');
    expect(eventTitle(ev(1, '2026-11-14', '2026-11-10'), 'en')).toBe('Sat 14');
    expect(eventTitle(ev(1, '2026-04-12'), 'fr-CA')).toBe('dim. 12');
  });

  it('heads each view with its period', () => {
    // Intl puts thin spaces around the range dash.
    const periodHeading = (...args: Parameters<typeof heading>) => heading(...args).replace(/[\u2009\u202f]/g, ' ');
    expect(periodHeading('month', viewPeriod('month', TODAY), 'en')).toBe('November 2026');
    expect(periodHeading('4day', viewPeriod('4day', TODAY), 'en')).toBe('Nov 22 – 25, 2026');
    expect(periodHeading('week', viewPeriod('week', '2026-12-31'), 'en')).toBe('Dec 26, 2026 – Jan 1, 2027');
    expect(periodHeading('day', viewPeriod('day', TODAY), 'en')).toBe('Sunday, November 22, 2026');
    expect(periodHeading('month', viewPeriod('month', TODAY), 'fr-CA')).toBe('novembre 2026');
  });

  it('lists every day of a week view, events or not', () => {
    const s = parseCalendarQuery({ view: 'week' }, TODAY);
    const days = daysOf(s.shown, [ev(1, '2026-11-22')], s, 'en');
    expect(days.map((d) => d.title)).toEqual(['Sat 21', 'Sun 22', 'Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27']);
    expect(days.map((d) => d.events.length)).toEqual([0, 1, 0, 0, 0, 0, 0]);
  });
});

describe('today', () => {
  it('is the federation’s date (America/Toronto), not the server’s', () => {
    expect(calendarToday(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
    expect(calendarToday(new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-23');
  });
});
