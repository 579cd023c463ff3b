/**
 * An event as the desk reads and writes it (issue 24; spec §3 Event): the fields of
 * `DeskEventInput` (lib/contracts/desk.ts) mapped to and from the events table, shared by the
 * desk's reads and its writes so the audit log's before and after hold the same shape.
 */
import 'server-only';
import { hostClubsColumn, hostClubsOf, type DeskEventInput } from '../../contracts/desk';
import type { EventDiscipline } from '../../contracts/events';
import { EVENT_DISCIPLINES } from '../../contracts/events';
import { events } from '../db/schema';

/** The columns a desk event is read from. */
export const deskEventColumns = {
  name: events.name,
  startDate: events.startDate,
  endDate: events.endDate,
  location: events.location,
  address: events.address,
  city: events.city,
  state: events.state,
  postalCode: events.postalCode,
  country: events.country,
  discipline: events.discipline,
  hostClub: events.hostClub,
  description: events.description,
  descriptions: events.descriptions,
  isPublic: events.isPublic,
  registrationOpen: events.registrationOpen,
  registrationOpensOn: events.registrationOpensOn,
  registrationClosesOn: events.registrationClosesOn,
  isComplete: events.isComplete,
  isCancelled: events.isCancelled,
};

type EventColumns = { [K in keyof typeof deskEventColumns]: (typeof deskEventColumns)[K]['_']['data'] | null };

/** A stored event row → the desk's fields (a discipline the lists do not know reads as none). */
export function toDeskEvent(row: EventColumns): DeskEventInput {
  const discipline = (EVENT_DISCIPLINES as readonly string[]).includes(row.discipline ?? '') ? (row.discipline as EventDiscipline) : null;
  return {
    name: row.name ?? '',
    startDate: row.startDate ?? '',
    endDate: row.endDate,
    location: row.location,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    discipline,
    hostClubs: hostClubsOf(row.hostClub),
    description: row.description,
    descriptionFr: row.descriptions?.fr ?? null,
    descriptionEs: row.descriptions?.es ?? null,
    isPublic: row.isPublic ?? true,
    registrationOpen: row.registrationOpen ?? false,
    registrationOpensOn: row.registrationOpensOn,
    registrationClosesOn: row.registrationClosesOn,
    isComplete: row.isComplete ?? false,
    isCancelled: row.isCancelled ?? false,
  };
}

/** The desk's fields → the events table's columns. */
export function toEventColumns(input: DeskEventInput) {
  const { hostClubs, descriptionFr, descriptionEs, ...rest } = input;
  // A cancelled event takes no online registration (spec §4: its status reads closed).
  return { ...rest, registrationOpen: rest.registrationOpen && !rest.isCancelled, hostClub: hostClubsColumn(hostClubs), descriptions: { ...(descriptionFr ? { fr: descriptionFr } : {}), ...(descriptionEs ? { es: descriptionEs } : {}) } };
}
