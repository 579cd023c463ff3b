/**
 * The results spreadsheet importer (issue 24: "a results table exported from other timing
 * software as a plain spreadsheet … is taken for an ECEA report and refused") on the Las Vegas
 * LCQ as the AMA results page exports it (data/fixtures/sheet, made from the real snapshot), and
 * hostile copies of it.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, parseResultsFile } from '../import/parse';
import { sheetMappingInput, sheetMappingIssues, sheetMappingParam } from '../../contracts/desk';
import { guessMapping, parseResultsSheet, readSheetTable } from './sheet';
import { expectRefused, readFixture, replaceOnce } from './test-helpers';

const CSV = readFixture('sheet/2017-las-vegas-450sx-lcq-results.csv');

describe('parseResultsSheet: the Las Vegas LCQ as a spreadsheet', () => {
  it('is recognised as a spreadsheet, not an ECEA report', () => {
    expect(detectFormat('lcq.csv', CSV)).toBe('sheet-csv');
    expect(detectFormat('lcq.csv', readFixture('enduro/2026-ecea-sandy-lane-team-enduro.csv'))).toBe('ecea-csv');
  });

  it('reads every rider with position, number, hometown, bike, laps, interval and best lap', () => {
    const event = parseResultsFile('2017-las-vegas-450sx-lcq-results.csv', CSV, { eventName: 'Las Vegas' });
    expect(event).toMatchObject({ source: 'sheet-csv', name: 'Las Vegas', startDate: null });
    const [race] = event.races;
    expect(race).toMatchObject({ name: '2017-las-vegas-450sx-lcq-results', kind: 'sprint' });
    expect(race.entries).toHaveLength(22);
    expect(race.columns).toEqual(['position', 'number', 'name', 'city', 'brand', 'laps', 'gap', 'bestLap', 'state']);
    const [first, second] = race.entries;
    expect(first).toMatchObject({ key: '21', raceNumber: '21', firstName: 'Jason', lastName: 'Anderson', city: 'Rio Rancho, NM', brand: 'Husqvarna FC450' });
    expect(first.result).toMatchObject({ position: 1, laps: 19, gapMs: null, bestLapMs: 65906, state: 'finished' });
    expect(second.result).toMatchObject({ position: 2, gapMs: 1854, bestLapMs: 65215 });
  });

  it('gives a rider marked OUT, DNF or DQ that state and no position', () => {
    const race = parseResultsSheet(CSV).races[0];
    const out = race.entries.filter((e) => e.result.state === 'DNF');
    expect(out.length).toBeGreaterThan(0);
    for (const e of out) expect(e.result.position).toBeNull();
    const dq = parseResultsSheet(replaceOnce(CSV, '2,3,Eli Tomac', 'DQ,3,Eli Tomac')).races[0];
    expect(dq.entries.find((e) => e.key === '3')?.result).toMatchObject({ state: 'DSQ', position: null });
  });

  it('reads French headers, and a gap written in laps', () => {
    const french = CSV.replace('POS.,#,RIDER,HOMETOWN,BIKE,LAPS,INTERVAL,BEST TIME,STATUS', 'Rang,Dossard,Pilote,Ville,Marque,Tours,Écart,Meilleur tour,État').replace(',19,1.854,', ',19,1 lap,');
    const race = parseResultsSheet(french).races[0];
    expect(race.entries[1]).toMatchObject({ raceNumber: '3', lastName: 'Tomac', city: 'Cortez, CO' });
    expect(race.entries[1].result).toMatchObject({ position: 2, gapMs: null, laps: 19 });
  });

  it('takes the caller’s column mapping for headers it does not know', () => {
    const odd = CSV.replace('POS.,#,RIDER', 'Finish,Plate,Competitor Name').replace(',BEST TIME,', ',Quickest,');
    expectRefused(() => parseResultsSheet(odd), 1, 'header');
    expect(guessMapping(['Finish', 'Plate', 'Competitor Name'])).toEqual([null, 'number', null]);
    const race = parseResultsSheet(odd, { mapping: { Finish: 'position', 'Competitor Name': 'name', Quickest: 'bestLap' } }).races[0];
    expect(race.entries[0]).toMatchObject({ firstName: 'Jason', result: { position: 1, bestLapMs: 65906 } });
  });

  it('refuses a bad cell naming its line and column; lenient skips the row and lists it', () => {
    const bad = replaceOnce(CSV, '19,1.854,1:05.215', '19,1.854,1:65.215');
    expectRefused(() => parseResultsSheet(bad), 3, 'BEST TIME');
    const garbled = replaceOnce(CSV, '2,3,Eli Tomac', 'second,3,Eli Tomac');
    expectRefused(() => parseResultsSheet(garbled), 3, 'POS.');
    const lenient = parseResultsSheet(garbled, { lenient: true });
    expect(lenient.races[0].entries).toHaveLength(21);
    expect(lenient.report.skippedLines).toEqual([{ line: 3, field: 'POS.', detail: 'not a position or a state: "second"' }]);
    expectRefused(() => parseResultsSheet(replaceOnce(CSV, '3,33,Joshua Grant', '3,21,Joshua Grant')), 4, '#');
  });
});

describe('parseResultsSheet: columns chosen by hand (the desk’s column-mapping step)', () => {
  const ODD = readFixture('sheet/unrecognised-headers.csv');
  const COLUMNS = ['position', 'number', 'name', 'brand', 'totalTime'] as const;

  it('is not recognised as a results table on its own: no position column it knows', () => {
    expect(guessMapping(['Pl', 'Plate', 'Racer', 'Machine', 'Time'])).toEqual([null, 'number', 'name', 'brand', 'totalTime']);
    expectRefused(() => parseResultsSheet(ODD), 1, 'header');
    expect(detectFormat('odd.csv', ODD)).toBe('ecea-csv');
  });

  it('imports with the columns given, whatever the file’s name or headers', () => {
    const event = parseResultsFile('odd.txt', ODD, { columns: COLUMNS });
    expect(event.source).toBe('sheet-csv');
    const race = event.races[0]!;
    expect(race.name).toBe('odd');
    expect(race.entries).toHaveLength(7);
    expect(race.columns).toEqual(['position', 'number', 'name', 'brand', 'totalTime', 'state']);
    expect(race.entries[0]).toMatchObject({ raceNumber: '21', firstName: 'Jason', lastName: 'Anderson', brand: 'Husqvarna FC450', result: { position: 1, totalTimeMs: 1_531_250 } });
    expect(race.entries[6]).toMatchObject({ raceNumber: '25', result: { state: 'DNF', position: null, totalTimeMs: null } });
    // A column left out is not read: no brand then.
    expect(parseResultsSheet(ODD, { columns: ['position', 'number', 'name', null, 'totalTime'] }).races[0]!.entries[0]!.brand).toBeNull();
  });

  it('refuses columns without a position, a rider, one per column, or with a field twice (the importer and the shared schema)', () => {
    expect(expectRefused(() => parseResultsSheet(ODD, { columns: [null, 'number', 'name', 'brand', 'totalTime'] }), 1, 'header').detail).toMatch(/no position column/);
    expect(expectRefused(() => parseResultsSheet(ODD, { columns: ['position', null, null, 'brand', 'totalTime'] }), 1, 'header').detail).toMatch(/rider name or number/);
    expect(expectRefused(() => parseResultsSheet(ODD, { columns: ['position', 'number', 'name'] }), 1, 'header').detail).toMatch(/3 column\(s\), the file has 5/);
    expect(expectRefused(() => parseResultsSheet(ODD, { columns: ['position', 'number', 'name', 'name', 'totalTime'] }), 1, 'header').detail).toMatch(/name is given to more than one column/);

    const codes = (value: unknown) => {
      const checked = sheetMappingInput.safeParse(value);
      return checked.success ? [] : sheetMappingIssues(checked.error);
    };
    expect(codes([...COLUMNS])).toEqual([]);
    expect(codes([null, 'number', 'name', 'brand', 'totalTime'])).toEqual([{ code: 'null_mapping_position', column: null, field: null }]);
    expect(codes(['position', null, null, 'brand', 'totalTime'])).toEqual([{ code: 'null_mapping_rider', column: null, field: null }]);
    expect(codes(['position', 'firstName', null, 'brand', 'totalTime'])).toEqual([{ code: 'null_mapping_rider', column: null, field: null }]);
    expect(codes(['position', 'firstName', 'lastName', null, null])).toEqual([]);
    expect(codes(['position', 'number', 'name', 'team', 'team'])).toEqual([{ code: 'invalid_mapping_duplicate', column: 4, field: 'team' }]);
    expect(codes(['position', 'speed'])).toEqual([{ code: 'invalid_mapping', column: 1, field: null }]);
    expect(sheetMappingParam.safeParse('notjson').error?.issues.map((i) => i.message)).toEqual(['invalid_mapping_json']);
    expect(sheetMappingParam.parse(JSON.stringify(COLUMNS))).toEqual(COLUMNS);
  });

  it('reads the header and first rows a mapping step shows; not a table for one column or no rows', () => {
    expect(readSheetTable(ODD, 2)).toEqual({
      headers: ['Pl', 'Plate', 'Racer', 'Machine', 'Time'],
      sample: [
        ['1', '21', 'Jason Anderson', 'Husqvarna FC450', '25:31.250'],
        ['2', '3', 'Eli Tomac', 'Kawasaki KX 450F', '25:33.104'],
      ],
    });
    expect(readSheetTable(ODD)!.sample).toHaveLength(5);
    expect(readSheetTable('\n\nA,B\n1\n')).toEqual({ headers: ['A', 'B'], sample: [['1', '']] });
    expect(readSheetTable('only\none\n')).toBeNull();
    expect(readSheetTable('A,B\n')).toBeNull();
    expect(readSheetTable('"unclosed,B\n1,2\n')).toBeNull();
  });
});
