/**
 * Event contracts (spec §3 Event, Registration; §4 Registration status): the lists the schema,
 * the API and the pages share, and the pure rule that says whether an event's registration is
 * open, closed or done. Plain zod; imports nothing from the server.
 */
import { z } from 'zod';
import { idField } from './ids';

/** A registration's own state (spec §4: a registration can end as complete or canceled). */
export const REGISTRATION_STATES = ['registered', 'cancelled'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** An event's registration status as shown (spec §4 "Registration status is shown as open, closed or done"). */
export const REGISTRATION_STATUSES = ['open', 'closed', 'done'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The kinds of racing an event may hold (events.discipline). */
export const EVENT_DISCIPLINES = ['motocross', 'enduro', 'quad', 'supercross', 'hare-scramble', 'road'] as const;
export type EventDiscipline = (typeof EVENT_DISCIPLINES)[number];

export interface RegistrationStatusInput {
  /** Online registration enabled for the event (events.registration_open). */
  registrationOpen: boolean;
  /** YYYY-MM-DD, inclusive; null: until the day before the start. */
  registrationClosesOn: string | null;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD; null: a one-day event. */
  endDate: string | null;
  /** The event has been run and its results are final. */
  isComplete: boolean;
}

/**
 * Spec §4 Registration status, on `today` (YYYY-MM-DD, the federation's local date):
 * - `done` when the event is complete or its last day has passed;
 * - `open` when online registration is enabled and today is on or before the closing day
 *   (default: the day before the start);
 * - `closed` otherwise.
 */
export function registrationStatus(event: RegistrationStatusInput, today: string): RegistrationStatus {
  const lastDay = event.endDate ?? event.startDate;
  if (event.isComplete || lastDay < today) return 'done';
  if (!event.registrationOpen) return 'closed';
  const closes = event.registrationClosesOn ?? dayBefore(event.startDate);
  return today <= closes ? 'open' : 'closed';
}

function dayBefore(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** POST registration/getRegistrationCount, getRegistrants, loadClasses, loadRows (spec §7): `{ eventId }`. */
export const registrationRequest = z.object({ eventId: idField('event') });
export type RegistrationRequest = z.infer<typeof registrationRequest>;

/** POST promoter/event/accordionClasses, getParticipantsDT (spec §7): `{ configId, raceId }`. */
export const raceClassesRequest = z.object({ configId: idField('config').optional(), raceId: idField('race') });
export type RaceClassesRequest = z.infer<typeof raceClassesRequest>;
