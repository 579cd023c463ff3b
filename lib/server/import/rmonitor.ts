/**
 * RMonitor ("Results Monitor") importer: decodes the line protocol streamed by Orbits and
 * similar timing software into the normalised `ImportedEvent` model.
 *
 * `RMonitorDecoder` is stateful and fed one line at a time, so the same code serves a file
 * upload (`parseRMonitor`) and a live TCP client.
 */
import type {
  ImportedEntry,
  ImportedEvent,
  ImportedPassing,
  ImportedRace,
  ImportedResult,
  ResultColumn,
  ResultState,
} from './types';
import { ImportError } from './types';
import { milesToKm, parseTimeMs } from './time';

/** Field names of the messages the decoder understands (after the `$X` tag). */
const FIELDS = {
  A: ['regNo', 'number', 'transponder', 'firstName', 'lastName', 'nationality', 'classNo'],
  COMP: ['regNo', 'number', 'classNo', 'firstName', 'lastName', 'nationality', 'additional'],
  B: ['runNo', 'description'],
  C: ['classNo', 'description'],
  E: ['item', 'value'],
  F: ['lapsToGo', 'timeToGo', 'timeOfDay', 'raceTime', 'flag'],
  G: ['position', 'regNo', 'laps', 'totalTime'],
  H: ['bestPosition', 'regNo', 'bestLapNo', 'bestLapTime'],
  I: ['timeOfDay', 'date'],
  J: ['regNo', 'lapTime', 'totalTime'],
  L: ['regNo', 'line', 'code', 'date', 'time'],
} as const;

type Tag = keyof typeof FIELDS;

/** Orbits sends 59:59.999 for "no time yet"; 0 means the same for best laps and totals. */
const NO_TIME_SENTINEL = 3_599_999;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface Competitor {
  regNo: string;
  number: string;
  transponder: string | null;
  firstName: string;
  lastName: string;
  nationality: string;
  classNo: number | null;
  additional: string | null;
}

type Message =
  | ({ tag: 'A' } & Omit<Competitor, 'additional'>)
  | ({ tag: 'COMP' } & Omit<Competitor, 'transponder'>)
  | { tag: 'B'; runNo: number; description: string }
  | { tag: 'C'; classNo: number; description: string }
  | { tag: 'E'; item: string; value: string; trackLengthKm: number | null }
  | { tag: 'F'; flag: string }
  | { tag: 'G'; position: number; regNo: string; laps: number | null; totalTimeMs: number | null }
  | { tag: 'H'; regNo: string; bestLapNo: number | null; bestLapMs: number | null }
  | { tag: 'I'; date: string }
  | { tag: 'J'; regNo: string; lapTimeMs: number | null; totalTimeMs: number }
  | { tag: 'L'; regNo: string; line: string; date: string; readTime: string };

/** Competitors and classes live until the next `$I` reset; runs of one session share them. */
class Session {
  readonly competitors = new Map<string, Competitor>();
  readonly classes = new Map<number, string>();
  readonly runs = new Map<string, Run>();
}

interface Crossing {
  lapTimeMs: number | null;
  totalTimeMs: number | null;
}

/** Competitor and class tables as seen by one run. */
interface Roster {
  competitors: Map<string, Competitor>;
  classes: Map<number, string>;
}

/** One `$B` run (or the data received before the first `$B` of a session). */
interface Run {
  session: Session;
  /** Copy of the session roster taken when the run stopped being the current one. */
  frozen: Roster | null;
  runNumber: number | null;
  description: string | null;
  /** Registration numbers in order of their first `$G`/`$H`/`$J` in this run. */
  order: string[];
  standings: Map<string, { position: number; laps: number | null; totalTimeMs: number | null }>;
  bests: Map<string, { bestLapNo: number | null; bestLapMs: number | null }>;
  crossings: Map<string, Crossing[]>;
  /** `$J` and `$L` passings in stream order. */
  passings: ImportedPassing[];
  /** Last non-blank `$F` flag, trimmed. */
  lastFlag: string | null;
}

/** Splits one protocol line into raw field values (quotes removed). */
function splitFields(line: string): { fields: string[] } | { errorIndex: number; detail: string } {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    const index = fields.length;
    if (line[i] === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = line.indexOf('"', j);
        if (q < 0) return { errorIndex: index, detail: 'missing closing quote' };
        value += line.slice(j, q);
        if (line[q + 1] === '"') {
          value += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (i < line.length && line[i] !== ',') {
        return { errorIndex: index, detail: 'unexpected text after closing quote' };
      }
      fields.push(value);
    } else {
      const comma = line.indexOf(',', i);
      const raw = comma < 0 ? line.slice(i) : line.slice(i, comma);
      if (raw.includes('"')) return { errorIndex: index, detail: `stray quote in ${JSON.stringify(raw)}` };
      fields.push(raw.trim());
      i = comma < 0 ? line.length : comma;
    }
    if (i >= line.length) return { fields };
    i++; // skip the comma
  }
}

