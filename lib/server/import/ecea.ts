/**
 * ECEA team-enduro results importer: the scoring office's CSV report (team rows with totals,
 * each followed by its riders) → one enduro race with teams.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { ImportedEntry, ImportedEvent, ImportedRace, ImportedTeam, ResultColumn } from './types';
import { ImportError } from './types';

/** The expected header row (line 4). */
const HEADER = ['Row', 'Rider Name', 'Bike', 'Class', '', 'Place (in Class)', '#Chks', 'Points', 'EPoints'] as const;
/** Column names for error messages (the unnamed fifth column included). */
const COLUMN_NAMES = ['Row', 'Rider Name', 'Bike', 'Class', 'column 5', 'Place (in Class)', '#Chks', 'Points', 'EPoints'];
const HEADER_LINE = 4;
/** Place given to riders who did not score. */
const NON_SCORER_PLACE = 9999;

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

interface Row {
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

/** Reads the CSV into rows with their 1-based line numbers; CSV syntax errors become ImportErrors. */
function readRows(text: string): Row[] {
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
      throw new ImportError(line, COLUMN_NAMES[column] ?? 'CSV', 'missing closing quote');
    }
    const line = typeof err.lines === 'number' ? err.lines : lastLine + 1;
    const column = typeof err.column === 'number' ? COLUMN_NAMES[err.column] : undefined;
    throw new ImportError(line, column ?? 'CSV', err.message);
  }
}

