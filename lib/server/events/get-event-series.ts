/**
 * The series (championships) an event counts for (spec §2 Event page: series; §7 GET
 * livelaps/promoter/event/{id}/series and livelaps/promoter/event/getRaceSeries/{id}): the
 * public series holding the event, each with its season, its number of rounds (its public
 * events) and this event's round.
 */
import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { EventSeries } from '../../contracts/events';
import { getDb } from '../db';
import { events, series, seriesEvents } from '../db/schema';
import { requirePublicRace } from './public-event';
import { eventShown, seriesShown } from './visibility';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

/** The public series event `eventId` counts for, by season start then name (no check of the event's visibility). */
export const getEventSeries = cachedRead('getEventSeries', async function getEventSeries(eventId: number): Promise<EventSeries[]> {
  const db = getDb();
  const list = await db
    .select({ id: series.id, name: series.name, startDate: series.startDate, endDate: series.endDate, seriesType: series.seriesType })
    .from(seriesEvents)
    .innerJoin(series, eq(series.id, seriesEvents.seriesId))
    .where(and(eq(seriesEvents.eventId, eventId), seriesShown()))
    .orderBy(asc(series.startDate), asc(series.name), asc(series.id));
  tagRead(tags.event(eventId), ...list.map((s) => tags.series(s.id)));
  if (!list.length) return [];
  const rounds = await db
    .select({ seriesId: seriesEvents.seriesId, eventId: events.id })
    .from(seriesEvents)
    .innerJoin(events, eq(events.id, seriesEvents.eventId))
    .where(
      and(
        inArray(
          seriesEvents.seriesId,
          list.map((s) => s.id),
        ),
        eventShown(),
      ),
    )
    .orderBy(asc(events.startDate), asc(events.id));
  return list.map((s) => {
    const ids = rounds.filter((r) => r.seriesId === s.id).map((r) => r.eventId);
    return { ...s, roundCount: ids.length, round: ids.indexOf(eventId) + 1 };
  });
});

/**
 * The public series of the event holding race `raceId`.
 * @throws AppError `not_found` when the race is unknown, hidden, or its event hidden.
 */
export async function getRaceSeries(raceId: number): Promise<EventSeries[]> {
  const race = await requirePublicRace(raceId);
  return getEventSeries(race.event.id);
}
