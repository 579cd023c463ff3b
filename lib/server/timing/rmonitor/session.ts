/**
 * RMonitor session state: the picture a timing feed builds up, fed one decoded message at a
 * time (RMonitor Timing Protocol + IMSA Enhanced RMonitor v1.03). Knows nothing about files
 * or lines: the file importer (`index.ts`) and the live TCP client feed it alike, and
 * `to-race.ts` turns it into races.
 *
 * Rules:
 * - each `$B` (run number + description) is a run; a repeated `$B` continues it; data received
 *   before the first `$B` of a roster belongs to that `$B` (captures that start mid-run);
 * - competitors (`$A`/`$COMP`) and classes (`$C`) belong to a roster that lives until the next
 *   `$I` reset; every run of that roster shows the LATEST details sent for a car (driver changes),
 *   even when they arrive after its last passing or during another run;
 * - `$J` passings repeating a total time already seen for that car in the run count once;
 * - `$COR` corrects the total time of the passing that completed lap `laps` (and the lap times
 *   around it); a correction that arrives before its passing waits for it;
 * - `$F` is kept whole: the run's clock is its last `$F` (a blank heartbeat with race time 0
 *   after the run's clock ran is the board being cleared and does not replace it);
 * - `$L` line crossings are kept as passings with the timing line as section; `$T` describes
 *   the track's sections (section times are computed by `to-race.ts`);
 * - the start grid is the `$G` order of the cars that crossed the line (lap 0) before anyone
 *   completed a lap: frozen at the run's first lap completion (a `$J` of lap 1 or more, or a
 *   `$G` with laps ≥ 1), read by `to-race.ts` (`startGrid`);
 * - message types the decoder does not know are counted in `unknownMessages`.
 */
import type { RaceClock } from '../../../contracts/results';
import type { ImportedPassing } from '../../import/types';
import type { RMonitorMessage, TrackSection, UnknownMessage } from './decode';

/** A competitor as last described by `$A`/`$COMP`. */
export interface Competitor {
  regNo: string;
  number: string;
  transponder: string | null;
  firstName: string;
  lastName: string;
  nationality: string;
  classNo: number | null;
  additional: string | null;
}

/** Competitors and classes from one `$I` reset to the next. */
export interface Roster {
  readonly competitors: Map<string, Competitor>;
  readonly classes: Map<number, string>;
  /** Runs of this roster by `runNo|description`. */
  readonly runs: Map<string, Run>;
}

/** A car's last `$G` standing: position, laps completed, total time (ms). */
export interface Standing {
  position: number;
  laps: number | null;
  totalTimeMs: number | null;
}

/** One `$B` run (or the data received before the first `$B` of a roster). */
export interface Run {
  readonly roster: Roster;
  runNumber: number | null;
  description: string | null;
  /** Registration numbers in order of their first `$G`/`$H`/`$J` in this run. */
  readonly order: string[];
  readonly standings: Map<string, Standing>;
  readonly bests: Map<string, { bestLapNo: number | null; bestLapMs: number | null }>;
  /** Cars seen in a `$G` or `$J` of this run, and cars with a `$H` best lap time. */
  readonly timed: Set<string>;
  /** Finish-line passings (`$J`) per car, lap 0 first; the same objects as in `passings`. */
  readonly laps: Map<string, ImportedPassing[]>;
  /** `$J` and `$L` passings in stream order (times in ms). */
  readonly passings: ImportedPassing[];
  /** `$COR` corrections waiting for their passing: `regNo|laps` → corrected total (ms). */
  readonly pendingCorrections: Map<string, number>;
  /** Number of `$COR` corrections applied. */
  corrections: number;
  /** Last non-blank `$F` flag. */
  lastFlag: string | null;
  /** The last `$F` received in this run (not counting a board-clearing blank one). */
  clock: RaceClock | null;
  /**
   * `$G` positions (reg# → position) of the cars on lap 0 that had crossed the line when the
   * first lap of the run was completed; null while no lap has been completed.
   */
  gridSnapshot: Map<string, number> | null;
}

