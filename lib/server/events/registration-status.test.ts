import { describe, expect, it } from 'vitest';
import type { EventDetails } from './get-event';
import { federationDate } from '../../format';
import { eventRegistration } from './registration-status';

const event = {
  startDate: '2026-06-13',
  endDate: null,
  registrationOpen: true,
  registrationClosesOn: null,
  isComplete: false,
} as EventDetails;

describe('registration status on the federation’s day', () => {
  it('counts days in Eastern time', () => {
    expect(federationDate(new Date('2026-06-13T03:30:00Z'))).toBe('2026-06-12');
    expect(federationDate(new Date('2026-06-13T04:30:00Z'))).toBe('2026-06-13');
  });

  it('is open until 23:59 Eastern on the day before the start', () => {
    expect(eventRegistration(event, new Date('2026-06-13T03:59:00Z'))).toEqual({ status: 'open', lastDay: '2026-06-12' });
    expect(eventRegistration(event, new Date('2026-06-13T04:01:00Z'))).toEqual({ status: 'closed', lastDay: '2026-06-12' });
    expect(eventRegistration({ ...event, registrationOpen: false }, new Date('2026-01-01T12:00:00Z'))).toEqual({ status: 'closed', lastDay: null });
    expect(eventRegistration({ ...event, isComplete: true }, new Date('2026-01-01T12:00:00Z')).status).toBe('done');
  });
});
