/**
 * A straightforward reference of the standings rules (spec §4 Series results; §3 Series
 * table) for the engine's randomized test: objects, comparison sorts, no typed columns — slow
 * but short enough to check by reading against the rules in ./compute.ts. Teams are not
 * included (./teams.ts has no optimized path). Test support only; pure.
 */
import type { TieBreak } from '../../../contracts/series';
import { countedRacesOf, countedResults, resultFilter } from './select';
import type { EngineInput, EngineRaceScore, EngineRow } from './types';

type Scope = 0 | 1 | 2;
const SCOPES: Scope[] = [0, 1, 2];

interface Cell {
  races: EngineRaceScore[];
  scored: boolean;
  emergency: number;
  sums: number[];
  placeable: boolean[];
  places: (number | null)[];
  points: (number | null)[];
  drop: boolean[];
}
interface Row {
  riderKey: string;
  className: string | null;
  classGroup: string | null;
  cells: (Cell | null)[];
}

const pointsFor = (table: readonly number[], place: number | null) => (place !== null && place >= 1 && place <= table.length ? table[place - 1] : 0);
const positionIn = (r: Omit<EngineRaceScore, 'raceId' | 'points'>, s: Scope) => (s === 0 ? r.position : s === 1 ? r.classPosition : r.groupPosition);
const scores = (state: string, dnf: boolean) => state === 'finished' || state === 'running' || (state === 'DNF' && dnf);
/** Smaller first; null after any number. */
const nullLast = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b);

/** Standard competition ranking by `compare`. */
function rank<T>(items: T[], compare: (a: T, b: T) => number, set: (item: T, position: number) => void) {
  const sorted = items.slice().sort(compare);
  let last = 0;
  sorted.forEach((item, i) => {
    if (i === 0 || compare(sorted[i - 1], item) !== 0) last = i + 1;
    set(item, last);
  });
}

function fieldKey(row: Row, s: Scope): string | undefined {
  if (s === 0) return '';
  if (s === 1) return `c:${row.className}`;
  return row.classGroup === null ? undefined : `g:${row.classGroup}`;
}

interface TieData {
  places: number[];
  eventPoints: (number | null)[];
  emergency: number;
}

function compareTies(order: readonly TieBreak[], a: TieData, b: TieData): number {
  for (const rule of order) {
    let d = 0;
    if (rule === 'better-finishes') {
      // Count 1st places, then 2nd places, …
      const maxPlace = Math.max(0, ...a.places, ...b.places);
      for (let p = 1; p <= maxPlace && d === 0; p++) d = b.places.filter((x) => x === p).length - a.places.filter((x) => x === p).length;
    } else if (rule === 'latest-race') {
      for (let e = a.eventPoints.length - 1; e >= 0 && d === 0; e--) {
        const pa = a.eventPoints[e];
        const pb = b.eventPoints[e];
        d = pa === pb ? 0 : pa === null ? 1 : pb === null ? -1 : pb - pa;
      }
    } else {
      d = a.emergency - b.emergency;
    }
    if (d !== 0) return d;
  }
  return 0;
}

