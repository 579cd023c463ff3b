/**
 * The results spreadsheet importer (issue 24: "a results table exported from other timing
 * software as a plain spreadsheet … is taken for an ECEA report and refused") on the Las Vegas
 * LCQ as the AMA results page exports it (data/fixtures/sheet, made from the real snapshot), and
 * hostile copies of it.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, parseResultsFile } from '../import/parse';
import { guessMapping, parseResultsSheet } from './sheet';
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
