/**
 * RMonitor session → normalised races (`ImportedEvent` / `ImportedRace`, spec §3 Race and
 * Race results columns): one sprint race per run with at least one `$J` passing; entries
 * sorted by their last `$G` position; gaps, best laps, states, the race clock (`$F`),
 * section times from `$L` line crossings and the `$T` track sections, and the start grid
 * (`startGrid`). Reads the session,
 * never changes it, so a live feed can take a snapshot at any moment.
 */
import type {
  ImportedEntry,
  ImportedEvent,
  ImportedPassing,
  ImportedRace,
  ImportedSectionTime,
  ImportReport,
  ResultColumn,
  ResultState,
} from '../../import/types';
import { blankResult } from '../../import/types';
import type { TrackSection } from './decode';
import type { RMonitorSession, Run } from './session';

/** Splits the free "nationality" field: a 2–3 letter code is a country, anything else a brand. */
function countryOrBrand(nationality: string): { country: string | null; brand: string | null } {
  if (nationality === '') return { country: null, brand: null };
  if (/^[A-Za-z]{2,3}$/.test(nationality)) return { country: nationality.toUpperCase(), brand: null };
  return { country: null, brand: nationality.replace(/\s+/g, ' ') };
}

/**
 * The cars that took part in `run`: every car with a `$G`, `$J` or a timed `$H` in it, and
 * every car with an untimed `$H` that `$A`/`$COMP` describe. A car known only from untimed
 * `$H` records (a leftover of another session) is not an entrant.
 */
export function entrants(run: Run): string[] {
  return run.order.filter((regNo) => run.timed.has(regNo) || run.roster.competitors.has(regNo));
}

/**
 * Section times of one car from its `$L` crossings (stream order, read times ISO): for each
 * `$T` section, the time (ms) between a crossing of its start line and the next crossing of its
 * end line (a section from a line to itself is a lap of that line). The LAST such time per
 * section is kept, so the detail shows the latest lap's sections; null when never timed.
 */
export function sectionTimes(crossings: ImportedPassing[], sections: TrackSection[]): ImportedSectionTime[] {
  const last = new Map<string, number>();
  const times = new Map<string, number>();
  for (const p of crossings) {
    if (p.section === null || p.readTime === null) continue;
    const t = Date.parse(`${p.readTime}Z`);
    for (const s of sections) {
      if (s.end !== p.section) continue;
      const start = last.get(s.start);
      const endBefore = last.get(s.end);
      // From start to end without crossing the end line in between.
      if (start !== undefined && start < t && (s.start === s.end || endBefore === undefined || endBefore < start)) {
        times.set(s.name, t - start);
      }
    }
    last.set(p.section, t);
  }
  return sections.map((s) => ({ section: s.name, timeMs: times.get(s.name) ?? null }));
}

/**
 * The start grid of `run` among `keys` (its entrants): reg# → grid position (1 = front), from
 * the `$G` order frozen when the first lap was completed (`Run.gridSnapshot`). Null when no lap
 * was completed, or when a car that took the start (has a finish-line passing) had not crossed
 * the line by then: a capture that begins mid-run, or a practice session where cars leave the
 * pits one by one, has no start grid.
 */
export function startGrid(run: Run, keys: string[]): Map<string, number> | null {
  const snapshot = run.gridSnapshot;
  if (!snapshot || snapshot.size === 0) return null;
  const started = keys.filter((regNo) => (run.laps.get(regNo)?.length ?? 0) > 0);
  if (!started.every((regNo) => snapshot.has(regNo))) return null;
  const order = started.sort((a, b) => snapshot.get(a)! - snapshot.get(b)!);
  return new Map(order.map((regNo, i) => [regNo, i + 1]));
}

function buildEntry(run: Run, regNo: string, finished: boolean, sections: TrackSection[], crossings: ImportedPassing[], grid: number | null): ImportedEntry {
  const comp = run.roster.competitors.get(regNo);
  const standing = run.standings.get(regNo);
  const best = run.bests.get(regNo);
  const laps = run.laps.get(regNo) ?? [];
  const last = laps.at(-1);

  let bestLapMs = best?.bestLapMs ?? null;
  let bestLapNumber = best?.bestLapNo ?? null;
  if (!best) {
    laps.forEach((p, lap) => {
      if (p.lapTimeMs !== null && (bestLapMs === null || p.lapTimeMs < bestLapMs)) {
        bestLapMs = p.lapTimeMs;
        bestLapNumber = lap;
      }
    });
  }
  const lapCount = standing?.laps ?? (laps.length > 0 ? laps.length - 1 : null);
  let state: ResultState = finished ? 'finished' : 'running';
  if (finished && laps.length === 0 && !lapCount) state = 'DNS';

  const result = blankResult(state);
  result.position = standing?.position ?? null;
  result.laps = lapCount;
  result.totalTimeMs = standing?.totalTimeMs ?? last?.totalTimeMs ?? null;
  result.bestLapMs = bestLapMs;
  result.bestLapNumber = bestLapNumber;
  result.lastLapMs = last?.lapTimeMs ?? null;

  const { country, brand } = countryOrBrand(comp?.nationality ?? '');
  return {
    key: regNo,
    raceNumber: comp?.number || regNo,
    firstName: comp?.firstName ?? '',
    lastName: comp?.lastName ?? '',
    className: comp?.classNo != null ? (run.roster.classes.get(comp.classNo) ?? null) : null,
    brand,
    teamKey: comp?.additional ?? null,
    transponder: comp?.transponder ?? null,
    city: null,
    state: null,
    country,
    result,
    sectionTimes: sections.length > 0 ? sectionTimes(crossings, sections) : [],
    gridPosition: grid,
    gridLabel: null,
  };
}

