/**
 * ECEA sprint-enduro results importer (spec §3 Race results columns: position, class position,
 * total time, DNF/DSQ standing): the East Coast Enduro Association scoring office's report of a
 * time-based (sprint) enduro. It is laid out like the team-enduro report (lib/server/timing/ecea.ts)
 * without the team rows: a `Finisher` column where the team report's fifth column is unnamed, and
 * each rider's total time (`h:mm:ss`) in the column where the team report has the points.
 */
import type { ImportedEntry, ImportedEvent, ImportedRace, ParseOptions, ResultColumn, ResultState } from '../import/types';
import { blankResult, emptyReport, ImportError, skipOrThrow } from '../import/types';
import { rankSprint } from '../ranking';
import { Cells, readHeading, readRows, type Row } from './ecea';
import { splitName } from './names';
import { parseTimeMs } from './time';

/** The header row (line 4); the eighth column holds the times and may be named as below. */
const HEADER = ['Row', 'Rider Name', 'Bike', 'Class', 'Finisher', 'Place (in Class)', '#Chks', 'Points', 'EPoints'] as const;
const HEADER_LINE = 4;
const TIME_COL = 7;
/** Names the offices give the time column: the team report's `Points`, or a plain `Time`. */
const TIME_HEADER = /^(Points|Time|Total Time)$/i;
/** Place given to riders who did not score (as in the team report). */
const NON_SCORER_PLACE = 9999;
/** What the Finisher column says of a rider who finished, or who did not (without saying how). */
const YES = /^(Y|YES|X|TRUE|1|F|FINISHER|FINISHED)$/i;
const NO = /^(N|NO|FALSE|0)$/i;
/** A time as the office writes it: `h:mm:ss` (or `mm:ss`), optionally with a fraction. */
const TIME = /^\d{1,3}:\d{2}(?::\d{2})?(?:\.\d{1,3})?$/;

/** The state a scoring office's mark stands for (`DNF`, `DNS`, `DQ`/`DSQ`), else null. */
function markOf(cell: string): Exclude<ResultState, 'running' | 'finished'> | null {
  if (/^DNF$/i.test(cell)) return 'DNF';
  if (/^DNS$/i.test(cell)) return 'DNS';
  if (/^(DQ|DSQ)$/i.test(cell)) return 'DSQ';
  return null;
}

/**
 * Whether a CSV header row is the sprint-enduro report's (`Row,Rider Name,…` with a `Finisher`
 * column): what tells it from the team-enduro report, whose fifth column is unnamed.
 */
export function isSprintEnduroHeader(cells: readonly string[]): boolean {
  return /^Row$/i.test(cells[0] ?? '') && /^Rider Name$/i.test(cells[1] ?? '') && cells.some((c) => /^Finisher$/i.test(c));
}

/** Column names for error messages: the header's own name for the time column when it is one of the accepted ones. */
function columnNames(timeHeader: string | undefined): string[] {
  const names: string[] = [...HEADER];
  if (timeHeader && TIME_HEADER.test(timeHeader)) names[TIME_COL] = timeHeader;
  return names;
}