/** Typed access to the fields of one message; every failure is an `ImportError`. */
class FieldReader {
  constructor(
    private readonly tag: Tag,
    private readonly fields: string[],
    private readonly lineNo: number,
  ) {}

  /** `$J.totalTime`-style name of field `i` (1-based after the tag). */
  name(i: number): string {
    const names: readonly string[] = FIELDS[this.tag];
    return `$${this.tag}.${names[i - 1] ?? `field${i}`}`;
  }

  fail(i: number, detail: string): never {
    throw new ImportError(this.lineNo, this.name(i), detail);
  }

  text(i: number): string {
    const value = this.fields[i];
    if (value === undefined) this.fail(i, 'missing (line has too few fields)');
    return value;
  }

  optionalInt(i: number): number | null {
    const value = this.text(i).trim();
    if (value === '') return null;
    if (!/^-?\d+$/.test(value)) this.fail(i, `not a whole number: ${JSON.stringify(value)}`);
    return Number(value);
  }

  int(i: number): number {
    const value = this.optionalInt(i);
    if (value === null) this.fail(i, 'empty, expected a whole number');
    return value;
  }

  time(i: number): number | null {
    const value = this.text(i);
    try {
      return parseTimeMs(value);
    } catch (err) {
      return this.fail(i, err instanceof Error ? err.message : `not a time: ${JSON.stringify(value)}`);
    }
  }

  /** Registration number: required, non-empty. */
  reg(i: number): string {
    const value = this.text(i).trim();
    if (value === '') this.fail(i, 'empty registration number');
    return value;
  }
}

