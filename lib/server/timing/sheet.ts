/**
 * Results tables exported from other timing software as a plain spreadsheet (issue 24): a CSV
 * whose first row names the columns (`POS.,#,RIDER,HOMETOWN,BIKE,INTERVAL,BEST TIME,…`), then a
 * row per rider, as the AMA, MyLaps and Race Result exports write them → one sprint race.
 *
 * Columns are recognised by their header (`SHEET_HEADERS`: English and French names, any case,
 * dots and spaces ignored); a caller that knows better passes `columns` (the field of each column,
 * as the desk's column-mapping step chooses them) or `mapping` (header → field). Fields
 * (`SHEET_FIELDS`, lib/contracts/desk.ts): position, number, name (or first name and last name),
 * class, hometown, brand, team, laps, total time, gap, best lap, state. A position cell that is
 * not a number but a state (`DNF`, `DNS`, `DQ`/`DSQ`) gives the rider that state and no position.
 * An XLSX workbook reaches this importer as CSV text (./xlsx.ts).
 */
import { CsvError, parse } from 'csv-parse/sync';
import { SHEET_FIELDS, SHEET_MAX_COLUMNS, type SheetField } from '../../contracts/desk';
import type { ImportedEntry, ImportedEvent, ImportedRace, ParseOptions, ResultColumn, ResultState } from '../import/types';
import { blankResult, emptyReport, ImportError, skipOrThrow } from '../import/types';
import { splitName } from './names';
import { parseTimeMs } from './time';

/** What a spreadsheet column can hold (one list, in the contract the desk's mapping step shares). */
export { SHEET_FIELDS, type SheetField };

/** Header names of each field, normalised (upper case, no dots, single spaces). */
export const SHEET_HEADERS: Record<SheetField, readonly string[]> = {
  position: ['POS', 'POSITION', 'PLACE', 'P', 'RANK', 'CLASSEMENT', 'RANG'],
  number: ['#', 'NO', 'NUM', 'NUMBER', 'BIB', 'PLATE', 'NUMÉRO', 'NUMERO', 'DOSSARD'],
  name: ['RIDER', 'NAME', 'DRIVER', 'RACER', 'COMPETITOR', 'PILOTE', 'NOM COMPLET'],
  firstName: ['FIRST NAME', 'FIRSTNAME', 'PRÉNOM', 'PRENOM'],
  lastName: ['LAST NAME', 'LASTNAME', 'SURNAME', 'NOM'],
  class: ['CLASS', 'CATEGORY', 'CAT', 'CLASSE', 'CATÉGORIE', 'CATEGORIE'],
  hometown: ['HOMETOWN', 'CITY', 'TOWN', 'VILLE', 'LOCATION'],
  brand: ['BIKE', 'BRAND', 'MAKE', 'MOTO', 'MARQUE', 'MACHINE'],
  team: ['TEAM', 'ÉQUIPE', 'EQUIPE', 'CLUB'],
  laps: ['LAPS', 'TOURS', 'LAP COUNT'],
  totalTime: ['TOTAL TIME', 'TIME', 'TOTAL', 'RACE TIME', 'TEMPS', 'TEMPS TOTAL'],
  gap: ['INTERVAL', 'GAP', 'DIFF', 'BEHIND', 'ÉCART', 'ECART'],
  bestLap: ['BEST TIME', 'BEST LAP', 'FAST LAP', 'BEST', 'MEILLEUR TOUR'],
  state: ['STATUS', 'STATE', 'ÉTAT', 'ETAT'],
};

/** A header as `SHEET_HEADERS` writes it. */
export function normaliseHeader(header: string): string {
  return header.replace(/\./g, '').replace(/\s+/g, ' ').trim().toUpperCase();
}

/** The field each header of `headers` holds, recognised by name (null: not used). */
export function guessMapping(headers: readonly string[]): (SheetField | null)[] {
  const taken = new Set<SheetField>();
  return headers.map((header) => {
    const name = normaliseHeader(header);
    const field = SHEET_FIELDS.find((f) => !taken.has(f) && SHEET_HEADERS[f].includes(name)) ?? null;
    if (field) taken.add(field);
    return field;
  });
}

/** True when `headers` look like a results table: a position and a rider (name, or first and last name). */
export function looksLikeSheet(headers: readonly string[]): boolean {
  const fields = new Set(guessMapping(headers));
  return fields.has('position') && (fields.has('name') || (fields.has('firstName') && fields.has('lastName')) || fields.has('number'));
}

