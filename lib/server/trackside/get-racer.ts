/**
 * A racer's detail (spec §3 Racer detail: class, class rank, class points, overall rank,
 * overall points, brand, location, points earned; §2 /liveonlivelaps results tab), as
 * `racerDetail` in lib/contracts/trackside.ts describes it: the summary (./load-racer.ts
 * `summaryOf`: name, race number and brand of their latest race, location of their latest
 * record, the race they ride now) with the standing in the series they scored in most recently
 * (class with the most points there) and the points that series gave them at that event. The
 * racer is loaded once and the standings computed once (./get-racer-points.ts `racerPointsOf`).
 * GET livelaps/trackside/racer/{id}.
 */
import 'server-only';
import type { RacerDetail, RacerPoints, RacerSeriesStanding } from '../../contracts/trackside';
import { racerPointsOf } from './get-racer-points';
import { loadRacer, summaryOf, type LoadedRacer } from './load-racer';

/** The standing the detail shows: the series scored in most recently, then the class with the most points. */
function currentStanding(standings: RacerSeriesStanding[]): RacerSeriesStanding | null {
  const scored = standings.filter((s) => s.lastEvent !== null);
  if (!scored.length) return null;
  return [...scored].sort((a, b) => b.lastEvent!.startDate.localeCompare(a.lastEvent!.startDate) || b.points - a.points || a.seriesId - b.seriesId)[0];
}

/** The detail of a loaded racer and their series points (pure). */
export function detailOf(racer: LoadedRacer, points: RacerPoints): RacerDetail {
  const summary = summaryOf(racer);
  const standing = currentStanding(points.series);
  return {
    ...summary,
    className: standing?.className ?? summary.className,
    classRank: standing?.position ?? null,
    classPoints: standing?.points ?? null,
    overallRank: standing?.overallPosition ?? null,
    // No overall place and no overall points: the series scored no overall for them (an enduro
    // timed by class gives no overall position); '—', not 'Overall points 0' beside class points (issue 25).
    overallPoints: standing && (standing.overallPosition !== null || standing.overallPoints > 0) ? standing.overallPoints : null,
    pointsEarned: standing?.lastEvent?.points ?? null,
    series: standing ? { id: standing.seriesId, name: standing.seriesName } : null,
    lastEvent: standing?.lastEvent ? { id: standing.lastEvent.id, name: standing.lastEvent.name, startDate: standing.lastEvent.startDate } : null,
  };
}

/**
 * The detail of racer `racerId` (a participant id).
 * @throws AppError `not_found` when the racer is unknown or has no race that may be shown.
 */
export async function getRacer(racerId: number): Promise<RacerDetail> {
  const racer = await loadRacer(racerId);
  return detailOf(racer, await racerPointsOf(racer));
}