/** Parses `27 Jan 09`, `27 Jan 2009`, `01/27/2009` (MM/DD/YYYY) or `2009-01-27` into `YYYY-MM-DD`. */
function parseDate(value: string): string | null {
  const s = value.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{1,2})[ -]([A-Za-z]{3})[A-Za-z]*\.?[ -](\d{2}|\d{4})$/.exec(s);
  if (match) {
    d = Number(match[1]);
    m = MONTHS.indexOf(match[2].toLowerCase()) + 1;
    y = Number(match[3]);
    if (match[3].length === 2) y += y < 70 ? 2000 : 1900;
  } else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s))) {
    m = Number(match[1]);
    d = Number(match[2]);
    y = Number(match[3]);
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s))) {
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  } else {
    return null;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function isTag(name: string): name is Tag {
  return Object.hasOwn(FIELDS, name);
}

/** Decodes and validates one line; returns null for blank lines and unknown `$X` messages. */
function decodeLine(line: string, lineNo: number): Message | null {
  const text = line.replace(/[\r\n]+$/, '');
  if (text.trim() === '') return null;
  const tagMatch = /^\s*\$([A-Za-z]+)(?:,|$)/.exec(text);
  if (!tagMatch) {
    throw new ImportError(lineNo, 'message', `not an RMonitor message: ${JSON.stringify(text.slice(0, 40))}`);
  }
  const tag = tagMatch[1].toUpperCase();
  if (!isTag(tag)) return null;
  const split = splitFields(text.trim());
  if ('errorIndex' in split) {
    throw new ImportError(lineNo, new FieldReader(tag, [], lineNo).name(split.errorIndex), split.detail);
  }
  const f: FieldReader = new FieldReader(tag, split.fields, lineNo);
  switch (tag) {
    case 'A':
      return {
        tag,
        regNo: f.reg(1),
        number: f.text(2).trim(),
        transponder: f.text(3).trim() || null,
        firstName: f.text(4).trim(),
        lastName: f.text(5).trim(),
        nationality: f.text(6).trim(),
        classNo: f.optionalInt(7),
      };
    case 'COMP':
      return {
        tag,
        regNo: f.reg(1),
        number: f.text(2).trim(),
        classNo: f.optionalInt(3),
        firstName: f.text(4).trim(),
        lastName: f.text(5).trim(),
        nationality: f.text(6).trim(),
        additional: f.text(7).trim() || null,
      };
    case 'B': {
      const runNo = f.int(1);
      return { tag, runNo, description: f.text(2).trim() || `Run ${runNo}` };
    }
    case 'C':
      return { tag, classNo: f.int(1), description: f.text(2).trim() };
    case 'E': {
      const item = f.text(1).trim().toUpperCase();
      const value = f.text(2).trim();
      let trackLengthKm: number | null = null;
      if (item === 'TRACKLENGTH') {
        if (!/^\d+(?:\.\d+)?$/.test(value)) f.fail(2, `track length is not a number: ${JSON.stringify(value)}`);
        trackLengthKm = milesToKm(Number(value));
      }
      return { tag, item, value, trackLengthKm };
    }
    case 'F':
      f.int(1);
      f.time(2);
      f.time(3);
      f.time(4);
      return { tag, flag: f.text(5).trim() };
    case 'G': {
      const position = f.int(1);
      const regNo = f.reg(2);
      const laps = f.optionalInt(3);
      const total = f.time(4);
      const totalTimeMs = total === NO_TIME_SENTINEL || (total === 0 && !laps) ? null : total;
      return { tag, position, regNo, laps, totalTimeMs };
    }
    case 'H': {
      f.int(1);
      const regNo = f.reg(2);
      const lapNo = f.optionalInt(3);
      const best = f.time(4);
      const bestLapMs = best === 0 || best === NO_TIME_SENTINEL ? null : best;
      return { tag, regNo, bestLapMs, bestLapNo: bestLapMs === null || lapNo === 0 ? null : lapNo };
    }
    case 'I': {
      f.time(1);
      const date = parseDate(f.text(2));
      if (date === null) f.fail(2, `not a date: ${JSON.stringify(f.text(2))}`);
      return { tag, date };
    }
    case 'J': {
      const regNo = f.reg(1);
      const lap = f.time(2);
      const totalTimeMs = f.time(3);
      if (totalTimeMs === null) f.fail(3, 'empty total time');
      return { tag, regNo, lapTimeMs: lap === 0 ? null : lap, totalTimeMs };
    }
    case 'L': {
      const regNo = f.reg(1);
      const lineName = f.text(2).trim();
      if (lineName === '') f.fail(2, 'empty timing line name');
      f.text(3);
      const date = parseDate(f.text(4));
      if (date === null || !/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(f.text(4).trim())) {
        f.fail(4, `not a MM/DD/YYYY date: ${JSON.stringify(f.text(4))}`);
      }
      const ms = f.time(5);
      if (ms === null || ms >= 86_400_000) f.fail(5, `not a time of day: ${JSON.stringify(f.text(5))}`);
      const hh = Math.floor(ms / 3_600_000);
      const mm = Math.floor((ms % 3_600_000) / 60_000);
      const ss = Math.floor((ms % 60_000) / 1000);
      const pad = (n: number, w = 2) => String(n).padStart(w, '0');
      const readTime = `${date}T${pad(hh)}:${pad(mm)}:${pad(ss)}.${pad(ms % 1000, 3)}`;
      return { tag, regNo, line: lineName, date, readTime };
    }
  }
}

function newRun(session: Session, runNumber: number | null, description: string | null): Run {
  return {
    session,
    frozen: null,
    runNumber,
    description,
    order: [],
    standings: new Map(),
    bests: new Map(),
    crossings: new Map(),
    passings: [],
    lastFlag: null,
  };
}

/**
 * Stateful RMonitor decoder. Feed it protocol lines in order with `push`, read the current
 * picture with `snapshot` at any time (it does not consume or change the state).
 *
 * Rules: each `$B` (run number + description) is a race, a repeated `$B` continues it, and
 * data received before the first `$B` of a session belongs to that `$B` (captures that start
 * mid-run). Competitors (`$A`/`$COMP`, later messages override earlier ones, e.g. driver
 * changes) and classes (`$C`) persist across `$B` until an `$I` reset, which also closes all
 * runs; a run shows the roster as it was when it was last the current run. `$J` passings
 * with a total time already seen for that competitor in the run are ignored.
 */
export class RMonitorDecoder {
  private session = new Session();
  private current: Run | null = null;
  private readonly runs: Run[] = [];
  private trackName: string | null = null;
  private trackLengthKm: number | null = null;
  private resetDate: string | null = null;
  private loopDate: string | null = null;

  constructor(private readonly opts: { fileName?: string; eventName?: string } = {}) {}

  /**
   * Decodes one protocol line (trailing CR/LF allowed). Blank lines and unknown `$X`
   * messages are ignored.
   * @throws ImportError(lineNo, field, detail) on a malformed line, e.g. field `$J.totalTime`;
   *   the decoder state is left unchanged in that case.
   */
  push(line: string, lineNo: number): void {
    const msg = decodeLine(line, lineNo);
    if (msg) this.apply(msg);
  }

  private run(): Run {
    if (!this.current) {
      this.current = newRun(this.session, null, null);
      this.runs.push(this.current);
    }
    return this.current;
  }

  /**
   * Makes `run` the current run. The run being left keeps a copy of the roster as it was,
   * so later driver changes in another run do not rewrite its results.
   */
  private switchTo(run: Run | null): void {
    if (this.current) {
      this.current.frozen = {
        competitors: new Map([...this.session.competitors].map(([reg, comp]) => [reg, { ...comp }])),
        classes: new Map(this.session.classes),
      };
    }
    if (run) run.frozen = null;
    this.current = run;
  }

  private competitor(regNo: string): Competitor {
    let comp = this.session.competitors.get(regNo);
    if (!comp) {
      comp = {
        regNo,
        number: regNo,
        transponder: null,
        firstName: '',
        lastName: '',
        nationality: '',
        classNo: null,
        additional: null,
      };
      this.session.competitors.set(regNo, comp);
    }
    return comp;
  }

  private touch(run: Run, regNo: string): void {
    if (!run.crossings.has(regNo)) {
      run.crossings.set(regNo, []);
      run.order.push(regNo);
    }
  }

  private apply(msg: Message): void {
    switch (msg.tag) {
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
        const existing = this.session.runs.get(key);
        if (existing) {
          if (existing !== this.current) this.switchTo(existing);
        } else if (this.current && this.current.runNumber === null) {
          // Data received before the first $B of the session belongs to this run.
          this.current.runNumber = msg.runNo;
          this.current.description = msg.description;
          this.session.runs.set(key, this.current);
        } else {
          const run = newRun(this.session, msg.runNo, msg.description);
          this.switchTo(run);
          this.session.runs.set(key, run);
          this.runs.push(run);
        }
        break;
      }
      case 'C':
        this.session.classes.set(msg.classNo, msg.description);
        break;
      case 'E':
        if (msg.item === 'TRACKNAME' && msg.value) this.trackName = msg.value;
        if (msg.trackLengthKm !== null) this.trackLengthKm = msg.trackLengthKm;
        break;
      case 'F':
        if (msg.flag) this.run().lastFlag = msg.flag;
        break;
      case 'G': {
        const run = this.run();
        this.touch(run, msg.regNo);
        run.standings.set(msg.regNo, { position: msg.position, laps: msg.laps, totalTimeMs: msg.totalTimeMs });
        break;
      }
      case 'H': {
        const run = this.run();
        this.touch(run, msg.regNo);
        run.bests.set(msg.regNo, { bestLapNo: msg.bestLapNo, bestLapMs: msg.bestLapMs });
        break;
      }
      case 'I':
        this.resetDate ??= msg.date;
        this.switchTo(null);
        this.session = new Session();
        break;
      case 'J': {
        const run = this.run();
        this.touch(run, msg.regNo);
        const crossings = run.crossings.get(msg.regNo) ?? [];
        if (crossings.some((c) => c.totalTimeMs === msg.totalTimeMs)) break;
        run.passings.push({
          entryKey: msg.regNo,
          lapNumber: crossings.length,
          lapTimeMs: msg.lapTimeMs,
          totalTimeMs: msg.totalTimeMs,
          section: null,
          readTime: null,
        });
        crossings.push({ lapTimeMs: msg.lapTimeMs, totalTimeMs: msg.totalTimeMs });
        break;
      }
      case 'L':
        this.loopDate ??= msg.date;
        this.run().passings.push({
          entryKey: msg.regNo,
          lapNumber: null,
          lapTimeMs: null,
          totalTimeMs: null,
          section: msg.line,
          readTime: msg.readTime,
        });
        break;
    }
  }

  /**
   * The event as decoded so far: one sprint race per run with at least one `$J` passing,
   * in order of appearance. Entries are the competitors with a `$G`, `$H` or `$J` in the
   * run, sorted by their last `$G` position; times in ms.
   */
  snapshot(): ImportedEvent {
    const races = this.runs.filter((run) => run.passings.some((p) => p.section === null)).map(buildRace);
    const fileBase = this.opts.fileName?.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
    return {
      source: 'rmonitor',
      name: this.opts.eventName ?? races[0]?.name ?? (fileBase || 'RMonitor session'),
      startDate: this.resetDate ?? this.loopDate,
      location: this.trackName,
      trackLengthKm: this.trackLengthKm,
      races,
    };
  }
}

