/**
 * The print selection contract (spec §5 Race printing: 'You must select a race', 'No classes
 * are selected in the Position Only tab'; §2 print routes): the form's schema, the reading of a
 * raw query (the form sent without JavaScript, a sheet page's query) and the sheet link.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PRINT_CLASSES, MAX_PRINT_RACES, parsePaper, parsePrintSheetQuery, printSelection, readPrintSelection, sheetHref, type PrintSelection } from './print';

const valid: PrintSelection = { event: 3, races: [3, 4], mode: 'overall', classes: [], paper: 'letter' };

/** The issues of a failed selection as `{path, code}` (the code is the zod message). */
function issues(input: unknown) {
  const parsed = printSelection.safeParse(input);
  expect(parsed.success).toBe(false);
  return parsed.error!.issues.map((i) => ({ path: i.path.join('.'), code: i.message }));
}

describe('printSelection (spec §5 Race printing)', () => {
  it('wants a race: race_required on races', () => {
    expect(issues({ ...valid, races: [] })).toEqual([{ path: 'races', code: 'race_required' }]);
    expect(issues({ ...valid, event: null, races: [] })).toEqual([{ path: 'races', code: 'race_required' }]);
  });

  it('wants a class for "Position only": classes_required on classes', () => {
    expect(issues({ ...valid, mode: 'classes', classes: [] })).toEqual([{ path: 'classes', code: 'classes_required' }]);
  });

  it('reports both at once', () => {
    expect(issues({ ...valid, races: [], mode: 'classes', classes: [] })).toEqual([
      { path: 'races', code: 'race_required' },
      { path: 'classes', code: 'classes_required' },
    ]);
  });

  it('accepts a valid selection of each mode and paper', () => {
    expect(printSelection.parse(valid)).toEqual(valid);
    expect(printSelection.parse({ ...valid, races: [3], mode: 'classes', classes: ['LMP1', 'LMP2'] })).toEqual({ ...valid, races: [3], mode: 'classes', classes: ['LMP1', 'LMP2'] });
    expect(printSelection.parse({ ...valid, event: 2, races: [2], mode: 'team', paper: 'a4' })).toEqual({ event: 2, races: [2], mode: 'team', classes: [], paper: 'a4' });
    // Classes sent with another mode do no harm (the form keeps the Position only tab's choice).
    expect(printSelection.safeParse({ ...valid, classes: ['LMP1'] }).success).toBe(true);
    // Class names are trimmed.
    expect(printSelection.parse({ ...valid, mode: 'classes', classes: ['  LMP1 '] }).classes).toEqual(['LMP1']);
  });

  it('refuses what the form never sends: unknown modes and papers, bad ids, blank classes, too many', () => {
    expect(printSelection.safeParse({ ...valid, mode: 'score' }).success).toBe(false);
    expect(printSelection.safeParse({ ...valid, paper: 'legal' }).success).toBe(false);
    expect(printSelection.safeParse({ ...valid, races: [0] }).success).toBe(false);
    expect(printSelection.safeParse({ ...valid, races: [1.5] }).success).toBe(false);
    expect(printSelection.safeParse({ ...valid, races: [2_147_483_648] }).success).toBe(false);
    expect(printSelection.safeParse({ ...valid, mode: 'classes', classes: ['  '] }).success).toBe(false);
    expect(printSelection.safeParse({ ...valid, mode: 'classes', classes: ['x'.repeat(101)] }).success).toBe(false);
    expect(printSelection.safeParse({ ...valid, races: Array.from({ length: MAX_PRINT_RACES + 1 }, (_, i) => i + 1) }).success).toBe(false);
  });
});

describe('readPrintSelection (the form sent as a query)', () => {
  it('reads repeated values as arrays and a single value as a string', () => {
    expect(readPrintSelection({ event: '3', race: ['3', '4'], mode: 'classes', class: ['LMP1', 'LMGT2'], paper: 'a4' })).toEqual({
      event: 3,
      races: [3, 4],
      mode: 'classes',
      classes: ['LMP1', 'LMGT2'],
      paper: 'a4',
    });
    expect(readPrintSelection({ event: '3', race: '4', mode: 'classes', class: 'L1' })).toEqual({ event: 3, races: [4], mode: 'classes', classes: ['L1'], paper: 'letter' });
  });

  it('drops malformed race ids, so a selection of only bad ids has no race', () => {
    expect(readPrintSelection({ race: ['abc', '01', '-1', '99999999999', '2147483648', '1.5', ' 3', '', '5'] }).races).toEqual([5]);
    const none = readPrintSelection({ race: ['abc', '01', '-1', '99999999999'] });
    expect(none.races).toEqual([]);
    expect(printSelection.safeParse(none).error?.issues.map((i) => i.message)).toEqual(['race_required']);
    expect(readPrintSelection({ event: 'abc' }).event).toBeNull();
    expect(readPrintSelection({ event: ['7', '8'] }).event).toBe(7);
  });

  it('removes duplicates, keeping the first order', () => {
    const read = readPrintSelection({ race: ['4', '3', '4', '3'], class: ['LMP1', 'LMP2', 'LMP1', ' LMP2 '] });
    expect(read.races).toEqual([4, 3]);
    expect(read.classes).toEqual(['LMP1', 'LMP2']);
  });

  it('drops blank and over-long class names', () => {
    expect(readPrintSelection({ class: ['', '   ', 'x'.repeat(101), 'x'.repeat(100), 'A VET 30+'] }).classes).toEqual(['x'.repeat(100), 'A VET 30+']);
  });

  it('caps the races and classes', () => {
    const read = readPrintSelection({
      race: Array.from({ length: MAX_PRINT_RACES + 5 }, (_, i) => String(i + 1)),
      class: Array.from({ length: MAX_PRINT_CLASSES + 5 }, (_, i) => `C${i}`),
    });
    expect(read.races.length).toBe(MAX_PRINT_RACES);
    expect(read.classes.length).toBe(MAX_PRINT_CLASSES);
    expect(printSelection.safeParse({ ...read, mode: 'classes' }).success).toBe(true);
  });

  it('reads an unknown or missing mode as overall and an unknown paper as Letter', () => {
    expect(readPrintSelection({ race: '1', mode: 'score', paper: 'legal' })).toEqual({ event: null, races: [1], mode: 'overall', classes: [], paper: 'letter' });
    expect(readPrintSelection({})).toEqual({ event: null, races: [], mode: 'overall', classes: [], paper: 'letter' });
    expect(readPrintSelection({ mode: ['team', 'classes'], paper: ['a4', 'letter'] })).toMatchObject({ mode: 'team', paper: 'a4' });
    expect(parsePaper({ paper: 'A4' })).toBe('letter');
  });
});