/**
 * Parses an ECEA sprint-enduro CSV report (UTF-8, BOM allowed, blank lines ignored) into an
 * event with one `kind: 'enduro'` race ranked by time. Lines 1–4: association + "Report
 * Generated", "Round N - M/D/YYYY - Event name", report title (→ race name), header
 * `Row,Rider Name,Bike,Class,Finisher,Place (in Class),#Chks,Points,EPoints` (the time column may
 * also be headed `Time` or `Total Time`). Then one row per rider, in any order.
 *
 * States: `Finisher` `Y` (or `Yes`, `X`, `1`, `Finisher`) = finished; `DNF`, `DNS`, `DQ`/`DSQ` =
 * that state; `N`/`No` = not a finisher: the state another cell names, else DNS for place 9999
 * (the team report's non-scorer), else DNF. The row, place and time columns may repeat the
 * state (`DNF`, `DNS`, `DQ`/`DSQ`); a mark (or a 9999 place) contradicting the Finisher column is
 * refused. Finishers need a place in class (kept as written), a test/check count and a time.
 * The others keep the count and the time when given; they have no class place unless the
 * office wrote a number (other than 9999), which is kept (ranking then reports it). `EPoints` is
 * optional (emergency points). A rider disqualified in the row column gets the key `line<N>` and
 * an empty race number; the row/minute is the start row (`23A`: grid position 23).
 *
 * Ranking: finishers get overall positions, more tests/checks first, then the lower total time
 * (lib/server/ranking `rankSprint`, the count in the role of laps); DNF, DNS and DSQ riders are
 * unplaced. The entries are listed in that order (then DNF, DNS, DSQ), so ranking later checks
 * the office's class places against the times.
 * Strict by default; `opts.lenient` skips a bad rider row and lists it in `report.skippedLines`.
 *
 * @throws ImportError(line, field, detail), field being the column header (`Finisher`, `Points`
 *   or `Time`, `Place (in Class)`, …) or `Round`/`header`: wrong header, a bad or missing time,
 *   an unknown or contradictory state mark, a non-numeric number, a row with fewer than 9
 *   columns (e.g. a truncated file), duplicate rows, no riders.
 */