/** One run as a sprint race; see `toImportedEvent`. */
export function toRace(run: Run, trackSections: TrackSection[] = []): ImportedRace {
  const finished = run.lastFlag?.toLowerCase() === 'finish';
  const keys = entrants(run);
  const keySet = new Set(keys);
  const passings = run.passings.filter((p) => keySet.has(p.entryKey)).map((p) => ({ ...p }));
  const crossingsByCar = new Map<string, ImportedPassing[]>();
  for (const p of passings) {
    if (p.section === null) continue;
    const list = crossingsByCar.get(p.entryKey);
    if (list) list.push(p);
    else crossingsByCar.set(p.entryKey, [p]);
  }

  const grid = startGrid(run, keys);
  const entries = keys.map((regNo, index) => ({
    index,
    entry: buildEntry(run, regNo, finished, trackSections, crossingsByCar.get(regNo) ?? [], grid?.get(regNo) ?? null),
  }));
  entries.sort(
    (a, b) =>
      (a.entry.result.position ?? Number.MAX_SAFE_INTEGER) - (b.entry.result.position ?? Number.MAX_SAFE_INTEGER) ||
      a.index - b.index,
  );
  const sorted = entries.map((e) => e.entry);

  // Gap to the leader and difference to the car ahead, only between cars on the same lap.
  const leader = sorted[0]?.result;
  sorted.forEach((entry, i) => {
    const r = entry.result;
    if (i === 0 || r.totalTimeMs === null || r.laps === null) return;
    if (leader && leader.laps === r.laps && leader.totalTimeMs !== null) r.gapMs = r.totalTimeMs - leader.totalTimeMs;
    const ahead = sorted[i - 1].result;
    if (ahead.laps === r.laps && ahead.totalTimeMs !== null) r.diffMs = r.totalTimeMs - ahead.totalTimeMs;
  });

  const classNos = new Map<string, number>();
  for (const regNo of keys) {
    const classNo = run.roster.competitors.get(regNo)?.classNo;
    if (classNo == null) continue;
    const name = run.roster.classes.get(classNo);
    if (name !== undefined && !classNos.has(name)) classNos.set(name, classNo);
  }
  const classes = [...classNos.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);

  const columns: ResultColumn[] = ['position', 'number', 'name'];
  if (classes.length > 1) columns.push('class');
  if (sorted.some((e) => e.brand)) columns.push('brand');
  if (sorted.some((e) => e.teamKey)) columns.push('team');
  columns.push('laps', 'lastLap', 'bestLap', 'totalTime', 'gap', 'state');

  const sections =
    trackSections.length > 0
      ? trackSections.map((s) => s.name)
      : [...new Set(passings.flatMap((p) => (p.section === null ? [] : [p.section])))];

  return {
    name: run.description ?? 'Unnamed run',
    runNumber: run.runNumber,
    kind: 'sprint',
    classes,
    teamClasses: [],
    columns,
    teamColumns: [],
    sections,
    startTime: null,
    clock: run.clock ? { ...run.clock } : null,
    entries: sorted,
    teams: [],
    passings,
  };
}

/**
 * The event as the session shows it now: one sprint race per run with at least one `$J`
 * passing, in order of appearance. Event name = `opts.eventName`, else the first race's name,
 * else the file's base name; startDate from the first `$I` (else the first `$L`); location and
 * track length (km) from `$E`. `report` carries the session's unknown message counts plus the
 * given skipped lines. Times in ms.
 */
export function toImportedEvent(
  session: RMonitorSession,
  opts: { fileName?: string; eventName?: string; skippedLines?: ImportReport['skippedLines'] } = {},
): ImportedEvent {
  const sections = session.track?.sections ?? [];
  const races = session.runs.filter((run) => run.passings.some((p) => p.section === null)).map((run) => toRace(run, sections));
  const fileBase = opts.fileName?.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  return {
    source: 'rmonitor',
    name: opts.eventName ?? races[0]?.name ?? (fileBase || 'RMonitor session'),
    startDate: session.resetDate ?? session.loopDate,
    location: session.trackName ?? session.track?.name ?? null,
    trackLengthKm: session.trackLengthKm,
    races,
    report: { unknownMessages: { ...session.unknownMessages }, skippedLines: [...(opts.skippedLines ?? [])] },
  };
}
