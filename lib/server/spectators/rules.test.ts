/** The spectator rules (issue 28): ages on the event's day, the event's days, the same person, the day's capacity. */
import { describe, expect, it } from 'vitest';
import { ticketPriceCents } from '../../contracts/spectator-settings';
import { eventDays, isAdultOn, isEventDay, personKey, spectatorAge, ticketsFit, ticketsLeft } from './rules';

describe('ages on the event’s day', () => {
  it('turns 18 on the birthday itself: the day before is a minor, the day of is an adult', () => {
    expect(spectatorAge('2008-07-12', '2026-07-11')).toBe(17);
    expect(isAdultOn('2008-07-12', '2026-07-11')).toBe(false);
    expect(isAdultOn('2008-07-12', '2026-07-12')).toBe(true);
  });

  it('counts a 29 February birthday as passed on 1 March of a common year', () => {
    expect(spectatorAge('2008-02-29', '2026-02-28')).toBe(17);
    expect(spectatorAge('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('prices a child by the age on the event’s day: free below the free age, then the bands', () => {
    const settings = { freeUnderAge: 6, bands: [{ minAge: 0, priceCents: 1000 }, { minAge: 13, priceCents: 2500 }] };
    expect(ticketPriceCents(settings, spectatorAge('2020-08-01', '2026-07-31'))).toBe(0);
    expect(ticketPriceCents(settings, spectatorAge('2020-08-01', '2026-08-01'))).toBe(1000);
    expect(ticketPriceCents(settings, spectatorAge('1990-01-01', '2026-08-01'))).toBe(2500);
  });
});

describe('the event’s days', () => {
  it('lists each day from start to end, and a one-day event as its start', () => {
    expect(eventDays('2026-06-30', '2026-07-02')).toEqual(['2026-06-30', '2026-07-01', '2026-07-02']);
    expect(eventDays('2026-06-30', null)).toEqual(['2026-06-30']);
    expect(isEventDay('2026-07-01', '2026-06-30', '2026-07-02')).toBe(true);
    expect(isEventDay('2026-07-03', '2026-06-30', '2026-07-02')).toBe(false);
    expect(isEventDay('2026-06-29', '2026-06-30', null)).toBe(false);
  });
});

describe('the same person', () => {
  it('is the same names whatever their case and spacing, and the same date of birth', () => {
    expect(personKey({ firstName: ' Éloïse ', lastName: 'TREMBLAY', birthday: '2010-01-02' })).toBe(personKey({ firstName: 'éloïse', lastName: 'Tremblay', birthday: '2010-01-02' }));
    expect(personKey({ firstName: 'Éloïse', lastName: 'Tremblay', birthday: '2010-01-03' })).not.toBe(personKey({ firstName: 'Éloïse', lastName: 'Tremblay', birthday: '2010-01-02' }));
    expect(personKey({ firstName: 'Eloise', lastName: 'Tremblay', birthday: '2010-01-02' })).not.toBe(personKey({ firstName: 'Éloïse', lastName: 'Tremblay', birthday: '2010-01-02' }));
  });
});

describe('the day’s capacity', () => {
  it('fits a group only when all of it fits: the last places go to a group of their size, not one more', () => {
    expect(ticketsFit(100, 97, 3)).toBe(true);
    expect(ticketsFit(100, 97, 4)).toBe(false);
    expect(ticketsFit(100, 100, 1)).toBe(false);
    expect(ticketsLeft(100, 97)).toBe(3);
    expect(ticketsLeft(100, 104)).toBe(0);
  });

  it('never refuses a day without a limit', () => {
    expect(ticketsFit(null, 10_000, 50)).toBe(true);
    expect(ticketsLeft(null, 10_000)).toBeNull();
  });
});
