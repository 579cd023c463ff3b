/**
 * ECEA team-enduro results importer (spec §3 Race: teams, `clases_team`; DNF/DSQ standing):
 * the East Coast Enduro Association scoring office's CSV report (team rows with totals, each
 * followed by its riders) → one enduro race with teams.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { ImportedEntry, ImportedEvent, ImportedRace, ImportedTeam, ParseOptions, ResultColumn, ResultState } from '../import/types';
import { blankResult, emptyReport, ImportError, skipOrThrow } from '../import/types';
import { splitName } from './names';

/** The expected header row (line 4). */
const HEADER = ['Row', 'Rider Name', 'Bike', 'Class', '', 'Place (in Class)', '#Chks', 'Points', 'EPoints'] as const;
/** Column names for error messages (the unnamed fifth column included). */
const COLUMN_NAMES = ['Row', 'Rider Name', 'Bike', 'Class', 'column 5', 'Place (in Class)', '#Chks', 'Points', 'EPoints'];
const HEADER_LINE = 4;
/** Place given to riders who did not score. */
const NON_SCORER_PLACE = 9999;
/** What scoring offices write for a disqualified team or rider (in the row or place column). */
const DISQUALIFIED = /^(DQ|DSQ)$/i;
/** A team that did not finish (in the row column). */
const DID_NOT_FINISH = /^DNF$/i;

const RIDER_COLUMNS: ResultColumn[] = [
  'row',
  'name',
  'brand',
  'class',
  'classPosition',
  'checkpoints',
  'points',
  'emergencyPoints',
  'state',
];
const TEAM_COLUMNS: ResultColumn[] = ['position', 'team', 'checkpoints', 'points', 'emergencyPoints', 'state'];

/** One CSV record: its 1-based line number and its trimmed cells. */
export interface Row {
  line: number;
  cells: string[];
}

function isRecordWithInfo(value: unknown): value is { record: string[]; info: { lines: number } } {
  if (typeof value !== 'object' || value === null || !('record' in value) || !('info' in value)) return false;
  const { record, info } = value;
  return (
    Array.isArray(record) &&
    record.every((cell) => typeof cell === 'string') &&
    typeof info === 'object' &&
    info !== null &&
    'lines' in info &&
    typeof info.lines === 'number'
  );
}

/**
 * Reads an ECEA report CSV (BOM allowed, empty lines skipped) into rows with their 1-based line
 * numbers; CSV syntax errors become ImportErrors naming the line and the column (`columnNames`).
 */
export function readRows(text: string, columnNames: readonly string[] = COLUMN_NAMES): Row[] {
  const lines = text.split(/\r?\n/);
  let lastLine = 0;
  try {
    // With `info: true` every record is `{ record, info }` (the typings do not model it).
    const records: unknown[] = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      on_record: (record, context) => {
        lastLine = context.lines;
        return record;
      },
    });
    return records
      .filter(isRecordWithInfo)
      .map(({ record, info }) => ({ line: info.lines, cells: record.map((c) => c.trim()) }));
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
      // The error is raised at the end of the file; point at the line where the record began.
      let line = lastLine + 1;
      while (line < lines.length && lines[line - 1].trim() === '') line++;
      const before = (lines[line - 1] ?? '').split('"')[0];
      const column = before.split(',').length - 1;
      throw new ImportError(line, columnNames[column] ?? 'CSV', 'missing closing quote');
    }
    const line = typeof err.lines === 'number' ? err.lines : lastLine + 1;
    const column = typeof err.column === 'number' ? columnNames[err.column] : undefined;
    throw new ImportError(line, column ?? 'CSV', err.message);
  }
}

/** Cell reader for one data row; failures name the line and the column header. */
export class Cells {
  constructor(
    private readonly row: Row,
    private readonly columnNames: readonly string[] = COLUMN_NAMES,
  ) {}

  fail(col: number, detail: string): never {
    throw new ImportError(this.row.line, this.columnNames[col] ?? `column ${col + 1}`, detail);
  }

  text(col: number): string {
    return this.row.cells[col] ?? '';
  }

  required(col: number): string {
    const value = this.text(col);
    if (value === '') this.fail(col, 'empty');
    return value;
  }

  int(col: number): number {
    const value = this.text(col);
    if (!/^\d+$/.test(value)) this.fail(col, `not a whole number: ${JSON.stringify(value)}`);
    return Number(value);
  }
}