describe('parsePrintSheetQuery (a sheet page’s query)', () => {
  it('leaves the mode to the route when absent or unknown', () => {
    expect(parsePrintSheetQuery({})).toEqual({ mode: null, classes: [], races: [], paper: 'letter' });
    expect(parsePrintSheetQuery({ mode: 'nonsense' }).mode).toBeNull();
  });

  it('reads mode, classes, further races and paper', () => {
    expect(parsePrintSheetQuery({ race: ['4', 'x', '4'], mode: 'classes', class: ['LMP1', ''], paper: 'a4' })).toEqual({
      mode: 'classes',
      classes: ['LMP1'],
      races: [4],
      paper: 'a4',
    });
    expect(parsePrintSheetQuery({ mode: 'team' }).mode).toBe('team');
    expect(parsePrintSheetQuery({ mode: 'overall', race: '9' })).toEqual({ mode: 'overall', classes: [], races: [9], paper: 'letter' });
  });
});

describe('sheetHref (spec §2 print routes)', () => {
  const sel = (over: Partial<PrintSelection>): PrintSelection => ({ ...valid, ...over });

  it('from /races: every mode goes to /races/print/{first race} with its mode, the other races as race', () => {
    expect(sheetHref('/races', sel({ races: [3, 4] }))).toEqual({ pathname: '/races/print/3', query: { race: ['4'], mode: 'overall' } });
    expect(sheetHref('/races', sel({ races: [3], mode: 'classes', classes: ['LMP1', 'LMP2'] }))).toEqual({
      pathname: '/races/print/3',
      query: { mode: 'classes', class: ['LMP1', 'LMP2'] },
    });
    expect(sheetHref('/races', sel({ races: [2], mode: 'team' }))).toEqual({ pathname: '/races/print/2', query: { mode: 'team' } });
  });

  it('from /scores: overall → printoa, classes → printc with class, team → print?mode=team', () => {
    expect(sheetHref('/scores', sel({ races: [3, 4] }))).toEqual({ pathname: '/scores/printoa/3', query: { race: ['4'] } });
    expect(sheetHref('/scores', sel({ races: [4, 3], mode: 'classes', classes: ['L1'] }))).toEqual({ pathname: '/scores/printc/4', query: { race: ['3'], class: ['L1'] } });
    expect(sheetHref('/scores', sel({ races: [2], mode: 'team' }))).toEqual({ pathname: '/scores/print/2', query: { mode: 'team' } });
  });

  it('names the paper only when it is A4', () => {
    expect(sheetHref('/scores', sel({ races: [5], paper: 'a4' }))).toEqual({ pathname: '/scores/printoa/5', query: { paper: 'a4' } });
    expect(sheetHref('/races', sel({ races: [5], paper: 'a4' })).query).toEqual({ mode: 'overall', paper: 'a4' });
    expect(sheetHref('/races', sel({ races: [5] })).query).not.toHaveProperty('paper');
  });

  it('leaves classes out of the other modes', () => {
    expect(sheetHref('/scores', sel({ races: [3], classes: ['LMP1'] })).query).not.toHaveProperty('class');
    expect(sheetHref('/races', sel({ races: [3], mode: 'team', classes: ['LMP1'] })).query).not.toHaveProperty('class');
  });

  it('round-trips: a sheet page reads back what the link says', () => {
    const selection = sel({ races: [3, 4], mode: 'classes', classes: ['LMP1', 'L1'], paper: 'a4' });
    const { pathname, query } = sheetHref('/races', selection);
    expect(pathname).toBe('/races/print/3');
    expect(parsePrintSheetQuery(query)).toEqual({ mode: 'classes', classes: ['LMP1', 'L1'], races: [4], paper: 'a4' });
  });
});
