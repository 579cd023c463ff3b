/**
 * A racer's detail (spec §3 Racer detail: class, class rank, class points, overall rank,
 * overall points, brand, location, points earned; §2 /liveonlivelaps results tab), as
 * `racerDetail` in lib/contracts/trackside.ts describes it: name, race number and brand of
 * their latest race, location of their latest record, the standing in the series they scored
 * in most recently (class with the most points there) with the points that series gave them
 * at that event, and the race they ride now. GET livelaps/trackside/racer/{id}.
 */
import 'server-only';
import type { RacerDetail, RacerSeriesStanding } from '../../contracts/trackside';
import { getRacerPoints } from './get-racer-points';
import { loadRacer, locationOf } from './load-racer';

/** The standing the detail shows: the series scored in most recently, then the class with the most points. */
function currentStanding(standings: RacerSeriesStanding[]): RacerSeriesStanding | null {
  const scored = standings.filter((s) => s.lastEvent !== null);
  if (!scored.length) return null;
  return [...scored].sort((a, b) => b.lastEvent!.startDate.localeCompare(a.lastEvent!.startDate) || b.points - a.points || a.seriesId - b.seriesId)[0];
}

/**
 * The detail of racer `racerId` (a participant id).
 * @throws AppError `not_found` when the racer is unknown or has no race that may be shown.
 */
export async function getRacer(racerId: number): Promise<RacerDetail> {
  const [racer, points] = await Promise.all([loadRacer(racerId), getRacerPoints(racerId)]);
  const latest = racer.entries[0];
  const standing = currentStanding(points.series);
  const live = racer.entries.find((e) => e.live);
  return {
    id: racer.id,
    racerName: `${latest.firstName} ${latest.lastName}`.trim(),
    firstName: latest.firstName,
    lastName: latest.lastName,
    raceNumber: latest.raceNumber,
    location: locationOf(latest.homeCity, latest.homeState) ?? racer.entries.map((e) => locationOf(e.homeCity, e.homeState)).find((l) => l !== null) ?? null,
    brand: latest.brand ?? racer.entries.find((e) => e.brand)?.brand ?? null,
    className: standing?.className ?? latest.className,
    classRank: standing?.position ?? null,
    classPoints: standing?.points ?? null,
    overallRank: standing?.overallPosition ?? null,
    overallPoints: standing?.overallPoints ?? null,
    pointsEarned: standing?.lastEvent?.points ?? null,
    series: standing ? { id: standing.seriesId, name: standing.seriesName } : null,
    lastEvent: standing?.lastEvent ? { id: standing.lastEvent.id, name: standing.lastEvent.name, startDate: standing.lastEvent.startDate } : null,
    live: live ? { raceId: live.raceId, raceName: live.raceName, eventName: live.eventName } : null,
  };
}