/** The heading of an ECEA report (lines 1–3), read by `readHeading`. */
export interface ReportHeading {
  round: number;
  eventName: string;
  /** `YYYY-MM-DD`. */
  startDate: string;
  /** The report title of line 3; '' when the line is empty. */
  title: string;
  /** Line number of the last record of the file. */
  lastLine: number;
  /** Refuses a heading line; a file that stops before it is reported where it stops. */
  refuse(line: number, field: string, detail: string): never;
}

/**
 * Reads the heading every ECEA scoring-office report starts with: line 2 "Round N - M/D/YYYY -
 * Event name", line 3 the report title.
 * @throws ImportError(2, 'Round', …) when line 2 is missing, malformed or names an impossible date.
 */
export function readHeading(rows: readonly Row[]): ReportHeading {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const lastLine = rows.at(-1)?.line ?? 1;
  const refuse = (line: number, field: string, detail: string): never => {
    if (line > lastLine) throw new ImportError(lastLine, field, `file ends at line ${lastLine}; ${detail}`);
    throw new ImportError(line, field, detail);
  };
  const roundMatch = /^Round\s+(\d+)\s*-\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*-\s*(.+)$/.exec(byLine.get(2)?.cells[0] ?? '');
  if (!roundMatch) return refuse(2, 'Round', 'expected "Round N - M/D/YYYY - Event name" on line 2');
  const [, round, month, day, year, eventName] = roundMatch;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) {
    throw new ImportError(2, 'Round', `not a date: ${month}/${day}/${year}`);
  }
  const startDate = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return { round: Number(round), eventName: eventName.trim(), startDate, title: byLine.get(3)?.cells[0] ?? '', lastLine, refuse };
}

/**
 * Parses an ECEA team-enduro CSV report (UTF-8, BOM allowed) into an event with one
 * `kind: 'enduro'` race. Lines 1–4: association + "Report Generated", "Round N - M/D/YYYY -
 * Event name", report title (→ race name), header. Then team rows (`Totals:` in the place
 * column; position, `DNF`, or `DQ`/`DSQ` in the row column) each followed by rider rows.
 * Teams: `DNF` → state DNF, `DQ`/`DSQ` → state DSQ, both without position (checkpoints and
 * points null when the cell repeats the standing or is empty). Riders: place 9999 = non-scorer (classPosition
 * null, state DNS); `DQ`/`DSQ` in the place or row column = disqualified (state DSQ, no class
 * place; a rider without row number gets the key `line<N>` and an empty race number). Riders
 * of DNF/DSQ teams keep their own places. Points are plain numbers (lower is better); no times.
 * The row/minute is the rider's start row: grid label `23A`, grid position 23 (none for a
 * disqualified rider without a row).
 * Strict by default; `opts.lenient` skips a bad rider row (or a bad team row with its riders)
 * and lists it in `report.skippedLines`. The heading lines are always required.
 *
 * @throws ImportError(line, field, detail) where field is the column header (e.g. "Points")
 *   or "Round"/"header": wrong header, riders before any team, a non-numeric number, a team
 *   without riders, a row with fewer than 9 columns (e.g. a truncated file), duplicate rows.
 */