/** `$T` track description. */
export interface Track {
  name: string;
  shortName: string;
  distance: string;
  sections: TrackSection[];
}

function newRoster(): Roster {
  return { competitors: new Map(), classes: new Map(), runs: new Map() };
}

function newRun(roster: Roster, runNumber: number | null, description: string | null): Run {
  return {
    roster,
    runNumber,
    description,
    order: [],
    standings: new Map(),
    bests: new Map(),
    timed: new Set(),
    laps: new Map(),
    passings: [],
    pendingCorrections: new Map(),
    corrections: 0,
    lastFlag: null,
    clock: null,
    gridSnapshot: null,
  };
}

/** The stateful picture of one RMonitor feed; see the rules in the file's docstring. */
export class RMonitorSession {
  private roster: Roster = newRoster();
  private current: Run | null = null;
  /** Every run in order of appearance (across `$I` resets). */
  readonly runs: Run[] = [];
  trackName: string | null = null;
  /** Track length in km (`$E TRACKLENGTH` is in miles). */
  trackLengthKm: number | null = null;
  /** `$T` track description, when sent. */
  track: Track | null = null;
  /** Date of the first `$I` reset (`YYYY-MM-DD`). */
  resetDate: string | null = null;
  /** Date of the first `$L` line crossing. */
  loopDate: string | null = null;
  /** Unknown message types (without `$`) and how often each was received. */
  readonly unknownMessages: Record<string, number> = {};

  /** Applies one decoded message (from `decodeLine`); null (a blank line) is ignored. */
  apply(msg: RMonitorMessage | UnknownMessage | null): void {
    if (msg === null) return;
    switch (msg.tag) {
      case 'unknown':
        this.unknownMessages[msg.type] = (this.unknownMessages[msg.type] ?? 0) + 1;
        break;
      case 'A':
      case 'COMP': {
        const comp = this.competitor(msg.regNo);
        comp.number = msg.number || msg.regNo;
        comp.firstName = msg.firstName;
        comp.lastName = msg.lastName;
        comp.nationality = msg.nationality;
        comp.classNo = msg.classNo;
        if (msg.tag === 'A') comp.transponder = msg.transponder;
        else comp.additional = msg.additional;
        break;
      }
      case 'B': {
        const key = `${msg.runNo}|${msg.description}`;
        const existing = this.roster.runs.get(key);
        if (existing) {
          this.current = existing;
        } else if (this.current && this.current.runNumber === null) {
          // Data received before the first $B of the roster belongs to this run.
          this.current.runNumber = msg.runNo;
          this.current.description = msg.description;
          this.roster.runs.set(key, this.current);
        } else {
          const run = newRun(this.roster, msg.runNo, msg.description);
          this.roster.runs.set(key, run);
          this.runs.push(run);
          this.current = run;
        }
        break;
      }
      case 'C':
        this.roster.classes.set(msg.classNo, msg.description);
        break;
      case 'E':
        if (msg.item === 'TRACKNAME' && msg.value) this.trackName = msg.value;
        if (msg.trackLengthKm !== null) this.trackLengthKm = msg.trackLengthKm;
        break;
      case 'F': {
        const run = this.run();
        if (msg.flag) run.lastFlag = msg.flag;
        // A blank heartbeat (no flag, race time 0) after the run has run is the timing system
        // clearing its board before the next run, not this run's clock.
        const cleared = msg.flag === null && !msg.raceTimeMs;
        if (!cleared || !run.clock?.raceTimeMs) {
          run.clock = { flag: msg.flag, lapsToGo: msg.lapsToGo, timeToGoMs: msg.timeToGoMs, timeOfDay: msg.timeOfDay, raceTimeMs: msg.raceTimeMs };
        }
        break;
      }
      case 'G': {
        const run = this.run();
        if (msg.laps !== null && msg.laps >= 1) this.freezeGrid(run);
        this.touch(run, msg.regNo);
        run.timed.add(msg.regNo);
        run.standings.set(msg.regNo, { position: msg.position, laps: msg.laps, totalTimeMs: msg.totalTimeMs });
        break;
      }
      case 'H': {
        const run = this.run();
        this.touch(run, msg.regNo);
        if (msg.bestLapMs !== null) run.timed.add(msg.regNo);
        run.bests.set(msg.regNo, { bestLapNo: msg.bestLapNo, bestLapMs: msg.bestLapMs });
        break;
      }
      case 'I':
        this.resetDate ??= msg.date;
        this.current = null;
        this.roster = newRoster();
        break;
      case 'J':
        this.passing(msg.regNo, msg.lapTimeMs, msg.totalTimeMs);
        break;
      case 'COR':
        this.correct(msg.regNo, msg.laps, msg.totalTimeMs);
        break;
      case 'L':
        this.loopDate ??= msg.date;
        this.run().passings.push({
          entryKey: msg.regNo,
          lapNumber: null,
          lapTimeMs: null,
          totalTimeMs: null,
          section: msg.timeline,
          readTime: msg.readTime,
        });
        break;
      case 'T':
        this.track = { name: msg.trackName, shortName: msg.shortName, distance: msg.distance, sections: msg.sections };
        break;
    }
  }