/** The rider rows of `computeStandings` (teams left out), computed the simple way. */
export function referenceRows(input: EngineInput): EngineRow[] {
  const { rules, events } = input;
  const n = events.length;
  const excluded = new Set([...rules.excludedRaceIds, ...(input.excludeRaceIds ?? [])]);
  const keep = resultFilter(rules);
  const rows = new Map<string, Row>();
  events.forEach((event, e) => {
    const eventCells: { row: Row; cell: Cell }[] = [];
    for (const { race, results } of countedResults(countedRacesOf(event, excluded), keep, input.seriesType)) {
      for (const r of results) {
        const key = JSON.stringify([r.className, r.riderKey]);
        let row = rows.get(key);
        if (!row) rows.set(key, (row = { riderKey: r.riderKey, className: r.className, classGroup: r.classGroup, cells: new Array(n).fill(null) }));
        else if (r.classGroup !== null) row.classGroup = r.classGroup;
        let cell = row.cells[e];
        if (!cell) {
          cell = row.cells[e] = { races: [], scored: false, emergency: 0, sums: [0, 0, 0], placeable: [false, false, false], places: [null, null, null], points: [null, null, null], drop: [false, false, false] };
          eventCells.push({ row, cell });
        }
        for (const s of SCOPES) {
          const position = scores(r.state, rules.dnfScores) ? positionIn(r, s) : null;
          if (position !== null) cell.placeable[s] = true;
          cell.sums[s] += pointsFor(rules.pointsTable, position);
        }
        if (r.state !== 'DNS') cell.scored = true;
        cell.emergency += r.emergencyPoints ?? 0;
        const classPosition = scores(r.state, rules.dnfScores) ? r.classPosition : null;
        cell.races.push({ raceId: race.id, position: r.position, classPosition: r.classPosition, groupPosition: r.groupPosition, state: r.state, points: rules.scoring === 'moto' ? pointsFor(rules.pointsTable, classPosition) : 0 });
      }
    }
    for (const s of SCOPES) {
      const fields = new Map<string, { row: Row; cell: Cell }[]>();
      for (const x of eventCells) {
        const k = fieldKey(x.row, s);
        if (k === undefined || !x.cell.placeable[s]) continue;
        fields.set(k, [...(fields.get(k) ?? []), x]);
      }
      for (const field of fields.values()) {
        rank(
          field,
          (a, b) => {
            if (a.cell.sums[s] !== b.cell.sums[s]) return b.cell.sums[s] - a.cell.sums[s];
            for (let i = a.cell.races.length - 1, j = b.cell.races.length - 1; i >= 0 || j >= 0; i--, j--) {
              const pa = i >= 0 && scores(a.cell.races[i].state, rules.dnfScores) ? positionIn(a.cell.races[i], s) : null;
              const pb = j >= 0 && scores(b.cell.races[j].state, rules.dnfScores) ? positionIn(b.cell.races[j], s) : null;
              const d = nullLast(pa, pb);
              if (d !== 0) return d;
            }
            return 0;
          },
          (x, place) => (x.cell.places[s] = place),
        );
      }
      for (const { cell } of eventCells) {
        cell.points[s] = !cell.scored ? null : rules.scoring === 'moto' ? cell.sums[s] : pointsFor(rules.pointsTable, cell.places[s]);
      }
    }
  });

  const counted = rules.bestResults ?? Math.max(0, n - rules.dropScores);
  const all = [...rows.values()].map((row) => {
    const eventsScored = row.cells.filter((c) => c?.scored).length;
    const scopes = SCOPES.map((s) => {
      const attended = row.cells.map((c, e) => ({ c, e })).filter(({ c }) => c !== null && c.points[s] !== null);
      // Best first; equal: the later event first. The tail beyond `counted` is dropped.
      attended.sort((a, b) => (b.c?.points[s] ?? 0) - (a.c?.points[s] ?? 0) || b.e - a.e);
      attended.forEach(({ c }, k) => {
        if (c) c.drop[s] = k >= counted;
      });
      const kept = attended.filter(({ c }) => c && !c.drop[s]);
      const tie: TieData = {
        places: kept.map(({ c }) => c?.places[s] ?? null).filter((p): p is number => p !== null),
        eventPoints: row.cells.map((c) => c?.points[s] ?? null),
        emergency: kept.reduce((sum, { c }) => sum + (c?.emergency ?? 0), 0),
      };
      return { total: kept.reduce((sum, { c }) => sum + (c?.points[s] ?? 0), 0), tie, position: null as number | null };
    });
    return { row, eventsScored, classified: eventsScored >= rules.minEvents, scopes };
  });
  for (const s of SCOPES) {
    const fields = new Map<string, typeof all>();
    for (const x of all) {
      const k = fieldKey(x.row, s);
      if (k === undefined || !x.classified) continue;
      fields.set(k, [...(fields.get(k) ?? []), x]);
    }
    for (const field of fields.values()) {
      rank(
        field,
        (a, b) => b.scopes[s].total - a.scopes[s].total || compareTies(rules.tieBreak, a.scopes[s].tie, b.scopes[s].tie),
        (x, position) => (x.scopes[s].position = position),
      );
    }
  }
  const text = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  all.sort(
    (a, b) =>
      Number(b.classified) - Number(a.classified) ||
      (a.classified ? (a.scopes[0].position ?? 0) - (b.scopes[0].position ?? 0) : 0) ||
      b.scopes[0].total - a.scopes[0].total ||
      text(a.row.className, b.row.className) ||
      text(a.row.riderKey, b.row.riderKey),
  );
  return all.map(({ row, eventsScored, classified, scopes }) => ({
    riderKey: row.riderKey,
    className: row.className,
    classGroup: row.classGroup,
    overall: { position: scopes[0].position, points: scopes[0].total },
    class: { position: scopes[1].position, points: scopes[1].total },
    group: { position: scopes[2].position, points: scopes[2].total },
    eventsScored,
    classified,
    emergencyPoints: scopes[1].tie.emergency,
    events: row.cells.map((c, e) =>
      c === null
        ? null
        : {
            eventId: events[e].id,
            overall: { points: c.points[0], position: c.places[0], drop: c.drop[0] },
            class: { points: c.points[1], position: c.places[1], drop: c.drop[1] },
            group: { points: c.points[2], position: c.places[2], drop: c.drop[2] },
            races: c.races,
          },
    ),
  }));
}
