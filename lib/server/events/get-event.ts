/**
 * One event with its venue, registration settings and promoter (spec §2 /events/{id}, §3
 * Event, §4 Registration status; §7 livelaps/promoter/event/{id}).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { cache } from 'react';
import type { EventDescriptions } from '../../contracts/events';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { eventShownColumn } from '../policy/visibility';

export interface EventDetails {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD; null: a one-day event. */
  endDate: string | null;
  /** The venue's name (track, club grounds). */
  location: string | null;
  /** Street address of the venue. */
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  /** motocross, enduro, quad… (EVENT_DISCIPLINES), or a value the lists do not know; null when unknown. */
  discipline: string | null;
  /** Track length in km. */
  trackLengthKm: number | null;
  description: string | null;
  /** The description in French and Spanish where the promoter gave them (`describeEvent` picks one). */
  descriptions: EventDescriptions;
  source: string | null;
  /** Online registration enabled for the event (spec §1 per-event permission). */
  registrationOpen: boolean;
  /** Last day of online registration (YYYY-MM-DD); null: until the day before the start. */
  registrationClosesOn: string | null;
  /** First day of online registration (YYYY-MM-DD); null: as soon as it is allowed. */
  registrationOpensOn: string | null;
  /** The event has been run and its results are final (spec §4). */
  isComplete: boolean;
  /** Called off by its promoter (the page says so; registration is closed). */
  isCancelled: boolean;
  isPublic: boolean;
  organizationId: number | null;
  promoter: { id: number; userId: number; name: string };
}

/** One event with its promoter, or null when the id is unknown (deduplicated per request). */
export const getEvent = cache(cachedRead('getEvent', async function getEvent(id: number): Promise<EventDetails | null> {
  tagRead(tags.event(id));
  const [row] = await getDb()
    .select({
      id: events.id,
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
      trackLengthKm: events.trackLengthKm,
      description: events.description,
      descriptions: events.descriptions,
      source: events.source,
      registrationOpen: events.registrationOpen,
      registrationClosesOn: events.registrationClosesOn,
      registrationOpensOn: events.registrationOpensOn,
      isComplete: events.isComplete,
      isCancelled: events.isCancelled,
      // Shown to visitors: the event and its promoter are public (./visibility.ts).
      isPublic: eventShownColumn(),
      organizationId: events.organizationId,
      promoter: { id: promoters.id, userId: promoters.userId, name: promoters.name },
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.id, id));
  return row ?? null;
}));