/** Splits the free "nationality" field: a 2–3 letter code is a country, anything else a brand. */
function countryOrBrand(nationality: string): { country: string | null; brand: string | null } {
  if (nationality === '') return { country: null, brand: null };
  if (/^[A-Za-z]{2,3}$/.test(nationality)) return { country: nationality.toUpperCase(), brand: null };
  return { country: null, brand: nationality.replace(/\s+/g, ' ') };
}

function buildRace(run: Run): ImportedRace {
  const finished = run.lastFlag?.toLowerCase() === 'finish';
  const roster = run.frozen ?? run.session;
  const entries = run.order.map((regNo, index) => ({ index, entry: buildEntry(run, roster, regNo, finished) }));
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
  for (const regNo of run.order) {
    const classNo = roster.competitors.get(regNo)?.classNo;
    if (classNo == null) continue;
    const name = roster.classes.get(classNo);
    if (name !== undefined && !classNos.has(name)) classNos.set(name, classNo);
  }
  const classes = [...classNos.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);

  const columns: ResultColumn[] = ['position', 'number', 'name'];
  if (classes.length > 1) columns.push('class');
  if (sorted.some((e) => e.brand)) columns.push('brand');
  if (sorted.some((e) => e.teamKey)) columns.push('team');
  columns.push('laps', 'lastLap', 'bestLap', 'totalTime', 'gap', 'state');

  const keys = new Set(run.order);
  const passings = run.passings.filter((p) => keys.has(p.entryKey)).map((p) => ({ ...p }));
  const sections = [...new Set(passings.flatMap((p) => (p.section === null ? [] : [p.section])))];

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
    entries: sorted,
    teams: [],
    passings,
  };
}

