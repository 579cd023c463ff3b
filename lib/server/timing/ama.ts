/**
 * AMA Supercross live-timing importer (spec §3 Race results columns): one JSON snapshot of
 * the timing feed → one sprint race, section times (`SR`) in each rider's detail.
 */
import {
  findNodeAtLocation,
  type JSONPath,
  type Node,
  parseTree,
  type ParseError,
  printParseErrorCode,
} from 'jsonc-parser';
import { z } from 'zod';
import type { ImportedEntry, ImportedEvent, ImportedRace, ParseOptions, ResultColumn, ResultState } from '../import/types';
import { blankResult, emptyReport, ImportError, skipOrThrow } from '../import/types';
import { splitName } from './names';
import { milesToKm, parseTimeMs } from './time';

/** "1 lap", "2 Laps": the rider is laps down, no time gap. */
const LAPS_DOWN = /^\d+\s+laps?$/i;

const COLUMNS: ResultColumn[] = [
  'position',
  'number',
  'name',
  'brand',
  'team',
  'city',
  'laps',
  'lastLap',
  'bestLap',
  'gap',
  'diff',
  'state',
];

function isTime(s: string): boolean {
  try {
    parseTimeMs(s);
    return true;
  } catch {
    return false;
  }
}

/** A lap or section time: `1:05.906`, `44.811`, or `--.---` for none. */
const timeText = z.string().refine(isTime, { error: 'not a time like 1:05.906 or --.---' });
/** A gap: a time, `--.---`, or "N laps". */
const gapText = z.string().refine((s) => isTime(s) || LAPS_DOWN.test(s.trim()), { error: 'not a time or "N laps"' });
/** A whole number (the feed sends numbers; numeric strings are accepted too). */
const count = z.union([z.number().int().nonnegative(), z.string().regex(/^\s*\d+\s*$/).transform(Number)], {
  error: 'not a whole number',
});
/** A decimal number or numeric string; `--.---`/empty = none. */
const decimal = z.union([
  z.number().nonnegative(),
  z.string().regex(/^\s*(\d+(\.\d+)?|--\.---)?\s*$/).transform((s) => (/\d/.test(s) ? Number(s) : null)),
], { error: 'not a number' });

const riderSchema = z.object({
  A: count,
  N: z.union([z.string().trim().min(1), z.number().int().nonnegative().transform(String)], {
    error: 'missing race number',
  }),
  F: z.string().trim().min(1, { error: 'empty name' }),
  L: count,
  LL: timeText,
  BL: timeText,
  IN: count,
  G: gapText,
  D: gapText,
  V: z.string().optional(),
  H: z.string().optional(),
  T: z.string().optional(),
  S: z.string(),
  SP: decimal.optional(),
  SR: z.array(z.object({ SN: z.string().trim().min(1), ST: timeText })).optional(),
});

const feedSchema = z.object({
  E: z.string().optional(),
  T: z.string().optional(),
  S: z.string().trim().min(1, { error: 'empty session name' }),
  R: count.optional(),
  TL: decimal.optional(),
  DT: z.string().optional(),
  // Riders are checked one by one (so lenient mode can skip one).
  B: z.array(z.unknown()),
});

type Rider = z.infer<typeof riderSchema>;

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** `B[3].L`-style name of a JSON path. */
function pathName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const key of path) {
    if (typeof key === 'number') name += `[${key}]`;
    else name += name ? `.${String(key)}` : String(key);
  }
  return name || 'JSON';
}

/** Line of the node at `path`, or of its nearest existing ancestor (for a missing key). */
function lineOfPath(text: string, root: Node | undefined, path: JSONPath): number {
  for (let n = path.length; n >= 0 && root; n--) {
    const node = findNodeAtLocation(root, path.slice(0, n));
    if (node) return lineAt(text, node.offset);
  }
  return 1;
}

/** Time field that already passed validation: ms or null. */
function ms(s: string): number | null {
  return LAPS_DOWN.test(s.trim()) ? null : parseTimeMs(s);
}

/** "Rio Rancho, NM" → city + state; "Huntington Beach , CA" is trimmed. */
function hometown(h: string | undefined): { city: string | null; state: string | null } {
  const text = (h ?? '').trim();
  const comma = text.lastIndexOf(',');
  if (comma < 0) return { city: text || null, state: null };
  return { city: text.slice(0, comma).trim() || null, state: text.slice(comma + 1).trim() || null };
}

/**
 * A rider's state from the feed's status `S`. `S` is the rider's status in the session (Active,
 * OUT, DNF, DNS, DQ/DSQ), not the session's: the snapshot carries no flag saying whether the race
 * was still on (the real 2017 Las Vegas one lists every rider Active or OUT). A file holds the
 * result as it was recorded, and only a race a live feed is writing can show riders running
 * (lib/server/races/result-state.ts), so a rider not out is `finished`, never `running`.
 */
