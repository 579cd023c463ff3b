/**
 * An event's registration status as shown (spec §4 "Registration status is shown as open,
 * closed or done. An event can be complete."), on the federation's own calendar day.
 */
import 'server-only';
import { federationDate } from '../../format';
import { registrationLastDay, registrationStatus, type RegistrationStatus } from '../../contracts/events';
import type { EventDetails } from './get-event';


export interface EventRegistration {
  status: RegistrationStatus;
  /** Last day online registration is open (YYYY-MM-DD); null when the event takes no online registration. */
  lastDay: string | null;
}

/** `open`, `closed` or `done` for `event` at `now` (rule: `registrationStatus` in lib/contracts/events.ts). */
export function eventRegistration(event: EventDetails, now: Date = new Date()): EventRegistration {
  return {
    status: registrationStatus(event, federationDate(now)),
    lastDay: event.registrationOpen ? registrationLastDay(event) : null,
  };
}