function buildEntry(run: Run, roster: Roster, regNo: string, finished: boolean): ImportedEntry {
  const comp = roster.competitors.get(regNo);
  const standing = run.standings.get(regNo);
  const best = run.bests.get(regNo);
  const crossings = run.crossings.get(regNo) ?? [];
  const last = crossings.at(-1);

  let bestLapMs = best?.bestLapMs ?? null;
  let bestLapNumber = best?.bestLapNo ?? null;
  if (!best) {
    crossings.forEach((c, lap) => {
      if (c.lapTimeMs !== null && (bestLapMs === null || c.lapTimeMs < bestLapMs)) {
        bestLapMs = c.lapTimeMs;
        bestLapNumber = lap;
      }
    });
  }
  const laps = standing?.laps ?? (crossings.length > 0 ? crossings.length - 1 : null);
  let state: ResultState = finished ? 'finished' : 'running';
  if (finished && crossings.length === 0 && !laps) state = 'DNS';

  const result: ImportedResult = {
    position: standing?.position ?? null,
    classPosition: null,
    laps,
    totalTimeMs: standing?.totalTimeMs ?? last?.totalTimeMs ?? null,
    bestLapMs,
    bestLapNumber,
    lastLapMs: last?.lapTimeMs ?? null,
    gapMs: null,
    diffMs: null,
    penaltyMs: null,
    state,
    checkpoints: null,
    points: null,
    emergencyPoints: null,
    speedKmh: null,
  };
  const { country, brand } = countryOrBrand(comp?.nationality ?? '');
  return {
    key: regNo,
    raceNumber: comp?.number || regNo,
    firstName: comp?.firstName ?? '',
    lastName: comp?.lastName ?? '',
    className: comp?.classNo != null ? (roster.classes.get(comp.classNo) ?? null) : null,
    brand,
    teamKey: comp?.additional ?? null,
    transponder: comp?.transponder ?? null,
    city: null,
    state: null,
    country,
    result,
    sectionTimes: [],
  };
}

/**
 * Parses a whole RMonitor capture (CRLF or LF line ends) into an event: one sprint race per
 * `$B` run that has `$J` passings. Event name = first race name (unless `opts.eventName`),
 * startDate from `$I` (or `$L`), location and track length (miles → km) from `$E`.
 * @throws ImportError(line, field, detail) for a malformed line (e.g. field `$G.laps`) or
 *   when no run has any passing (field `$J`).
 */
export function parseRMonitor(text: string, opts: { fileName?: string; eventName?: string } = {}): ImportedEvent {
  const decoder = new RMonitorDecoder(opts);
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, i) => decoder.push(line, i + 1));
  const event = decoder.snapshot();
  if (event.races.length === 0) {
    let lastLine = lines.length;
    while (lastLine > 1 && lines[lastLine - 1].trim() === '') lastLine--;
    throw new ImportError(lastLine, '$J', 'no run with passings ($J) in the capture');
  }
  return event;
}