const STATES: Record<string, ResultState> = { OUT: 'DNF', DNF: 'DNF', DNS: 'DNS', DQ: 'DSQ', DSQ: 'DSQ', DNQ: 'DNS', RET: 'DNF', AB: 'DNF', ABD: 'DNF', NC: 'DNF' };

/** The columns a race shows for the fields a sheet has. */
const COLUMN_OF: Partial<Record<SheetField, ResultColumn>> = {
  position: 'position',
  number: 'number',
  name: 'name',
  class: 'class',
  hometown: 'city',
  brand: 'brand',
  team: 'team',
  laps: 'laps',
  totalTime: 'totalTime',
  gap: 'gap',
  bestLap: 'bestLap',
  state: 'state',
};

export interface SheetOptions extends ParseOptions {
  /**
   * The field of each column, in order (null: not used), replacing recognition by header: the
   * desk's column-mapping step (lib/contracts/desk.ts `sheetMappingInput`). Refused (`header`,
   * line of the header row) when it does not name one field per column.
   */
  columns?: readonly (SheetField | null)[];
  /** Header → field, for the headers the caller maps itself (others are recognised by name; a null leaves a column out). */
  mapping?: Record<string, SheetField | null>;
  /** The race's name (default: the file's name without its extension, else "Results"). */
  raceName?: string;
}

/** The header row and the first `sampleRows` rows of a spreadsheet: what the desk's column-mapping step shows. */
export interface SheetTable {
  headers: string[];
  sample: string[][];
}

/**
 * The header row (the first row with a cell) and the next `sampleRows` rows of `text` read as a
 * CSV table, each row as long as the header; null when the text is not CSV, has no row after the
 * header, or its header has fewer than two columns, more than `SHEET_MAX_COLUMNS` or characters
 * no text holds (not a table to map).
 */
export function readSheetTable(text: string, sampleRows = 5): SheetTable | null {
  let rows: { cells: string[] }[];
  try {
    rows = readRecords(text).filter((r) => r.cells.some((c) => c !== ''));
  } catch (err) {
    if (err instanceof ImportError) return null;
    throw err;
  }
  const [header, ...body] = rows;
  if (!header || header.cells.length < 2 || header.cells.length > SHEET_MAX_COLUMNS || body.length === 0) return null;
  // Bytes that are not text (a PDF, an image) may still split on commas: not a table.
  if (header.cells.some((c) => /[\u0000-\u0008\u000E-\u001F\uFFFD]/.test(c))) return null;
  const width = header.cells.length;
  return { headers: header.cells, sample: body.slice(0, sampleRows).map((r) => Array.from({ length: width }, (_, i) => r.cells[i] ?? '')) };
}

function readRecords(text: string): { line: number; cells: string[] }[] {
  try {
    const records: unknown[] = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
    return (records as { record: string[]; info: { lines: number } }[]).map(({ record, info }) => ({ line: info.lines, cells: record.map((c) => c.trim()) }));
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    throw new ImportError(typeof err.lines === 'number' ? err.lines : 1, 'CSV', err.message);
  }
}

/**
 * Parses a results spreadsheet (CSV, UTF-8, BOM allowed) into an event with one sprint race; the
 * event's name and date come from the caller (the file has none).
 * @throws ImportError(line, field, detail): `header` when no position or rider column is found
 *   (line 1), a column name for a cell that is not what its column holds (a position that is
 *   neither a number nor a state, a time that is not a time, laps not a whole number), `Rider`
 *   for a row without a name or number, duplicate numbers. `opts.lenient` skips bad rows and
 *   lists them.
 */