/** Splits "RYAN CANAVAN" / "DOUG ALLEN II" on the first space; a single word is the last name. */
function splitName(full: string): { firstName: string; lastName: string } {
  const name = full.trim().replace(/\s+/g, ' ');
  const space = name.indexOf(' ');
  if (space < 0) return { firstName: '', lastName: name };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

/** Cell reader for one data row; failures name the line and the column header. */
class Cells {
  constructor(private readonly row: Row) {}

  fail(col: number, detail: string): never {
    throw new ImportError(this.row.line, COLUMN_NAMES[col] ?? `column ${col + 1}`, detail);
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

/**
 * Parses an ECEA team-enduro CSV report (UTF-8, BOM allowed) into an event with one
 * `kind: 'enduro'` race. Lines 1–4: association + "Report Generated", "Round N - M/D/YYYY -
 * Event name", report title (→ race name), header. Then team rows (`Totals:` in the place
 * column; position or `DNF`) each followed by rider rows. Rider place 9999 = non-scorer
 * (classPosition null, state DNS). Points are plain numbers (lower is better); no times.
 *
 * @throws ImportError(line, field, detail) where field is the column header (e.g. "Points")
 *   or "Round"/"header": wrong header, riders before any team, a non-numeric number, a team
 *   without riders, a row with fewer than 9 columns (e.g. a truncated file), duplicate rows.
 */
export function parseEceaTeamEnduro(text: string): ImportedEvent {
  const rows = readRows(text);
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const lastLine = rows.at(-1)?.line ?? 1;
  /** Refuses a heading line; a file that stops before it is reported where it stops. */
  function refuseHeading(line: number, field: string, detail: string): never {
    if (line > lastLine) throw new ImportError(lastLine, field, `file ends at line ${lastLine}; ${detail}`);
    throw new ImportError(line, field, detail);
  }

  const roundRow = byLine.get(2);
  const roundMatch = /^Round\s+(\d+)\s*-\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*-\s*(.+)$/.exec(roundRow?.cells[0] ?? '');
  if (!roundMatch) refuseHeading(2, 'Round', 'expected "Round N - M/D/YYYY - Event name" on line 2');
  const [, round, month, day, year, eventName] = roundMatch;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) {
    throw new ImportError(2, 'Round', `not a date: ${month}/${day}/${year}`);
  }
  const startDate = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const title = byLine.get(3)?.cells[0] || 'Team Enduro Results';

  const header = byLine.get(HEADER_LINE);
  const headerOk = header !== undefined && HEADER.every((name, i) => (header.cells[i] ?? '') === name);
  if (!headerOk) refuseHeading(HEADER_LINE, 'header', `expected the header "${HEADER.join(',')}" on line ${HEADER_LINE}`);

  const teams: ImportedTeam[] = [];
  const entries: ImportedEntry[] = [];
  const classes: string[] = [];
  const riderCount = new Map<string, number>();
  let currentTeam: { team: ImportedTeam; line: number } | null = null;

  const closeTeam = () => {
    if (currentTeam && !riderCount.get(currentTeam.team.key)) {
      throw new ImportError(currentTeam.line, 'Rider Name', `team "${currentTeam.team.name}" has no riders`);
    }
  };

  for (const row of rows) {
    if (row.line <= HEADER_LINE || row.cells.every((c) => c === '')) continue;
    const c: Cells = new Cells(row);
    if (row.cells.length < HEADER.length) {
      c.fail(row.cells.length, `row has ${row.cells.length} of ${HEADER.length} columns (cut off?)`);
    }

    if (c.text(5).toLowerCase() === 'totals:') {
      closeTeam();
      const name = c.required(1);
      if (teams.some((t) => t.key === name)) c.fail(1, `duplicate team "${name}"`);
      const dnf = c.text(0).toUpperCase() === 'DNF';
      const team: ImportedTeam = {
        key: name,
        name,
        position: dnf ? null : c.int(0),
        state: dnf ? 'DNF' : 'finished',
        totalCheckpoints: c.int(6),
        totalPoints: dnf && /^(DNF)?$/i.test(c.text(7)) ? null : c.int(7),
        totalEmergencyPoints: dnf && c.text(8) === '' ? null : c.int(8),
      };
      teams.push(team);
      riderCount.set(name, 0);
      currentTeam = { team, line: row.line };
      continue;
    }

    if (!currentTeam) c.fail(0, 'rider row before any team row');
    const rowNo = c.required(0);
    if (!/^\d+[A-Za-z]?$/.test(rowNo)) c.fail(0, `not a row/minute like "23A": ${JSON.stringify(rowNo)}`);
    if (entries.some((e) => e.key === rowNo)) c.fail(0, `duplicate row ${rowNo}`);
    const place = c.int(5);
    const className = c.required(3);
    if (!classes.includes(className)) classes.push(className);
    const teamKey = currentTeam.team.key;
    riderCount.set(teamKey, (riderCount.get(teamKey) ?? 0) + 1);
    entries.push({
      key: rowNo,
      raceNumber: rowNo,
      ...splitName(c.required(1)),
      className,
      brand: c.text(2) || null,
      teamKey,
      transponder: null,
      city: null,
      state: null,
      country: null,
      result: {
        position: null,
        classPosition: place === NON_SCORER_PLACE ? null : place,
        laps: null,
        totalTimeMs: null,
        bestLapMs: null,
        bestLapNumber: null,
        lastLapMs: null,
        gapMs: null,
        diffMs: null,
        penaltyMs: null,
        state: place === NON_SCORER_PLACE ? 'DNS' : 'finished',
        checkpoints: c.int(6),
        points: c.int(7),
        emergencyPoints: c.int(8),
        speedKmh: null,
      },
      sectionTimes: [],
    });
  }
  closeTeam();
  if (teams.length === 0) {
    throw new ImportError(rows.at(-1)?.line ?? HEADER_LINE, 'Row', 'no team rows in the report');
  }

  const race: ImportedRace = {
    name: title,
    runNumber: Number(round),
    kind: 'enduro',
    classes,
    teamClasses: ['Team'],
    columns: RIDER_COLUMNS,
    teamColumns: TEAM_COLUMNS,
    sections: [],
    startTime: null,
    entries,
    teams,
    passings: [],
  };
  return { source: 'ecea-csv', name: eventName.trim(), startDate, location: null, trackLengthKm: null, races: [race] };
}
