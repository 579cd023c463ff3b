/**
 * Event cards of the directory pages (spec §2 "Promoters list with tabs Calendar, Events and
 * Championship", /promoters/events/{id?}, /organizations/{id?}/events; §4 Registration status):
 * a club's or an organization's public events with dates, venue, registration status (open,
 * closed or done) and public race count, split into the upcoming events (soonest first) and
 * the past ones by season (newest season first, newest event first).
 */
import 'server-only';
import { type SQL, and, asc, count, eq } from 'drizzle-orm';
import { registrationStatus, type RegistrationStatus } from '../../contracts/events';
import type { Translations } from '../../contracts/translations';
import { getDb } from '../db';
import { events, promoters, races } from '../db/schema';
import { eventShown } from '../events/visibility';
import { tagRead, tags } from '../cache/tags';
import { raceShown } from '../policy/visibility';

export interface EventCard {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD; null: a one-day event. */
  endDate: string | null;
  /** The venue's name. */
  location: string | null;
  city: string | null;
  state: string | null;
  discipline: string | null;
  /** Spec §4: open, closed or done on the federation's date. */
  registrationStatus: RegistrationStatus;
  isComplete: boolean;
  /** Public races of the event (results exist when > 0). */
  raceCount: number;
  /** Its promoter; `names`: the promoter's name in French and Spanish (issue 25). */
  promoter: { userId: number; name: string; names: Translations };
}

export interface EventsBySeason {
  /** Events not yet over (last day today or later), soonest first. */
  upcoming: EventCard[];
  /** Past events grouped by the year they started, newest season first, newest event first. */
  seasons: { season: number; events: EventCard[] }[];
}

/**
 * The public events matching `where` (a condition on `events` / `promoters`), oldest first,
 * with their registration status on `today` (YYYY-MM-DD).
 */
export async function listEventCards(where: SQL | undefined, today: string): Promise<EventCard[]> {
  tagRead(tags.events);
  const rows = await getDb()
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
      city: events.city,
      state: events.state,
      discipline: events.discipline,
      registrationOpen: events.registrationOpen,
      registrationClosesOn: events.registrationClosesOn,
      registrationOpensOn: events.registrationOpensOn,
      isComplete: events.isComplete,
      raceCount: count(races.id),
      promoter: { userId: promoters.userId, name: promoters.name, names: promoters.names },
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .leftJoin(races, and(eq(races.eventId, events.id), raceShown()))
    .where(and(eventShown(), where))
    .groupBy(events.id, promoters.id)
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map(({ registrationOpen, registrationClosesOn, registrationOpensOn, ...e }) => ({
    ...e,
    registrationStatus: registrationStatus({ registrationOpen, registrationClosesOn, registrationOpensOn, startDate: e.startDate, endDate: e.endDate, isComplete: e.isComplete }, today),
  }));
}

/** Whether an event is still to come or running on `today` (its last day is today or later). */
export function isUpcoming(event: { startDate: string; endDate: string | null }, today: string): boolean {
  return (event.endDate ?? event.startDate) >= today;
}

/** Splits events (any order) into upcoming (soonest first) and past seasons (newest first). Pure. */
export function groupBySeason(cards: EventCard[], today: string): EventsBySeason {
  const byDate = [...cards].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
  const upcoming = byDate.filter((e) => isUpcoming(e, today));
  const past = byDate.filter((e) => !isUpcoming(e, today)).reverse();
  const seasons = new Map<number, EventCard[]>();
  for (const e of past) {
    const season = Number(e.startDate.slice(0, 4));
    seasons.set(season, [...(seasons.get(season) ?? []), e]);
  }
  return { upcoming, seasons: [...seasons].map(([season, list]) => ({ season, events: list })) };
}
