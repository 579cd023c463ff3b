/**
 * A series' leaders (spec §2 Event page: series, promoter tab Championship, the home page's
 * series leaders; §3 Series table; issue 25 "Pine Hill's Series tab says no points yet while the
 * ECEA series shows its points"): the first riders of each class exactly as the series page
 * lists them, from the same engine output (`getSeriesResults`). The series page orders a class
 * as the classified riders by class position, then the riders under the series' minimum of
 * events ("NC") by points; the leaders are the first rows of that order, so a series whose riders
 * are all under the minimum still shows who leads on points, marked not classified.
 */
import 'server-only';
import type { SeriesResultRow, SeriesResults } from '../../contracts/series';

/** One leader: the class position (null: not classified yet, under the minimum of events) and class points. */
export interface LeaderRow {
  riderKey: string;
  participantId: number;
  number: string | null;
  name: string;
  position: number | null;
  points: number;
}

export interface ClassLeaders {
  className: string;
  rows: LeaderRow[];
}

const sortName = (r: SeriesResultRow) => `${r.lastName} ${r.firstName}`;
const isClassified = (r: SeriesResultRow) => r.classified && r.class.position !== null;

/**
 * The class rows of `rows` in the series page's order (components/series/standings-model.ts
 * `orderRows` over the class standing): classified by class position then name, then the
 * others by class points (best first) then name.
 */
export function classOrder(rows: SeriesResultRow[]): SeriesResultRow[] {
  const classified = rows.filter(isClassified).sort((a, b) => a.class.position! - b.class.position! || sortName(a).localeCompare(sortName(b)));
  const others = rows.filter((r) => !isClassified(r)).sort((a, b) => b.class.points - a.class.points || sortName(a).localeCompare(sortName(b)));
  return [...classified, ...others];
}

/**
 * The classes of `results` (of those that raced `eventId`, when given; in the standings'
 * order), each with its first `top` riders in the series page's order who have scored (points
 * above 0). Classes where nobody has scored are left out: an empty list means no points yet.
 */
export function classLeaders(results: SeriesResults, eventId: number | null, top = 3): ClassLeaders[] {
  const index = eventId === null ? -1 : results.events.findIndex((e) => e.id === eventId);
  const raced = new Set(results.data.filter((r) => index < 0 || r.events[index]).map((r) => r.className));
  const byClass = new Map<string, SeriesResultRow[]>();
  for (const row of results.data) {
    if (!row.className || !raced.has(row.className)) continue;
    const list = byClass.get(row.className) ?? [];
    list.push(row);
    byClass.set(row.className, list);
  }
  const out: ClassLeaders[] = [];
  for (const [className, rows] of byClass) {
    const leaders = classOrder(rows)
      .slice(0, top)
      .filter((r) => r.class.points > 0)
      .map((r) => ({
        riderKey: r.riderKey,
        participantId: r.participantId,
        number: r.number,
        name: `${r.firstName} ${r.lastName}`.trim(),
        position: isClassified(r) ? r.class.position : null,
        points: r.class.points,
      }));
    if (leaders.length) out.push({ className, rows: leaders });
  }
  return out;
}