  /** The run messages currently go to (created when data arrives before any `$B`). */
  private run(): Run {
    if (!this.current) {
      this.current = newRun(this.roster, null, null);
      this.runs.push(this.current);
    }
    return this.current;
  }

  private competitor(regNo: string): Competitor {
    let comp = this.roster.competitors.get(regNo);
    if (!comp) {
      comp = { regNo, number: regNo, transponder: null, firstName: '', lastName: '', nationality: '', classNo: null, additional: null };
      this.roster.competitors.set(regNo, comp);
    }
    return comp;
  }

  private touch(run: Run, regNo: string): void {
    if (!run.laps.has(regNo)) {
      run.laps.set(regNo, []);
      run.order.push(regNo);
    }
  }

  private passing(regNo: string, lapTimeMs: number | null, totalTimeMs: number): void {
    const run = this.run();
    this.touch(run, regNo);
    run.timed.add(regNo);
    const laps = run.laps.get(regNo)!;
    if (laps.some((p) => p.totalTimeMs === totalTimeMs)) return;
    const lapNumber = laps.length;
    if (lapNumber >= 1) this.freezeGrid(run);
    const passing: ImportedPassing = { entryKey: regNo, lapNumber, lapTimeMs, totalTimeMs, section: null, readTime: null };
    laps.push(passing);
    run.passings.push(passing);
    const pending = run.pendingCorrections.get(`${regNo}|${lapNumber}`);
    if (pending !== undefined) {
      run.pendingCorrections.delete(`${regNo}|${lapNumber}`);
      this.correct(regNo, lapNumber, pending);
    }
  }

  /** The first lap of `run` is being completed: keep the order of the cars that have started (lap 0). */
  private freezeGrid(run: Run): void {
    if (run.gridSnapshot) return;
    const grid = new Map<string, number>();
    for (const [regNo, standing] of run.standings) {
      if (!standing.laps && (run.laps.get(regNo)?.length ?? 0) > 0) grid.set(regNo, standing.position);
    }
    run.gridSnapshot = grid;
  }

  /** `$COR`: the passing that completed lap `lap` now has `totalTimeMs`. */
  private correct(regNo: string, lap: number, totalTimeMs: number): void {
    const run = this.run();
    const laps = run.laps.get(regNo);
    const passing = laps?.[lap];
    if (!laps || !passing || passing.totalTimeMs === null) {
      run.pendingCorrections.set(`${regNo}|${lap}`, totalTimeMs);
      return;
    }
    const old = passing.totalTimeMs;
    const delta = totalTimeMs - old;
    passing.totalTimeMs = totalTimeMs;
    if (passing.lapTimeMs !== null) passing.lapTimeMs += delta;
    const next = laps[lap + 1];
    if (next?.lapTimeMs != null) next.lapTimeMs -= delta;
    const standing = run.standings.get(regNo);
    if (standing && standing.laps === lap && standing.totalTimeMs === old) standing.totalTimeMs = totalTimeMs;
    run.corrections++;
  }
}