function riderState(status: string): ResultState {
  switch (status.trim().toUpperCase()) {
    case 'DNF':
    case 'OUT':
      return 'DNF';
    case 'DNS':
      return 'DNS';
    case 'DSQ':
    case 'DQ':
      return 'DSQ';
    default:
      return 'finished';
  }
}

function toEntry(r: Rider): ImportedEntry {
  const bestLapMs = ms(r.BL);
  const speed = r.SP ?? null;
  return {
    key: r.N,
    raceNumber: r.N,
    ...splitName(r.F),
    className: null,
    brand: r.V?.trim() || null,
    teamKey: r.T?.trim() || null,
    transponder: null,
    ...hometown(r.H),
    country: null,
    result: {
      ...blankResult(riderState(r.S)),
      position: r.A,
      laps: r.L,
      bestLapMs,
      bestLapNumber: bestLapMs === null || r.IN === 0 ? null : r.IN,
      lastLapMs: ms(r.LL),
      // In this feed D is the gap to the leader and G the gap to the rider ahead.
      // The leader's gap reads --.---: zero, not unknown (a lapped rider's "1 lap" stays null).
      gapMs: ms(r.D) ?? (r.A === 1 ? 0 : null),
      diffMs: ms(r.G),
      speedKmh: speed === null ? null : Math.round(speed * 1609.344) / 1000,
    },
    sectionTimes: (r.SR ?? []).map((s) => ({ section: s.SN.trim(), timeMs: ms(s.ST) })),
    // The live-timing feed says nothing about the start (gate picks are not in it).
    gridPosition: null,
    gridLabel: null,
  };
}

/**
 * Parses one AMA Supercross live-timing JSON snapshot into an event with one sprint race.
 * `E` → event name (else the file name), `T` → location, `TL` (miles) → trackLengthKm, `S` → race name, `R` →
 * runNumber; riders `B[]`: `A` position, `N` number, `F` name, `L` laps, `LL`/`BL` last/best
 * lap, `IN` best lap no, `D` gap to leader, `G` gap to the rider ahead ("N laps" → null),
 * `V` bike → brand, `H` "City, ST", `T` team, `S` status (DNF/OUT, DNS, DSQ; else finished),
 * `SP` mph → speedKmh, `SR` section times → sectionTimes and race.sections. Times in ms;
 * startDate is null (the feed has no date).
 *
 * Strict by default; `opts.lenient` skips a rider with a bad value (or a duplicate number)
 * and lists it in `report.skippedLines`.
 *
 * @throws ImportError(line, 'JSON', detail) for invalid/truncated JSON (line where parsing
 *   stopped), ImportError(line, 'B[3].L', detail) for a value of the wrong shape.
 */
export function parseAmaLiveTiming(text: string, opts: ParseOptions = {}): ImportedEvent {
  const report = emptyReport();
  const source = text.replace(/^\uFEFF/, '');
  const errors: ParseError[] = [];
  const root = parseTree(source, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    const detail = first ? `${printParseErrorCode(first.error)} (file cut off or not JSON?)` : 'empty file';
    throw new ImportError(lineAt(source, first?.offset ?? 0), 'JSON', detail);
  }
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (err) {
    throw new ImportError(1, 'JSON', err instanceof Error ? err.message : String(err));
  }

  const refuse = (error: z.ZodError, prefix: (string | number)[]): never => {
    const issue = error.issues[0];
    const path = [...prefix, ...issue.path.filter((k): k is string | number => typeof k !== 'symbol')];
    throw new ImportError(lineOfPath(source, root, path), pathName(path), issue.message);
  };
  const parsed = feedSchema.safeParse(data);
  if (!parsed.success) return refuse(parsed.error, []);
  const feed = parsed.data;

  const seen = new Set<string>();
  const riders: Rider[] = [];
  feed.B.forEach((raw, i) => {
    const rider = skipOrThrow(opts.lenient, report, () => {
      const checked = riderSchema.safeParse(raw);
      if (!checked.success) return refuse(checked.error, ['B', i]);
      if (seen.has(checked.data.N)) {
        throw new ImportError(lineOfPath(source, root, ['B', i, 'N']), `B[${i}].N`, `duplicate number ${checked.data.N}`);
      }
      return checked.data;
    });
    if (!rider) return;
    seen.add(rider.N);
    riders.push(rider);
  });

  const entries = riders.map(toEntry);
  const race: ImportedRace = {
    name: feed.S,
    runNumber: feed.R ?? null,
    kind: 'sprint',
    classes: [],
    teamClasses: [],
    columns: COLUMNS,
    teamColumns: [],
    sections: [...new Set(entries.flatMap((e) => e.sectionTimes.map((s) => s.section)))],
    startTime: null,
    clock: null,
    entries,
    teams: [],
    passings: [],
  };
  const trackLength = feed.TL ?? null;
  return {
    source: 'ama-json',
    name: feed.E?.trim() || opts.fileName?.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || feed.S,
    startDate: null,
    location: feed.T?.trim() || null,
    trackLengthKm: trackLength === null ? null : milesToKm(trackLength),
    races: [race],
    report,
  };
}