export function parseEceaSprintEnduro(text: string, opts: ParseOptions = {}): ImportedEvent {
  const report = emptyReport();
  const rawHeader = text.replace(/^\uFEFF/, '').split(/\r?\n/)[HEADER_LINE - 1]?.split(',')[TIME_COL]?.replace(/"/g, '').trim();
  let names = columnNames(rawHeader);
  const rows = readRows(text, names);
  const { round, eventName, startDate, title, refuse } = readHeading(rows);

  const header = rows.find((r) => r.line === HEADER_LINE);
  const headerOk =
    header !== undefined &&
    HEADER.every((name, i) => (i === TIME_COL ? TIME_HEADER.test(header.cells[i] ?? '') : (header.cells[i] ?? '') === name));
  if (!headerOk) return refuse(HEADER_LINE, 'header', `expected the header "${HEADER.join(',')}" on line ${HEADER_LINE} (the time column may be headed Time)`);
  names = columnNames(header.cells[TIME_COL]);

  const entries: ImportedEntry[] = [];
  const classes: string[] = [];

  const riderRow = (c: Cells, row: Row): ImportedEntry => {
    const rowCell = c.required(0);
    const rowNo = markOf(rowCell) === 'DSQ' ? null : rowCell;
    if (rowNo !== null && !/^\d+[A-Za-z]?$/.test(rowNo)) c.fail(0, `not a row/minute like "23A": ${JSON.stringify(rowNo)}`);
    const key = rowNo ?? `line${row.line}`;
    if (entries.some((e) => e.key === key)) c.fail(0, `duplicate row ${key}`);
    const name = splitName(c.required(1));
    const className = c.required(3);

    // The state: the Finisher column, confirmed (never contradicted) by the row, place and time columns.
    const finisherCell = c.text(4);
    const placeCell = c.text(5);
    const timeCell = c.text(TIME_COL);
    const finisher = YES.test(finisherCell) ? 'finished' : NO.test(finisherCell) ? 'no' : markOf(finisherCell);
    if (finisher === null) {
      c.fail(4, finisherCell === '' ? 'empty: expected Y, N, DNF, DNS or DQ' : `not Y, N, DNF, DNS or DQ: ${JSON.stringify(finisherCell)}`);
    }
    const marks: [number, ResultState][] = [];
    if (rowNo === null) marks.push([0, 'DSQ']);
    const nonScorer = placeCell === String(NON_SCORER_PLACE);
    const placeMark = markOf(placeCell);
    if (placeMark) marks.push([5, placeMark]);
    const timeMark = markOf(timeCell);
    if (timeMark) marks.push([TIME_COL, timeMark]);
    let state: ResultState;
    if (finisher === 'finished') {
      if (marks.length) c.fail(marks[0][0], `${marks[0][1]} for a rider marked as a finisher`);
      if (nonScorer) c.fail(5, `${NON_SCORER_PLACE} (did not score) for a rider marked as a finisher`);
      state = 'finished';
    } else {
      // `N` says only "not a finisher": the other cells, or a 9999 place (DNS), say how.
      state = finisher === 'no' ? (marks[0]?.[1] ?? (nonScorer ? 'DNS' : 'DNF')) : finisher;
      for (const [col, mark] of marks) if (mark !== state) c.fail(col, `${mark} disagrees with ${state}`);
    }

    const finished = state === 'finished';
    const result = blankResult(state);
    if (finished || (placeCell !== '' && !placeMark && !nonScorer)) result.classPosition = c.int(5);
    result.checkpoints = finished || c.text(6) !== '' ? c.int(6) : null;
    if (timeCell === '' && finished) c.fail(TIME_COL, 'empty: a finisher needs a time');
    if (timeCell !== '' && !timeMark) {
      if (!TIME.test(timeCell)) c.fail(TIME_COL, `not a time like 1:02:17: ${JSON.stringify(timeCell)}`);
      try {
        result.totalTimeMs = parseTimeMs(timeCell);
      } catch (err) {
        c.fail(TIME_COL, err instanceof Error ? err.message : String(err));
      }
    }
    result.emergencyPoints = c.text(8) === '' ? null : c.int(8);
    return {
      key,
      raceNumber: rowNo ?? '',
      ...name,
      className,
      brand: c.text(2) || null,
      teamKey: null,
      transponder: null,
      city: null,
      state: null,
      country: null,
      result,
      sectionTimes: [],
      gridPosition: rowNo === null ? null : parseInt(rowNo, 10),
      gridLabel: rowNo,
    };
  };

  for (const row of rows) {
    if (row.line <= HEADER_LINE || row.cells.every((cell) => cell === '')) continue;
    const c = new Cells(row, names);
    skipOrThrow(opts.lenient, report, () => {
      if (row.cells.length < HEADER.length) {
        c.fail(row.cells.length, `row has ${row.cells.length} of ${HEADER.length} columns (cut off?)`);
      }
      const entry = riderRow(c, row);
      if (!classes.includes(entry.className!)) classes.push(entry.className!);
      entries.push(entry);
    });
  }
  if (entries.length === 0) throw new ImportError(rows.at(-1)?.line ?? HEADER_LINE, 'Row', 'no rider rows in the report');

  // Overall: finishers by tests/checks completed (in the role of laps), then total time.
  const ranked = rankSprint(entries.map((e) => ({ key: e.key, state: e.result.state, laps: e.result.checkpoints, totalTimeMs: e.result.totalTimeMs })));
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const ordered = ranked.map((r) => {
    const entry = byKey.get(r.key)!;
    entry.result.position = entry.result.state === 'finished' ? r.position : null;
    return entry;
  });

  const columns: ResultColumn[] = ['position', 'row', 'name', 'brand', 'class', 'classPosition', 'checkpoints', 'totalTime'];
  if (entries.some((e) => e.result.emergencyPoints !== null)) columns.push('emergencyPoints');
  columns.push('state');
  const race: ImportedRace = {
    name: title || 'Sprint Enduro Results',
    runNumber: round,
    kind: 'enduro',
    classes,
    teamClasses: [],
    columns,
    teamColumns: [],
    sections: [],
    startTime: null,
    clock: null,
    entries: ordered,
    teams: [],
    passings: [],
  };
  return { source: 'ecea-csv', name: eventName, startDate, location: null, trackLengthKm: null, races: [race], report };
}
