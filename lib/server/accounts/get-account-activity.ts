/**
 * A participant's racing as their account page shows it (issue 11 "Profiles": "sees their
 * results, series points and registrations"): `getAccountActivity(profileId)` for the holder's
 * own profile (or one of their minors', the caller having checked the family).
 *
 * - `results`: every entry with a result of the profile's racer records, its own record and the
 *   imported ones it claimed (./claims.ts), in public races of shown events (the racer's public
 *   record of competition), newest event first, then the later race first; `state` is
 *   DNF/DNS/DSQ or null (finished, running).
 * - `series`: their standing in each public series and class they scored in, from the series'
 *   own standings: lib/server/trackside `racerPointsOf` (the trackside points tab), over those
 *   records. A series whose standings cannot be computed is left out.
 * - `registrations`: the online registrations of the profile's own racer record (the site
 *   writes registrations on it), latest event first, with their state.
 *
 * Personal (a page showing it calls `currentUser()` and is never stored by the page cache).
 * Unknown profile: empty lists.
 */
import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AccountActivity } from '../../contracts/account';
import { getDb } from '../db';
import { classes, entries, events, participantClaims, participantProfiles, participants, races, registrations, results } from '../db/schema';
import { eventShown } from '../events/visibility';
import { racerPointsOf } from '../trackside/get-racer-points';
import type { LoadedRacer } from '../trackside/load-racer';
import { raceShown } from '../policy/visibility';

/** The racer records of profile `profileId`: its own first, then the ones it claimed; empty when unknown. */
export async function profileParticipantIds(profileId: number): Promise<number[]> {
  const db = getDb();
  const [own] = await db.select({ id: participantProfiles.participantId }).from(participantProfiles).where(eq(participantProfiles.id, profileId));
  if (!own) return [];
  const claimed = await db.select({ id: participantClaims.participantId }).from(participantClaims).where(eq(participantClaims.profileId, profileId)).orderBy(participantClaims.participantId);
  return [own.id, ...claimed.map((c) => c.id)];
}

/** The racing of profile `profileId` (see the module's docstring). */
export async function getAccountActivity(profileId: number): Promise<AccountActivity> {
  const ids = await profileParticipantIds(profileId);
  if (!ids.length) return { results: [], series: [], registrations: [] };
  const db = getDb();
  const rows = await db
    .select({
      entryId: entries.id,
      participantId: entries.participantId,
      firstName: participants.firstName,
      lastName: participants.lastName,
      homeCity: participants.city,
      homeState: participants.state,
      brand: entries.brand,
      raceNumber: entries.raceNumber,
      className: classes.name,
      raceId: races.id,
      raceName: races.name,
      eventId: events.id,
      eventName: events.name,
      startDate: events.startDate,
      position: results.position,
      classPosition: results.classPosition,
      laps: results.laps,
      bestLapMs: results.bestLapMs,
      totalTimeMs: results.totalTimeMs,
      state: results.state,
      points: results.points,
    })
    .from(entries)
    .innerJoin(participants, eq(participants.id, entries.participantId))
    .innerJoin(results, eq(results.entryId, entries.id))
    .innerJoin(races, and(eq(races.id, entries.raceId), raceShown()))
    .innerJoin(events, eq(events.id, races.eventId))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .where(and(inArray(entries.participantId, ids), eventShown()))
    .orderBy(desc(events.startDate), desc(events.id), desc(races.sortOrder), desc(races.id), desc(entries.id));

  const racer: LoadedRacer = { id: ids[0]!, participantIds: ids, entries: rows.map((r) => ({ ...r, live: false })) };
  const points = rows.length ? await racerPointsOf(racer) : { series: [], failed: [] };

  const regs = await db
    .select({ id: registrations.id, eventId: events.id, eventName: events.name, date: events.startDate, className: classes.name, state: registrations.state })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(classes, eq(classes.id, registrations.classId))
    .where(eq(registrations.participantId, ids[0]!))
    .orderBy(desc(events.startDate), desc(registrations.id));

  return {
    results: rows.map((r) => ({
      raceId: r.raceId,
      raceName: r.raceName,
      eventId: r.eventId,
      eventName: r.eventName,
      date: r.startDate,
      className: r.className,
      position: r.position,
      classPosition: r.classPosition,
      state: r.state === 'DNF' || r.state === 'DNS' || r.state === 'DSQ' ? r.state : null,
      number: r.raceNumber,
    })),
    series: points.series.map((s) => ({ seriesId: s.seriesId, seriesName: s.seriesName, className: s.className, position: s.position, points: s.points })),
    registrations: regs,
  };
}
