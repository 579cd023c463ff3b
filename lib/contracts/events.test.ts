import { describe, expect, it } from 'vitest';
import { classResultsPath, describeEvent, registrationLastDay, registrationStatus, type RegistrationStatusInput } from './events';

const event: RegistrationStatusInput = { registrationOpen: true, registrationClosesOn: null, startDate: '2026-06-13', endDate: '2026-06-14', isComplete: false };

describe('registration status (spec §4)', () => {
  it('is open until the closing day, by default the day before the start', () => {
    expect(registrationLastDay(event)).toBe('2026-06-12');
    expect(registrationStatus(event, '2026-06-12')).toBe('open');
    expect(registrationStatus(event, '2026-06-13')).toBe('closed');
    expect(registrationLastDay({ ...event, registrationClosesOn: '2026-06-05' })).toBe('2026-06-05');
    expect(registrationStatus({ ...event, registrationClosesOn: '2026-06-05' }, '2026-06-06')).toBe('closed');
    expect(registrationLastDay({ ...event, startDate: '2026-03-01' })).toBe('2026-02-28');
  });

  it('is closed without online registration, and done once over or complete', () => {
    expect(registrationStatus({ ...event, registrationOpen: false }, '2026-01-01')).toBe('closed');
    expect(registrationStatus(event, '2026-06-15')).toBe('done');
    expect(registrationStatus(event, '2026-06-14')).toBe('closed');
    expect(registrationStatus({ ...event, isComplete: true }, '2026-01-01')).toBe('done');
  });

  it('opens on its opening day when the desk set one (issue 24: the registration window)', () => {
    const windowed = { ...event, registrationOpensOn: '2026-05-01' };
    expect(registrationStatus(windowed, '2026-04-30')).toBe('closed');
    expect(registrationStatus(windowed, '2026-05-01')).toBe('open');
    expect(registrationStatus(windowed, '2026-06-13')).toBe('closed');
  });
});

describe('class results path (spec §7 race/classLink)', () => {
  it('opens /scores on the class, encoded', () => {
    expect(classResultsPath(12, 'AA')).toBe('/scores/12?class=AA');
    const url = new URL(`https://x${classResultsPath(12, 'A VET 30+')}`);
    expect(url.pathname).toBe('/scores/12');
    expect(url.searchParams.get('class')).toBe('A VET 30+');
  });
});

describe('an event described in each language (issue 24)', () => {
  it('shows the description of the page’s language, else the one the promoter wrote', () => {
    const event = { description: 'Two days of enduro in the Laurentians.', descriptions: { fr: 'Deux jours d’enduro dans les Laurentides.', es: '  ' } };
    expect(describeEvent(event, 'fr')).toBe('Deux jours d’enduro dans les Laurentides.');
    expect(describeEvent(event, 'en')).toBe('Two days of enduro in the Laurentians.');
    expect(describeEvent(event, 'es')).toBe('Two days of enduro in the Laurentians.');
    expect(describeEvent({ description: null, descriptions: {} }, 'fr')).toBeNull();
  });
});
