/**
 * RMonitor decoder: one protocol line → one typed message. Implements the messages of the
 * RMonitor Timing Protocol (`$A`, `$COMP`, `$B`, `$C`, `$E`, `$F`, `$G`, `$H`, `$I`, `$J`,
 * `$COR`) and of the IMSA Enhanced RMonitor protocol v1.03 (`$L` line crossing, `$T` track
 * description). Stateless: the same decoder serves file imports and the live TCP feed.
 * A malformed line throws `ImportError(line, field, detail)` with fields named like `$J.totalTime`.
 */
import { ImportError } from '../../import/types';
import { milesToKm, parseTimeMs } from '../time';
import { tokenize } from './tokenize';

/** Field names of each message type after its `$X` tag, as the protocol documents them. */
export const MESSAGE_FIELDS = {
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
  COR: ['regNo', 'number', 'laps', 'totalTime', 'correction'],
  L: ['regNo', 'timelineNumber', 'timelineName', 'date', 'time', 'driverId', 'className'],
  T: ['trackName', 'shortName', 'distance', 'sectionCount'],
} as const;

/** The message types this decoder understands. */
export type MessageTag = keyof typeof MESSAGE_FIELDS;

/** Field names of each `$T` section (repeated `sectionCount` times after the fourth field). */
const T_SECTION_FIELDS = ['name', 'start', 'end', 'distanceInches'] as const;

/** Orbits sends 59:59.999 for "no time yet"; 0 means the same for best laps and totals. */
export const NO_TIME_SENTINEL = 3_599_999;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `$A` (competitor) and `$COMP` (competitor, extended) details. */
export interface CompetitorDetails {
  regNo: string;
  number: string;
  firstName: string;
  lastName: string;
  /** Free text: a country code, or (as Orbits users often fill it) the car. */
  nationality: string;
  classNo: number | null;
}

/** One `$T` section: from one timing line to another, with its length in inches. */
export interface TrackSection {
  name: string;
  start: string;
  end: string;
  distanceInches: number;
}

/** A decoded message. Times are ms; dates `YYYY-MM-DD`; `timeOfDay` `HH:MM:SS`. */
export type RMonitorMessage =
  | ({ tag: 'A'; transponder: string | null } & CompetitorDetails)
  | ({ tag: 'COMP'; additional: string | null } & CompetitorDetails)
  | { tag: 'B'; runNo: number; description: string }
  | { tag: 'C'; classNo: number; description: string }
  | { tag: 'E'; item: string; value: string; trackLengthKm: number | null }
  | {
      tag: 'F';
      /** 9999 (no lap limit) becomes null. */
      lapsToGo: number | null;
      timeToGoMs: number | null;
      timeOfDay: string | null;
      raceTimeMs: number | null;
      /** Flag trimmed (`Green`, `Yellow`, `Red`, `Finish`); null when blank. */
      flag: string | null;
    }
  | { tag: 'G'; position: number; regNo: string; laps: number | null; totalTimeMs: number | null }
  | { tag: 'H'; position: number; regNo: string; bestLapNo: number | null; bestLapMs: number | null }
  | { tag: 'I'; timeOfDay: string | null; date: string }
  | { tag: 'J'; regNo: string; lapTimeMs: number | null; totalTimeMs: number }
  | {
      tag: 'COR';
      regNo: string;
      number: string;
      /** Laps of the corrected passing (the lap it completed, as `$G` counts laps). */
      laps: number;
      /** The corrected total time. */
      totalTimeMs: number;
      /** The correction applied to the earlier total time (signed). */
      correctionMs: number;
    }
  | {
      tag: 'L';
      regNo: string;
      /** Timing line number (`T1`, `P2` …). */
      timeline: string;
      /** Timing line kind (`SFT`, `SFP`, `POT`, `POP`, `PIT`, `PIP`). */
      timelineName: string;
      date: string;
      /** Local read time, ISO without zone: `2009-01-27T08:00:55.110`. */
      readTime: string;
      driverId: number | null;
      className: string | null;
    }
  | { tag: 'T'; trackName: string; shortName: string; distance: string; sections: TrackSection[] };