export function parseResultsSheet(text: string, opts: SheetOptions = {}): ImportedEvent {
  const report = emptyReport();
  const rows = readRecords(text);
  const header = rows[0];
  if (!header) throw new ImportError(1, 'header', 'the file is empty');
  if (opts.columns && opts.columns.length !== header.cells.length) {
    throw new ImportError(header.line, 'header', `the column mapping names ${opts.columns.length} column(s), the file has ${header.cells.length}`);
  }
  const guessed = opts.columns ?? guessMapping(header.cells);
  const fields = header.cells.map((name, i) => (opts.mapping && Object.hasOwn(opts.mapping, name) ? opts.mapping[name]! : guessed[i]!));
  const twice = fields.find((f, i) => f !== null && fields.indexOf(f) < i);
  if (twice) throw new ImportError(header.line, 'header', `the field ${twice} is given to more than one column`);
  const col = (field: SheetField) => fields.indexOf(field);
  const hasRider = col('name') >= 0 || (col('firstName') >= 0 && col('lastName') >= 0) || col('number') >= 0;
  if (col('position') < 0 || !hasRider) {
    throw new ImportError(header.line, 'header', `no ${col('position') < 0 ? 'position' : 'rider name or number'} column among: ${header.cells.join(', ')}`);
  }
  const headerName = (field: SheetField) => header.cells[col(field)] ?? field;

  const entries: ImportedEntry[] = [];
  const classes: string[] = [];
  for (const row of rows.slice(1)) {
    if (row.cells.every((c) => c === '')) continue;
    const cell = (field: SheetField) => (col(field) >= 0 ? (row.cells[col(field)] ?? '') : '');
    const fail = (field: SheetField | 'Rider', detail: string): never => {
      throw new ImportError(row.line, field === 'Rider' ? 'Rider' : headerName(field), detail);
    };
    skipOrThrow(opts.lenient, report, () => {
      const number = cell('number');
      const fullName = cell('name') || [cell('firstName'), cell('lastName')].filter(Boolean).join(' ');
      if (!fullName && !number) fail('Rider', 'no name and no number');
      const key = number || `line${row.line}`;
      if (number && entries.some((e) => e.key === key)) fail('number', `duplicate number ${number}`);

      const positionCell = cell('position').replace(/\.$/, '').toUpperCase();
      const stateCell = cell('state').toUpperCase();
      let position: number | null = null;
      let state: ResultState = 'finished';
      if (/^\d+$/.test(positionCell)) position = Number(positionCell);
      else if (STATES[positionCell]) state = STATES[positionCell];
      else if (positionCell !== '') fail('position', `not a position or a state: ${JSON.stringify(cell('position'))}`);
      if (STATES[stateCell]) {
        state = STATES[stateCell];
        position = null;
      }
      const time = (field: SheetField) => {
        const value = cell(field).replace(/^\+/, '');
        // A gap counted in laps ("1 lap", "+2 laps") is no time: the laps column says it.
        if (field === 'gap' && /^\d+\s*(lap|laps|tour|tours|l)$/i.test(value)) return null;
        try {
          return parseTimeMs(value);
        } catch (err) {
          return fail(field, err instanceof Error ? err.message : String(err));
        }
      };
      const lapsCell = cell('laps');
      if (lapsCell !== '' && !/^\d+$/.test(lapsCell)) fail('laps', `not a whole number: ${JSON.stringify(lapsCell)}`);

      const result = blankResult(state);
      result.position = position;
      result.laps = lapsCell === '' ? null : Number(lapsCell);
      result.totalTimeMs = time('totalTime');
      result.gapMs = time('gap');
      result.bestLapMs = time('bestLap');
      const className = cell('class') || null;
      if (className && !classes.includes(className)) classes.push(className);
      const names = cell('firstName') || cell('lastName') ? { firstName: cell('firstName'), lastName: cell('lastName') } : splitName(fullName);
      entries.push({
        key,
        raceNumber: number,
        ...names,
        className,
        brand: cell('brand') || null,
        teamKey: null,
        transponder: null,
        city: cell('hometown') || null,
        state: null,
        country: null,
        result,
        sectionTimes: [],
        gridPosition: null,
        gridLabel: null,
      });
      return true;
    });
  }
  if (!entries.length) throw new ImportError(rows.at(-1)?.line ?? 1, 'Rider', 'no rider rows in the file');

  // Class places from the overall order (a sheet gives one position).
  const placed = entries.filter((e) => e.result.position !== null).sort((a, b) => a.result.position! - b.result.position!);
  const perClass = new Map<string, number>();
  for (const e of placed) {
    if (!e.className) continue;
    const next = (perClass.get(e.className) ?? 0) + 1;
    perClass.set(e.className, next);
    e.result.classPosition = next;
  }

  const present = new Set(fields.filter((f): f is SheetField => f !== null));
  if (present.has('firstName') || present.has('lastName')) present.add('name');
  const columns = SHEET_FIELDS.flatMap((f) => (present.has(f) && COLUMN_OF[f] ? [COLUMN_OF[f]] : []));
  if (!columns.includes('state')) columns.push('state');
  if (classes.length && !columns.includes('classPosition')) columns.splice(columns.indexOf('class') + 1, 0, 'classPosition');
  const baseName = opts.fileName?.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  const race: ImportedRace = {
    name: opts.raceName ?? (baseName || 'Results'),
    runNumber: null,
    kind: 'sprint',
    classes,
    teamClasses: [],
    columns,
    teamColumns: [],
    sections: [],
    startTime: null,
    clock: null,
    entries,
    teams: [],
    passings: [],
  };
  return { source: 'sheet-csv', name: opts.eventName ?? race.name, startDate: null, location: null, trackLengthKm: null, races: [race], report };
}