export function parseEceaTeamEnduro(text: string, opts: ParseOptions = {}): ImportedEvent {
  const report = emptyReport();
  const rows = readRows(text);
  const { round, eventName, startDate, title: heading, refuse: refuseHeading } = readHeading(rows);
  const title = heading || 'Team Enduro Results';

  const header = rows.find((r) => r.line === HEADER_LINE);
  const headerOk = header !== undefined && HEADER.every((name, i) => (header.cells[i] ?? '') === name);
  if (!headerOk) refuseHeading(HEADER_LINE, 'header', `expected the header "${HEADER.join(',')}" on line ${HEADER_LINE}`);

  const teams: ImportedTeam[] = [];
  const entries: ImportedEntry[] = [];
  const classes: string[] = [];
  const riderCount = new Map<string, number>();
  /** The team the next riders belong to; 'skipped' after a team row skipped in lenient mode. */
  let currentTeam: { team: ImportedTeam; line: number } | 'skipped' | null = null;

  const closeTeam = () => {
    if (currentTeam && currentTeam !== 'skipped' && !riderCount.get(currentTeam.team.key)) {
      const { team, line } = currentTeam;
      skipOrThrow(opts.lenient, report, () => {
        throw new ImportError(line, 'Rider Name', `team "${team.name}" has no riders`);
      });
      teams.splice(teams.indexOf(team), 1);
    }
  };

  const teamRow = (c: Cells): ImportedTeam => {
    const name = c.required(1);
    if (teams.some((t) => t.key === name)) c.fail(1, `duplicate team "${name}"`);
    const standing = c.text(0);
    const state: ResultState = DID_NOT_FINISH.test(standing) ? 'DNF' : DISQUALIFIED.test(standing) ? 'DSQ' : 'finished';
    const unplaced = state !== 'finished';
    // An unplaced team's figures may repeat its standing (DNF/DQ) or be empty: offices leave a
    // DNF team's Totals line blank (`DNF,<team>,,,,Totals:,,DNF,`).
    const noPoints = (col: number) => unplaced && (c.text(col) === '' || c.text(col).toUpperCase() === standing.toUpperCase());
    return {
      key: name,
      name,
      position: unplaced ? null : c.int(0),
      state,
      totalCheckpoints: noPoints(6) ? null : c.int(6),
      totalPoints: noPoints(7) ? null : c.int(7),
      totalEmergencyPoints: noPoints(8) ? null : c.int(8),
    };
  };

  const riderRow = (c: Cells, line: number, team: ImportedTeam): ImportedEntry => {
    const rowCell = c.required(0);
    const placeCell = c.text(5);
    const disqualified = DISQUALIFIED.test(rowCell) || DISQUALIFIED.test(placeCell);
    const rowNo = DISQUALIFIED.test(rowCell) ? null : rowCell;
    if (rowNo !== null && !/^\d+[A-Za-z]?$/.test(rowNo)) c.fail(0, `not a row/minute like "23A": ${JSON.stringify(rowNo)}`);
    const key = rowNo ?? `line${line}`;
    if (entries.some((e) => e.key === key)) c.fail(0, `duplicate row ${key}`);
    const place = DISQUALIFIED.test(placeCell) ? null : c.int(5);
    const className = c.required(3);
    /** A DSQ rider's figures may be blank or repeat the DQ mark. */
    const figure = (col: number) => (disqualified && (c.text(col) === '' || DISQUALIFIED.test(c.text(col))) ? null : c.int(col));
    const nonScorer = place === NON_SCORER_PLACE;
    const result = blankResult(disqualified ? 'DSQ' : nonScorer ? 'DNS' : 'finished');
    result.classPosition = disqualified || nonScorer ? null : place;
    result.checkpoints = figure(6);
    result.points = figure(7);
    result.emergencyPoints = figure(8);
    return {
      key,
      raceNumber: rowNo ?? '',
      ...splitName(c.required(1)),
      className,
      brand: c.text(2) || null,
      teamKey: team.key,
      transponder: null,
      city: null,
      state: null,
      country: null,
      result,
      sectionTimes: [],
      // The row/minute is the start row: riders of row 23 (23A, 23B…) leave together at minute 23.
      gridPosition: rowNo === null ? null : parseInt(rowNo, 10),
      gridLabel: rowNo,
    };
  };

  for (const row of rows) {
    if (row.line <= HEADER_LINE || row.cells.every((c) => c === '')) continue;
    const c: Cells = new Cells(row);
    const isTeam = (row.cells[5] ?? '').toLowerCase() === 'totals:';
    if (isTeam) closeTeam();
    if (!isTeam && currentTeam === 'skipped') {
      report.skippedLines.push({ line: row.line, field: 'Row', detail: 'rider of a skipped team row' });
      continue;
    }
    const done = skipOrThrow(opts.lenient, report, () => {
      if (row.cells.length < HEADER.length) {
        c.fail(row.cells.length, `row has ${row.cells.length} of ${HEADER.length} columns (cut off?)`);
      }
      if (isTeam) {
        const team = teamRow(c);
        teams.push(team);
        riderCount.set(team.key, 0);
        currentTeam = { team, line: row.line };
        return true;
      }
      if (!currentTeam || currentTeam === 'skipped') return c.fail(0, 'rider row before any team row');
      const entry = riderRow(c, row.line, currentTeam.team);
      if (entry.className && !classes.includes(entry.className)) classes.push(entry.className);
      riderCount.set(currentTeam.team.key, (riderCount.get(currentTeam.team.key) ?? 0) + 1);
      entries.push(entry);
      return true;
    });
    if (!done && isTeam) currentTeam = 'skipped';
  }
  closeTeam();
  if (teams.length === 0) {
    throw new ImportError(rows.at(-1)?.line ?? HEADER_LINE, 'Row', 'no team rows in the report');
  }

  const race: ImportedRace = {
    name: title,
    runNumber: round,
    kind: 'enduro',
    classes,
    teamClasses: ['Team'],
    columns: RIDER_COLUMNS,
    teamColumns: TEAM_COLUMNS,
    sections: [],
    startTime: null,
    clock: null,
    entries,
    teams,
    passings: [],
  };
  return { source: 'ecea-csv', name: eventName, startDate, location: null, trackLengthKm: null, races: [race], report };
}
