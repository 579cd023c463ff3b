import { ticketPriceCents } from '../../contracts/spectator-settings';
import { describe, expect, it } from 'vitest';
import { addDays, federationDate, nthWeekday, weekday } from './dates';
import { prng } from './prng';
import { buildSamplePlan, resultsSeason } from './sample-plan';
import { CLASS_GROUPS, CLUBS, EVENTS, HIDDEN_EVENT_NAME, ICE_RACE_NAME } from './sample-data';

const TODAY = '2026-11-22';
const plan = buildSamplePlan(TODAY);

describe('dates', () => {
  it('finds the n-th weekday of a month', () => {
    expect(nthWeekday(2026, 5, 6, 3)).toBe('2026-05-16'); // the 2026 opener (cms/seed: May 16)
    expect(nthWeekday(2026, 5, 6, 2)).toBe('2026-05-09'); // the May test day
    expect(nthWeekday(2025, 9, 6, 2)).toBe('2025-09-13'); // the 2025 final at Valley Ridge
    expect(nthWeekday(2026, 12, 6, 1)).toBe('2026-12-05');
    expect(nthWeekday(2027, 2, 0, 4)).toBe('2027-02-28');
  });

  it('adds days across months and years, and gives the federation’s date', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(weekday('2026-11-22')).toBe(0);
    // 03:00 UTC on Nov 23 is still Nov 22 in Quebec.
    expect(federationDate(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });
});

describe('prng', () => {
  it('gives the same sequence for the same seed', () => {
    const a = prng(42);
    const b = prng(42);
    expect(Array.from({ length: 5 }, () => a.int(1, 100))).toEqual(Array.from({ length: 5 }, () => b.int(1, 100)));
    expect(prng(1).shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('buildSamplePlan', () => {
  it('is deterministic', () => {
    expect(buildSamplePlan(TODAY)).toEqual(plan);
  });

  it('covers the previous, current and next seasons with 8–10 events each, weekends from April to October plus the December ice race', () => {
    expect(plan.seasons).toEqual({ previous: 2025, current: 2026, next: 2027 });
    for (const season of [2025, 2026, 2027]) {
      const federation = plan.events.filter((e) => e.season === season && e.org === 'federation');
      expect(federation.length).toBeGreaterThanOrEqual(8);
      expect(federation.length).toBeLessThanOrEqual(10);
      expect(plan.events.filter((e) => e.season === season && e.org === 'second')).toHaveLength(2);
    }
    for (const e of plan.events) {
      expect([0, 6]).toContain(weekday(e.startDate));
      const month = Number(e.startDate.slice(5, 7));
      if (e.name === ICE_RACE_NAME) expect(e.startDate).toBe('2026-12-05');
      else expect(month >= 4 && month <= 10).toBe(true);
      if (e.endDate) expect(e.endDate).toBe(addDays(e.startDate, 1));
      expect(e.isComplete).toBe((e.endDate ?? e.startDate) < TODAY);
      expect(['motocross', 'enduro', 'quad', 'hare-scramble']).toContain(e.discipline);
    }
    expect(plan.events.filter((e) => e.name === ICE_RACE_NAME)).toHaveLength(1);
    expect(plan.events.filter((e) => e.name === HIDDEN_EVENT_NAME)).toMatchObject([{ isPublic: false, season: 2026 }]);
  });

  it('opens registration for next season’s events: some with a closing day, one already closed', () => {
    const open = plan.events.filter((e) => e.registrationOpen && e.season === 2027);
    expect(open.length).toBeGreaterThanOrEqual(4);
    expect(open.some((e) => e.registrationClosesOn === null)).toBe(true);
    expect(open.filter((e) => e.registrationClosesOn !== null && e.registrationClosesOn < TODAY).map((e) => e.name)).toEqual(['Renfrew Motocross']);
    for (const e of plan.events.filter((x) => !x.registrationOpen)) expect(e.registrations).toEqual([]);
  });

  it('sells spectator tickets at its upcoming public events only', () => {
    const selling = plan.events.filter((e) => e.spectatorSettings?.enabled);
    expect(selling.length).toBeGreaterThanOrEqual(4);
    for (const e of selling) expect(e.startDate >= TODAY && e.isPublic).toBe(true);
    for (const e of plan.events.filter((x) => x.startDate < TODAY || !x.isPublic)) expect(e.spectatorSettings).toBeNull();
    expect(ticketPriceCents(selling[0]!.spectatorSettings!, 5)).toBe(0);
    expect(ticketPriceCents(selling[0]!.spectatorSettings!, 9)).toBe(1000);
    expect(ticketPriceCents(selling[0]!.spectatorSettings!, 40)).toBe(2000);
  });

  it('gives every open event 10–40 registrations within each class’s capacity, a few cancelled', () => {
    const open = plan.events.filter((e) => e.registrationOpen);
    for (const e of open) {
      expect(e.registrations.length).toBeGreaterThanOrEqual(10);
      expect(e.registrations.length).toBeLessThanOrEqual(40);
      const riders = e.registrations.map((r) => `${r.participant}|${r.className}`);
      expect(new Set(riders).size).toBe(riders.length);
      for (const c of e.classes) {
        const taken = e.registrations.filter((r) => r.className === c.className && r.state === 'registered').length;
        if (c.capacity !== null) expect(taken).toBeLessThanOrEqual(c.capacity);
      }
      for (const r of e.registrations) {
        expect(e.classes.map((c) => c.className)).toContain(r.className);
        expect(plan.participants[r.participant].org).toBe(e.org);
        expect(r.createdOn <= TODAY).toBe(true);
      }
    }
    expect(open.flatMap((e) => e.registrations).some((r) => r.state === 'cancelled')).toBe(true);
  });

  it('gives the upcoming ice race a start grid: gate picks 1..n per race from its registered riders', () => {
    const event = plan.events[plan.gridEvent];
    expect(event).toMatchObject({ name: ICE_RACE_NAME, isComplete: false, registrationOpen: true });
    expect(event.races.length).toBeGreaterThan(0);
    for (const race of event.races) {
      expect(race.entries.map((e) => e.gridPosition)).toEqual(race.entries.map((_, i) => i + 1));
      const gates = race.entries.map((e) => e.gridLabel);
      expect(new Set(gates).size).toBe(gates.length);
      for (const g of gates) expect(g).toMatch(/^([1-9]|1[0-6])$/);
      const registered = event.registrations.filter((r) => r.className === race.className && r.state === 'registered').map((r) => r.participant);
      expect(race.entries.map((e) => e.participant).sort()).toEqual(registered.sort());
    }
  });

  it('moves the start grid to the next season’s opener once the ice race has passed', () => {
    const later = buildSamplePlan('2026-12-20');
    expect(later.events[later.gridEvent]).toMatchObject({ name: 'Motocross des Pins', startDate: '2027-05-15' });
    expect(later.events.find((e) => e.name === ICE_RACE_NAME)).toMatchObject({ isComplete: true, registrationOpen: false });
  });

  it('stays sensible in a later year', () => {
    const later = buildSamplePlan('2031-03-10');
    expect(later.seasons).toEqual({ previous: 2030, current: 2031, next: 2032 });
    expect(later.events[later.gridEvent].name).toBe(ICE_RACE_NAME);
    // In March the 2031 championships have not run yet: the ones shown are 2030's, with results.
    expect(later.series.map((s) => s.name)).toEqual(['2030 FMQR Motocross Championship', '2030 Northline Enduro Cup', '2032 Quad Cross-Country Series']);
  });

  it('has plausible, unique riders and one current-season membership each with a unique number', () => {
    const names = plan.participants.map((p) => `${p.firstName} ${p.lastName}`);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Mathieu Gagnon-Roy');
    const classNames = new Set(CLASS_GROUPS.flatMap((g) => g.classes.map((c) => c.name)));
    for (const p of plan.participants) {
      expect(classNames).toContain(p.className);
      expect(['QC', 'ON']).toContain(p.state);
      if (p.clubUserId !== null) expect(CLUBS.find((c) => c.userId === p.clubUserId)?.org).toBe(p.org);
    }
    expect(plan.memberships).toHaveLength(plan.participants.length);
    const numbers = plan.memberships.map((m) => m.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toContain('FMQR-2026-0042');
    for (const m of plan.memberships) {
      expect(m.number).toMatch(m.org === 'federation' ? /^FMQR-2026-\d{4}$/ : /^NOOA-2026-\d{3}$/);
      expect(m.validFrom >= '2026-01-01' && m.validUntil <= '2026-12-31' && m.validFrom <= m.validUntil).toBe(true);
    }
    expect(plan.memberships.some((m) => m.clubUserId !== null)).toBe(true);
  });

  it('plans three series, one hidden, over events of their season', () => {
    expect(plan.series.map((s) => [s.name, s.isPublic, s.events.length])).toEqual([
      ['2026 FMQR Motocross Championship', true, 3],
      ['2026 Northline Enduro Cup', true, 3],
      ['2027 Quad Cross-Country Series', false, 2],
    ]);
  });

  it('never gives the default promoter (user id 1) a sample event, and hides exactly one club', () => {
    expect(EVENTS.every((e) => e.clubUserId !== 1)).toBe(true);
    expect(CLUBS.every((c) => c.userId !== 1)).toBe(true);
    expect(CLUBS.filter((c) => !c.isPublic)).toHaveLength(1);
    const federationClubs = CLUBS.filter((c) => c.org === 'federation');
    expect(federationClubs.length).toBeGreaterThanOrEqual(5);
    expect(CLUBS.filter((c) => c.org === 'second')).toHaveLength(2);
  });
});

describe('the results season', () => {
  it('is the current year once the last round of its championships is over, else the year before', () => {
    // 2026: motocross 16–17 May, 20–21 June, 12–13 September; enduro 7 June, 2 August, 4 October (the last).
    expect(resultsSeason('2026-11-22')).toBe(2026);
    expect(resultsSeason('2026-10-05')).toBe(2026);
    expect(resultsSeason('2026-10-04')).toBe(2025);
    expect(resultsSeason('2026-06-01')).toBe(2025);
    expect(resultsSeason('2027-01-10')).toBe(2026);
  });

  it('gives the championships every round held, whatever the date', () => {
    for (const today of ['2027-01-10', '2027-06-25', '2027-10-05']) {
      const plan = buildSamplePlan(today);
      for (const s of plan.series.filter((x) => x.isPublic)) {
        expect(s.events.every((i) => (plan.events[i].endDate ?? plan.events[i].startDate) < today), `${s.name} on ${today}`).toBe(true);
      }
    }
    expect(buildSamplePlan('2027-06-25').series[0].name).toBe('2026 FMQR Motocross Championship');
  });
});