/** A well-formed line whose `$X` type this decoder does not know (counted, not applied). */
export interface UnknownMessage {
  tag: 'unknown';
  /** The type without `$`, upper case (`Z`, `K` …). */
  type: string;
}

function isTag(name: string): name is MessageTag {
  return Object.hasOwn(MESSAGE_FIELDS, name);
}

/** `$J.totalTime`-style name of field `i` (1-based after the tag). */
export function fieldName(tag: MessageTag, i: number): string {
  const names: readonly string[] = MESSAGE_FIELDS[tag];
  if (tag === 'T' && i > names.length) {
    const k = i - names.length - 1;
    return `$T.section${Math.floor(k / T_SECTION_FIELDS.length) + 1}.${T_SECTION_FIELDS[k % T_SECTION_FIELDS.length]}`;
  }
  return `$${tag}.${names[i - 1] ?? `field${i}`}`;
}

/** Typed access to the fields of one message; every failure is an `ImportError`. */
class FieldReader {
  constructor(
    private readonly tag: MessageTag,
    readonly fields: string[],
    private readonly lineNo: number,
  ) {}

  fail(i: number, detail: string): never {
    throw new ImportError(this.lineNo, fieldName(this.tag, i), detail);
  }

  has(i: number): boolean {
    return this.fields[i] !== undefined;
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

  /** A time of day `HH:MM:SS[.sss]` → `HH:MM:SS`; empty → null. */
  timeOfDay(i: number): string | null {
    const ms = this.time(i);
    if (ms === null) return null;
    if (ms >= 86_400_000) this.fail(i, `not a time of day: ${JSON.stringify(this.text(i))}`);
    return clockText(ms);
  }

  /** Registration number: required, non-empty. */
  reg(i: number): string {
    const value = this.text(i).trim();
    if (value === '') this.fail(i, 'empty registration number');
    return value;
  }
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** ms since midnight → `HH:MM:SS`. */
function clockText(ms: number): string {
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}`;
}

/** Parses `27 Jan 09`, `27 Jan 2009`, `01/27/2009` (MM/DD/YYYY) or `2009-01-27` into `YYYY-MM-DD`. */
export function parseDate(value: string): string | null {
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
  if (m < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** `+00:00:00.012` / `-00:00:01.5` → signed ms. */
function signedTime(f: FieldReader, i: number): number {
  const raw = f.text(i).trim();
  const sign = raw.startsWith('-') ? -1 : 1;
  const body = raw.replace(/^[+-]/, '');
  let ms: number | null;
  try {
    ms = parseTimeMs(body);
  } catch {
    return f.fail(i, `not a signed time like +00:00:00.012: ${JSON.stringify(raw)}`);
  }
  if (ms === null) f.fail(i, 'empty correction');
  return sign * ms;
}

/**
 * Control characters but the tab (C0 and DEL): line noise, never text. PostgreSQL refuses a NUL
 * in a text value, so one NUL in a name would make every write of its race fail; they are
 * dropped from the line before it is read.
 */
const CONTROL_CHARS = /[\u0000-\u0008\u000A-\u001F\u007F]/g;

/**
 * Decodes one protocol line (trailing CR/LF allowed; control characters but the tab are dropped).
 * @returns the typed message; `{ tag: 'unknown', type }` for a `$X` type not in
 *   `MESSAGE_FIELDS`; null for a blank line.
 * @throws ImportError(lineNo, field, detail): `message` when the line is not `$X,…`, else the
 *   failing field (`$G.laps`, `$L.date`, `$T.section2.end` …).
 */
export function decodeLine(line: string, lineNo: number): RMonitorMessage | UnknownMessage | null {
  const text = line.replace(/[\r\n]+$/, '').replace(CONTROL_CHARS, '');
  if (text.trim() === '') return null;
  const tagMatch = /^\s*\$([A-Za-z]+)(?:,|$)/.exec(text);
  if (!tagMatch) {
    throw new ImportError(lineNo, 'message', `not an RMonitor message: ${JSON.stringify(text.slice(0, 40))}`);
  }
  const tag = tagMatch[1].toUpperCase();
  if (!isTag(tag)) return { tag: 'unknown', type: tag };
  const tokens = tokenize(text.trim());
  if (!tokens.ok) throw new ImportError(lineNo, fieldName(tag, tokens.index), tokens.detail);
  const f: FieldReader = new FieldReader(tag, tokens.fields, lineNo);
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
    case 'F': {
      const laps = f.optionalInt(1);
      return {
        tag,
        lapsToGo: laps === 9999 ? null : laps,
        timeToGoMs: f.time(2),
        timeOfDay: f.timeOfDay(3),
        raceTimeMs: f.time(4),
        flag: f.text(5).trim() || null,
      };
    }
    case 'G': {
      const position = f.int(1);
      const regNo = f.reg(2);
      const laps = f.optionalInt(3);
      const total = f.time(4);
      const totalTimeMs = total === NO_TIME_SENTINEL || (total === 0 && !laps) ? null : total;
      return { tag, position, regNo, laps, totalTimeMs };
    }
    case 'H': {
      const position = f.int(1);
      const regNo = f.reg(2);
      const lapNo = f.optionalInt(3);
      const best = f.time(4);
      const bestLapMs = best === 0 || best === NO_TIME_SENTINEL ? null : best;
      return { tag, position, regNo, bestLapMs, bestLapNo: bestLapMs === null || lapNo === 0 ? null : lapNo };
    }
    case 'I': {
      const timeOfDay = f.timeOfDay(1);
      const date = parseDate(f.text(2));
      if (date === null) f.fail(2, `not a date: ${JSON.stringify(f.text(2))}`);
      return { tag, timeOfDay, date };
    }
    case 'J': {
      const regNo = f.reg(1);
      const lap = f.time(2);
      const totalTimeMs = f.time(3);
      if (totalTimeMs === null) f.fail(3, 'empty total time');
      return { tag, regNo, lapTimeMs: lap === 0 ? null : lap, totalTimeMs };
    }
    case 'COR': {
      const regNo = f.reg(1);
      const number = f.text(2).trim();
      const laps = f.int(3);
      if (laps < 0) f.fail(3, 'negative lap count');
      const totalTimeMs = f.time(4);
      if (totalTimeMs === null) f.fail(4, 'empty total time');
      return { tag, regNo, number, laps, totalTimeMs, correctionMs: signedTime(f, 5) };
    }
    case 'L': {
      const regNo = f.reg(1);
      const timeline = f.text(2).trim();
      if (timeline === '') f.fail(2, 'empty timing line number');
      const timelineName = f.text(3).trim();
      const date = parseDate(f.text(4));
      if (date === null || !/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(f.text(4).trim())) {
        f.fail(4, `not a MM/DD/YYYY date: ${JSON.stringify(f.text(4))}`);
      }
      const ms = f.time(5);
      if (ms === null || ms >= 86_400_000) f.fail(5, `not a time of day: ${JSON.stringify(f.text(5))}`);
      const driverId = f.has(6) ? f.optionalInt(6) : null;
      if (driverId !== null && (driverId < 0 || driverId > 6)) f.fail(6, `driver id out of 0–6: ${driverId}`);
      const className = f.has(7) ? f.text(7).trim() || null : null;
      const readTime = `${date}T${clockText(ms)}.${pad(ms % 1000, 3)}`;
      return { tag, regNo, timeline, timelineName, date, readTime, driverId, className };
    }
    case 'T': {
      const trackName = f.text(1).trim();
      const shortName = f.text(2).trim();
      const distance = f.text(3).trim();
      const count = f.int(4);
      const expected = 5 + count * T_SECTION_FIELDS.length;
      if (count < 0 || f.fields.length !== expected) {
        f.fail(4, `${count} section(s) announced, ${Math.max(0, (f.fields.length - 5) / T_SECTION_FIELDS.length)} sent`);
      }
      const sections: TrackSection[] = [];
      for (let i = 5; i < expected; i += T_SECTION_FIELDS.length) {
        const name = f.text(i).trim();
        if (name === '') f.fail(i, 'empty section name');
        const distanceInches = f.int(i + 3);
        sections.push({ name, start: f.text(i + 1).trim(), end: f.text(i + 2).trim(), distanceInches });
      }
      return { tag, trackName, shortName, distance, sections };
    }
  }
}
