/**
 * The ECEA sprint-enduro importer (issue 24: a time-based report with "a `Finisher` column,
 * `h:mm:ss` times where points usually are" was refused at its header) on
 * data/fixtures/enduro/pine-hill-sprint-enduro.csv (made from the real Pine Hill team report,
 * see data/fixtures/README.md) and hostile copies of it.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, parseResultsFile } from '../import/parse';
import { rankImportedEvent } from '../import/rank';
import type { ImportedRace } from '../import/types';
import { ImportError } from '../import/types';
import { parseEceaSprintEnduro } from './sprint-enduro';
import { expectRefused, lineOf, readFixture, readReal, replaceOnce } from './test-helpers';

const CSV = readFixture('enduro/pine-hill-sprint-enduro.csv');
const HEADER = 'Row,Rider Name,Bike,Class,Finisher,Place (in Class),#Chks,Points,EPoints';
const CANAVAN = '23A,RYAN CANAVAN,KTM,AA,Y,3,13,"0:48:16",';

const rider = (race: ImportedRace, key: string) => {
  const found = race.entries.find((e) => e.key === key);
  if (!found) throw new Error(`no rider row ${key}`);
  return found;
};

describe('detectFormat: the sprint-enduro report', () => {
  it('is recognised by its Finisher header, not taken for the team report or a spreadsheet', () => {
    expect(detectFormat('round4.csv', CSV)).toBe('ecea-sprint-csv');
    expect(detectFormat('export', CSV)).toBe('ecea-sprint-csv');
    // Without the BOM and the heading lines, the header alone still tells it.
    expect(detectFormat('round4.csv', CSV.slice(CSV.indexOf(HEADER)))).toBe('ecea-sprint-csv');
    expect(detectFormat('round4.csv', replaceOnce(CSV, HEADER, HEADER.replace('Points', 'Time')))).toBe('ecea-sprint-csv');
    // The team reports stay team reports.
    expect(detectFormat('team.csv', readReal('enduro/2026-ecea-pine-hill-team-enduro.csv'))).toBe('ecea-csv');
    expect(detectFormat('team.csv', readFixture('enduro/2026-ecea-sandy-lane-team-enduro.csv'))).toBe('ecea-csv');
  });

  it('is dispatched to its importer', () => {
    const event = parseResultsFile('round4.csv', CSV);
    expect([event.source, event.name, event.races[0].entries.length]).toEqual(['ecea-csv', 'Pine Hill Sprint Enduro', 100]);
  });
});

describe('parseEceaSprintEnduro: the Pine Hill riders as a sprint-enduro report', () => {
  const event = parseEceaSprintEnduro(CSV);
  const race = event.races[0];

  it('reads the event from the report heading (BOM stripped)', () => {
    expect(CSV.charCodeAt(0)).toBe(0xfeff);
    expect(event).toMatchObject({ source: 'ecea-csv', name: 'Pine Hill Sprint Enduro', startDate: '2026-04-12', location: null, trackLengthKm: null });
    expect(event.races).toHaveLength(1);
    expect(race).toMatchObject({ name: 'Sprint Enduro Results', runNumber: 4, kind: 'enduro', teams: [], teamClasses: [], teamColumns: [], clock: null });
    expect(race.columns).toEqual(['position', 'row', 'name', 'brand', 'class', 'classPosition', 'checkpoints', 'totalTime', 'state']);
    expect(event.report).toEqual({ unknownMessages: {}, skippedLines: [] });
  });

  it('reads every rider (the blank line ignored) and every class in file order', () => {
    expect(CSV.split('\n').some((l) => l.trim() === '')).toBe(true);
    expect(race.entries).toHaveLength(100);
    expect(race.classes).toHaveLength(27);
    expect(race.classes.slice(0, 4)).toEqual(['AA', 'A 250', 'A VET 30+', 'B 251+']);
    expect(new Set(race.entries.map((e) => e.key)).size).toBe(100);
  });

  it('reads RYAN CANAVAN: row 23A, KTM, AA, 3rd in class, 13 tests, 0:48:16 (quoted)', () => {
    expect(rider(race, '23A')).toMatchObject({
      raceNumber: '23A',
      firstName: 'RYAN',
      lastName: 'CANAVAN',
      brand: 'KTM',
      className: 'AA',
      teamKey: null,
      gridPosition: 23,
      gridLabel: '23A',
      result: { position: 2, classPosition: 3, checkpoints: 13, totalTimeMs: 2_896_000, points: null, emergencyPoints: null, state: 'finished' },
    });
  });

  it('reads times over an hour and a lower-case, padded finisher mark', () => {
    expect(rider(race, '20A').result).toMatchObject({ totalTimeMs: ((1 * 60 + 23) * 60 + 28) * 1000, classPosition: 8, state: 'finished' });
    expect(rider(race, '46C').result).toMatchObject({ totalTimeMs: 5_589_000, state: 'finished' });
    expect(rider(race, '7B')).toMatchObject({ lastName: 'SMITH', result: { state: 'finished', classPosition: 1, totalTimeMs: 3_163_000 } });
  });

  it('ranks the finishers by total time, fastest first, then DNF, DNS and DSQ unplaced', () => {
    const finishers = race.entries.filter((e) => e.result.state === 'finished');
    expect(finishers).toHaveLength(90);
    expect(finishers.map((e) => e.result.position)).toEqual(finishers.map((_, i) => i + 1));
    expect(race.entries.slice(0, 90)).toEqual(finishers);
    const times = finishers.map((e) => e.result.totalTimeMs!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(finishers[0]).toMatchObject({ key: '22A', lastName: 'MCDONAL', result: { position: 1, totalTimeMs: 2_754_000 } });
    // Equal times keep the file order: 21C (B 251+) is listed before 15B (B 250).
    expect([rider(race, '21C').result.position, rider(race, '15B').result.position]).toEqual([
      rider(race, '21C').result.position,
      rider(race, '21C').result.position! + 1,
    ]);
    expect(race.entries.slice(90).map((e) => e.result.state)).toEqual([...Array(7).fill('DNF'), 'DNS', 'DNS', 'DSQ']);
    for (const e of race.entries.slice(90)) expect(e.result.position).toBeNull();
  });

  it('keeps the states as the office wrote them: DNF (also "dnf" and "N"), DNS (9999), DQ', () => {
    const keys = (state: string) => race.entries.filter((e) => e.result.state === state).map((e) => e.key).sort();
    expect(keys('DNF')).toEqual(['13A', '16B', '19A', '35B', '37B', '3E', '41B']);
    expect(keys('DNS')).toEqual(['29A', '35E']);
    expect(keys('DSQ')).toEqual(['20C']);
    // A DNF keeps the tests it rode and the time it had when given, without a class place.
    expect(rider(race, '35B').result).toMatchObject({ checkpoints: 7, totalTimeMs: 3_337_000, classPosition: null });
    expect(rider(race, '37B').result).toMatchObject({ checkpoints: 9, totalTimeMs: null, classPosition: null });
    expect(rider(race, '3E').result).toMatchObject({ state: 'DNF', checkpoints: 5, totalTimeMs: null });
    expect(rider(race, '29A').result).toMatchObject({ classPosition: null, checkpoints: 0, totalTimeMs: null });
    expect(rider(race, '20C').result).toMatchObject({ classPosition: null, totalTimeMs: 3_793_000, position: null });
  });

  it('keeps the class places as written; ranking finds them in time order and changes nothing', () => {
    const ranked = rankImportedEvent(parseEceaSprintEnduro(CSV));
    expect(ranked.report.positionChecks).toEqual([]);
    expect(ranked.races[0].entries.map((e) => [e.key, e.result.position, e.result.classPosition])).toEqual(
      race.entries.map((e) => [e.key, e.result.position, e.result.classPosition]),
    );
  });

  it('lets ranking report class places that contradict the times', () => {
    // 27A (5th, 0:59:19) and 13B (3rd, 0:55:06) of A 250 swap places.
    const text = replaceOnce(replaceOnce(CSV, '13B,THOMAS RAIO,YAM,A 250,Y,3,', '13B,THOMAS RAIO,YAM,A 250,Y,5,'), '27A,DANIEL BOYLE,GAS,A 250,Y,5,', '27A,DANIEL BOYLE,GAS,A 250,Y,3,');
    const checks = rankImportedEvent(parseEceaSprintEnduro(text)).report.positionChecks ?? [];
    expect(checks.map((c) => [c.kind, c.key, c.given])).toEqual([
      ['class', '27A', 3],
      ['class', '13B', 5],
    ]);
  });

  it('reads a time column headed Time, and a rider disqualified in the row column', () => {
    const withTime = replaceOnce(CSV, HEADER, HEADER.replace('Points', 'Time'));
    expect(rider(parseEceaSprintEnduro(withTime).races[0], '23A').result.totalTimeMs).toBe(2_896_000);
    const dq = replaceOnce(CSV, CANAVAN, 'DQ,RYAN CANAVAN,KTM,AA,DQ,,13,"0:48:16",');
    const line = lineOf(CSV, CANAVAN);
    expect(rider(parseEceaSprintEnduro(dq).races[0], `line${line}`)).toMatchObject({
      raceNumber: '',
      gridPosition: null,
      gridLabel: null,
      result: { state: 'DSQ', position: null, classPosition: null, totalTimeMs: 2_896_000 },
    });
  });

  it('keeps emergency points when the office gives them', () => {
    const race2 = parseEceaSprintEnduro(replaceOnce(CSV, CANAVAN, CANAVAN + '46')).races[0];
    expect(rider(race2, '23A').result.emergencyPoints).toBe(46);
    expect(race2.columns).toContain('emergencyPoints');
  });
});

describe('parseEceaSprintEnduro refuses damaged reports with line and column', () => {
  const line = lineOf(CSV, CANAVAN);
  const edit = (replacement: string) => parseEceaSprintEnduro(replaceOnce(CSV, CANAVAN, replacement));

  it('a bad time cell', () => {
    expect(line).toBe(6);
    expect(expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,13,0:48:1x,'), 6, 'Points').detail).toMatch(/not a time/);
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,13,0:75:16,'), 6, 'Points');
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,13,1:48:16:00,'), 6, 'Points');
    // A points figure where a time belongs is not read as 33 seconds.
    expect(expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,13,33,'), 6, 'Points').detail).toBe('not a time like 1:02:17: "33"');
    expect(expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,13,,'), 6, 'Points').detail).toMatch(/finisher needs a time/);
  });

  it('names the time column as the header does', () => {
    const text = replaceOnce(replaceOnce(CSV, HEADER, HEADER.replace('Points', 'Time')), CANAVAN, '23A,RYAN CANAVAN,KTM,AA,Y,3,13,0:48:1x,');
    expectRefused(() => parseEceaSprintEnduro(text), 6, 'Time');
  });

  it('a bad or missing Finisher mark, or one the other cells contradict', () => {
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,maybe,3,13,0:48:16,'), 6, 'Finisher');
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,,3,13,0:48:16,'), 6, 'Finisher');
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,13,DNF,'), 6, 'Points');
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,9999,13,0:48:16,'), 6, 'Place (in Class)');
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,DNF,DNS,13,,'), 6, 'Place (in Class)');
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,N,DNS,13,DNF,'), 6, 'Points');
  });

  it('a truncated row, and a file cut mid-row', () => {
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,13'), 6, 'Points');
    expectRefused(() => parseEceaSprintEnduro(CSV.slice(0, CSV.indexOf(CANAVAN) + '23A,RYAN CAN'.length)), 6, 'Bike');
    const last = '35B,JONATHAN HARTMAN,HUS,C 200,DNF,,7,0:55:37,';
    const cut = CSV.slice(0, CSV.indexOf(last) + '35B,JONATHAN HARTMAN,HUS,C 200,DNF,,7,0:55'.length);
    expectRefused(() => parseEceaSprintEnduro(cut), lineOf(CSV, last), 'EPoints');
  });

  it('a letter in a number, a missing quote, a duplicate row', () => {
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,third,13,0:48:16,'), 6, 'Place (in Class)');
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,1E,0:48:16,'), 6, '#Chks');
    expectRefused(() => edit('23A,RYAN CANAVAN,KTM,AA,Y,3,13,0:48:16,4x'), 6, 'EPoints');
    expectRefused(() => edit('23A,"RYAN CANAVAN,KTM,AA,Y,3,13,0:48:16,'), 6, 'Rider Name');
    expectRefused(() => edit('22A,RYAN CANAVAN,KTM,AA,Y,3,13,0:48:16,'), 6, 'Row');
  });

  it('a wrong header, a heading without round, a report without riders', () => {
    expectRefused(() => parseEceaSprintEnduro(replaceOnce(CSV, HEADER, HEADER.replace('Points', 'Score'))), 4, 'header');
    expectRefused(() => parseEceaSprintEnduro(replaceOnce(CSV, 'Round 4 - 4/12/2026 - ', '')), 2, 'Round');
    expectRefused(() => parseEceaSprintEnduro(CSV.slice(0, CSV.indexOf(HEADER) + HEADER.length)), 4, 'Row');
    expectRefused(() => parseEceaSprintEnduro(CSV.slice(0, CSV.indexOf('Sprint Enduro Results'))), 2, 'header');
  });

  it('--lenient skips the bad row and lists it', () => {
    const text = replaceOnce(CSV, CANAVAN, '23A,RYAN CANAVAN,KTM,AA,Y,3,13,0:48:1x,');
    const event = parseEceaSprintEnduro(text, { lenient: true });
    expect(event.races[0].entries).toHaveLength(99);
    expect(event.report.skippedLines).toEqual([{ line: 6, field: 'Points', detail: 'not a time like 1:02:17: "0:48:1x"' }]);
  });

  it('400 random cuts and character edits: an ImportError or finite numbers, never a crash', () => {
    let state = 24;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const noise = 'a1,"\n:.- xY';
    const finite = (v: unknown): boolean => (typeof v === 'number' ? Number.isFinite(v) : v && typeof v === 'object' ? Object.values(v).every(finite) : true);
    for (let i = 0; i < 400; i++) {
      const pos = Math.floor(random() * CSV.length);
      const char = noise[Math.floor(random() * noise.length)];
      const damaged = i % 3 === 0 ? CSV.slice(0, pos) : i % 3 === 1 ? CSV.slice(0, pos) + char + CSV.slice(pos + 1) : CSV.slice(0, pos) + char + CSV.slice(pos);
      try {
        expect(finite(parseResultsFile('round4.csv', damaged))).toBe(true);
      } catch (err) {
        if (!(err instanceof ImportError)) throw err;
        expect(err.line).toBeGreaterThanOrEqual(1);
        expect(err.line).toBeLessThanOrEqual(damaged.split('\n').length);
        expect(err.field).not.toBe('');
      }
    }
  });
});
