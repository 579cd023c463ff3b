import { describe, expect, it } from 'vitest';
import { parseEceaTeamEnduro } from './ecea';
import { detectFormat, parseResultsFile } from '../import/parse';
import type { ImportedRace } from '../import/types';
import { expectRefused, lineOf, readFixture, readReal, replaceOnce } from './test-helpers';

const CSV = readReal('enduro/2026-ecea-pine-hill-team-enduro.csv');

const rider = (race: ImportedRace, row: string) => {
  const found = race.entries.find((e) => e.key === row);
  if (!found) throw new Error(`no rider row ${row}`);
  return found;
};

describe('parseEceaTeamEnduro: Pine Hill Enduro 2026', () => {
  const event = parseEceaTeamEnduro(CSV);
  const race = event.races[0];

  it('reads the event from the report heading (BOM stripped)', () => {
    expect(CSV.charCodeAt(0)).toBe(0xfeff);
    expect(event).toMatchObject({ source: 'ecea-csv', name: 'Pine Hill Enduro', startDate: '2026-04-12', location: null });
    expect(event.races).toHaveLength(1);
    expect(race).toMatchObject({ name: 'Team Enduro Results', runNumber: 4, kind: 'enduro', teamClasses: ['Team'] });
  });

  it('has 20 teams of 5 riders each', () => {
    expect(race.teams).toHaveLength(20);
    expect(race.entries).toHaveLength(100);
    for (const team of race.teams) {
      expect(race.entries.filter((e) => e.teamKey === team.key)).toHaveLength(5);
    }
  });

  it('scores the first team OCCR - SAND BLASTERS at position 1 with 205 points', () => {
    expect(race.teams[0]).toEqual({
      key: 'OCCR - SAND BLASTERS',
      name: 'OCCR - SAND BLASTERS',
      position: 1,
      state: 'finished',
      totalCheckpoints: 65,
      totalPoints: 205,
      totalEmergencyPoints: 13,
    });
    expect(race.teams.slice(0, 12).map((t) => t.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('gives DNF teams no position and no points', () => {
    const dnf = race.teams.filter((t) => t.state === 'DNF');
    expect(dnf).toHaveLength(8);
    for (const team of dnf) expect(team).toMatchObject({ position: null, totalPoints: null, totalEmergencyPoints: null });
    expect(race.teams.find((t) => t.key === 'RRMC - TEAM A')).toMatchObject({ state: 'DNF', totalCheckpoints: 61 });
  });

  it('reads RYAN CANAVAN: row 23A, KTM, AA, 3rd in class, 33 points, 46 emergency points', () => {
    expect(rider(race, '23A')).toMatchObject({
      raceNumber: '23A',
      firstName: 'RYAN',
      lastName: 'CANAVAN',
      brand: 'KTM',
      className: 'AA',
      teamKey: 'OCCR - SAND BLASTERS',
      result: { position: null, classPosition: 3, checkpoints: 13, points: 33, emergencyPoints: 46, state: 'finished' },
    });
  });

  it('reads the row/minute as the start row: 23A is grid position 23, labelled 23A', () => {
    expect(rider(race, '23A')).toMatchObject({ gridPosition: 23, gridLabel: '23A' });
    expect(rider(race, '7B')).toMatchObject({ gridPosition: 7, gridLabel: '7B' });
    // Every rider of the report has a row, so every rider has a start row.
    expect(race.entries.every((e) => e.gridPosition === parseInt(e.key, 10) && e.gridLabel === e.key)).toBe(true);
    // Riders of one row leave together: 7B and 7C share row 7.
    expect(race.entries.filter((e) => e.gridPosition === 7).map((e) => e.gridLabel).sort()).toEqual(expect.arrayContaining(['7B', '7C']));
  });

  it('keeps suffixes in the last name', () => {
    expect(rider(race, '13C')).toMatchObject({ firstName: 'DOUG', lastName: 'ALLEN II' });
    expect(rider(race, '3D')).toMatchObject({ firstName: 'GREG', lastName: 'VAN NESS' });
    expect(rider(race, '15D')).toMatchObject({ firstName: 'ROBERT', lastName: 'CIVILETTI JR' });
  });

  it('marks the 9999 non-scorers as DNS without a class place', () => {
    expect(rider(race, '29A')).toMatchObject({ firstName: 'ERIC', lastName: 'HAHN', result: { classPosition: null, state: 'DNS', points: 0 } });
    expect(race.entries.filter((e) => e.result.state === 'DNS').map((e) => e.key)).toEqual(['29A', '35E']);
  });

  it('lets riders of DNF teams keep their own places', () => {
    expect(rider(race, '15D')).toMatchObject({ teamKey: 'RRMC - TEAM A', result: { classPosition: 1, points: 37, state: 'finished' } });
  });

  it('lists rider classes in file order and the enduro columns', () => {
    expect(race.classes.slice(0, 4)).toEqual(['AA', 'A 250', 'A VET 30+', 'B 251+']);
    expect(race.classes).toHaveLength(new Set(race.entries.map((e) => e.className)).size);
    expect(race.columns).toEqual(['row', 'name', 'brand', 'class', 'classPosition', 'checkpoints', 'points', 'emergencyPoints', 'state']);
    expect(race.clock).toBeNull();
    expect(event.report).toEqual({ unknownMessages: {}, skippedLines: [] });
    expect(race.teamColumns).toEqual(['position', 'team', 'checkpoints', 'points', 'emergencyPoints', 'state']);
  });
});

describe('parseEceaTeamEnduro refuses damaged reports with line and column', () => {
  const canavan = '23A,RYAN CANAVAN,KTM,AA,,3,13,33,46';
  const canavanLine = lineOf(CSV, canavan);

  it('a file cut mid-way through a rider row', () => {
    expect(canavanLine).toBe(6);
    const cut = CSV.slice(0, CSV.indexOf(canavan) + '23A,RYAN CAN'.length);
    expectRefused(() => parseEceaTeamEnduro(cut), 6, 'Bike');
  });

  it('a file cut mid-way through the numbers of the last row', () => {
    const last = '35E,GREG GLAZAR,KTM,C SSR 50+,,9999,0,0,0';
    const cut = CSV.slice(0, CSV.indexOf(last) + '35E,GREG GLAZAR,KTM,C SSR 50+,,9999,0'.length);
    expectRefused(() => parseEceaTeamEnduro(cut), lineOf(CSV, last), 'Points');
  });

  it('a file cut right after a team row (team without riders)', () => {
    const team = '3,CDR - KILLER BEES,,,,Totals:,65,223,23\r\n';
    const cut = CSV.slice(0, CSV.indexOf(team) + team.length);
    const err = expectRefused(() => parseEceaTeamEnduro(cut), lineOf(CSV, team), 'Rider Name');
    expect(err.detail).toMatch(/no riders/);
  });

  it('a letter in a numeric field', () => {
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, canavan, '23A,RYAN CANAVAN,KTM,AA,,3,13,3x,46')), 6, 'Points');
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, canavan, '23A,RYAN CANAVAN,KTM,AA,,3,1E,33,46')), 6, '#Chks');
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, canavan, '23A,RYAN CANAVAN,KTM,AA,,third,13,33,46')), 6, 'Place (in Class)');
    const team = '2,DER - #1,,,,Totals:,65,207,50';
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, team, '2,DER - #1,,,,Totals:,65,2O7,50')), lineOf(CSV, team), 'Points');
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, team, 'II,DER - #1,,,,Totals:,65,207,50')), lineOf(CSV, team), 'Row');
  });

  it('a missing quote', () => {
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, canavan, '23A,"RYAN CANAVAN,KTM,AA,,3,13,33,46')), 6, 'Rider Name');
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, canavan, '23A,RYAN "CANAVAN,KTM,AA,,3,13,33,46')), 6, 'Rider Name');
  });

  it('a row with too few columns', () => {
    const row = '7C,CHRISTOPHER RIZZON,YAM,A VET 30+,,2,13,41,19';
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, row, '7C,CHRISTOPHER RIZZON,YAM,A VET 30+,,2,13,41')), lineOf(CSV, row), 'EPoints');
  });

  it('a wrong header line', () => {
    const header = 'Row,Rider Name,Bike,Class,,Place (in Class),#Chks,Points,EPoints';
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, header, 'Row,Rider,Bike,Class,,Place,#Chks,Points,EPoints')), 4, 'header');
  });

  it('rider rows before any team row', () => {
    const team = '1,OCCR - SAND BLASTERS,,,,Totals:,65,205,13\r\n';
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, team, '')), 5, 'Row');
  });

  it('a heading without round, date and event name', () => {
    const heading = 'Round 4 - 4/12/2026 - Pine Hill Enduro';
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, heading, 'Round 4 - 4/31/2026 - Pine Hill Enduro')), 2, 'Round');
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, heading, 'Pine Hill Enduro')), 2, 'Round');
  });
});

describe('parseEceaTeamEnduro: disqualified teams and riders', () => {
  it('imports the real Sandy Lane report: DQ teams are DSQ with their riders kept', () => {
    const text = readFixture('enduro/2026-ecea-sandy-lane-team-enduro.csv');
    expect(text).toContain('DQ,DVTR - III,,,,Totals:,48,DQ,9017');
    const event = parseEceaTeamEnduro(text);
    const race = event.races[0];
    expect(event).toMatchObject({ name: 'Sandy Lane Enduro', startDate: '2026-03-22' });
    expect(race.teams).toHaveLength(23);
    expect(race.entries).toHaveLength(113); // 22 teams of 5, DER - V with 3
    const dsq = race.teams.filter((t) => t.state === 'DSQ');
    expect(dsq.map((t) => t.name)).toEqual(['DVTR - III', 'CJCR - TEAM TONY', 'DER - V']);
    expect(dsq[0]).toEqual({ key: 'DVTR - III', name: 'DVTR - III', position: null, state: 'DSQ', totalCheckpoints: 48, totalPoints: null, totalEmergencyPoints: 9017 });
    expect(race.teams.filter((t) => t.state === 'DNF')).toHaveLength(5);
    expect(race.entries.filter((e) => e.teamKey === 'DVTR - III')).toHaveLength(5);
    // Riders of a DSQ team keep their own places; 9999 stays a non-scorer.
    expect(rider(race, '45C')).toMatchObject({ lastName: 'SMITH', result: { classPosition: 10, points: 71, state: 'finished' } });
    expect(rider(race, '51E').result).toMatchObject({ classPosition: null, state: 'DNS' });
  });

  it('marks riders with DQ in the place column or DSQ in the row column as DSQ, rows kept', () => {
    const event = parseEceaTeamEnduro(readFixture('enduro/pine-hill-dq-riders.csv'));
    const race = event.races[0];
    expect(race.entries).toHaveLength(100);
    expect(rider(race, '23A')).toMatchObject({ firstName: 'RYAN', result: { state: 'DSQ', classPosition: null, checkpoints: 13, points: 33, emergencyPoints: 46 } });
    expect(rider(race, 'line7')).toMatchObject({
      raceNumber: '',
      firstName: 'CHRISTOPHER',
      lastName: 'SMITH',
      teamKey: 'OCCR - SAND BLASTERS',
      result: { state: 'DSQ', classPosition: null, checkpoints: 13, points: null, emergencyPoints: null },
    });
    expect(race.entries.filter((e) => e.result.state === 'DSQ')).toHaveLength(2);
    // A rider disqualified in the row column has no row, hence no start row.
    for (const e of race.entries.filter((x) => x.key.startsWith('line'))) expect(e).toMatchObject({ gridPosition: null, gridLabel: null });
  });

  it('accepts DSQ for a team too', () => {
    const team = '2,DER - #1,,,,Totals:,65,207,50';
    const race = parseEceaTeamEnduro(replaceOnce(CSV, team, 'DSQ,DER - #1,,,,Totals:,65,DSQ,')).races[0];
    expect(race.teams.find((t) => t.key === 'DER - #1')).toMatchObject({ state: 'DSQ', position: null, totalPoints: null, totalEmergencyPoints: null });
  });
});

describe('parseEceaTeamEnduro: reports as offices really write them', () => {
  it('takes a DNF team whose Totals line is blank', () => {
    const team = '2,DER - #1,,,,Totals:,65,207,50';
    const race = parseEceaTeamEnduro(replaceOnce(CSV, team, 'DNF,DER - #1,,,,Totals:,,DNF,')).races[0];
    expect(race.teams).toHaveLength(20);
    expect(race.teams.find((t) => t.key === 'DER - #1')).toEqual({
      key: 'DER - #1',
      name: 'DER - #1',
      position: null,
      state: 'DNF',
      totalCheckpoints: null,
      totalPoints: null,
      totalEmergencyPoints: null,
    });
    // Its riders keep their own places.
    expect(race.entries.filter((e) => e.teamKey === 'DER - #1')).toHaveLength(5);
  });

  it('still refuses a blank Totals line on a placed team, naming the line and the column', () => {
    const team = '2,DER - #1,,,,Totals:,65,207,50';
    expectRefused(() => parseEceaTeamEnduro(replaceOnce(CSV, team, '2,DER - #1,,,,Totals:,,207,50')), lineOf(CSV, team), '#Chks');
  });
});

describe('parseEceaTeamEnduro --lenient', () => {
  it('skips a bad rider row and lists it; strict refuses the same file', () => {
    const canavan = '23A,RYAN CANAVAN,KTM,AA,,3,13,33,46';
    const text = replaceOnce(CSV, canavan, '23A,RYAN CANAVAN,KTM,AA,,3,13,3x,46');
    expectRefused(() => parseEceaTeamEnduro(text), 6, 'Points');
    const event = parseEceaTeamEnduro(text, { lenient: true });
    expect(event.races[0].entries).toHaveLength(99);
    expect(event.report.skippedLines).toEqual([{ line: 6, field: 'Points', detail: 'not a whole number: "3x"' }]);
  });

  it('skips a bad team row with its riders', () => {
    const team = '2,DER - #1,,,,Totals:,65,207,50';
    const text = replaceOnce(CSV, team, '2,DER - #1,,,,Totals:,65,2O7,50');
    const event = parseEceaTeamEnduro(text, { lenient: true });
    expect(event.races[0].teams).toHaveLength(19);
    expect(event.races[0].entries).toHaveLength(95);
    expect(event.report.skippedLines).toHaveLength(6);
    expect(event.report.skippedLines[0]).toMatchObject({ line: lineOf(CSV, team), field: 'Points' });
  });

  it('still refuses a wrong header', () => {
    expectRefused(() => parseEceaTeamEnduro(readFixture('hostile/pine-hill-wrong-header.csv'), { lenient: true }), 4, 'header');
  });
});

describe('parseEceaTeamEnduro and the sprint-enduro report (lib/server/timing/sprint-enduro.ts)', () => {
  it('refuses a sprint-enduro report at its header: it has its own importer', () => {
    const sprint = readFixture('enduro/pine-hill-sprint-enduro.csv');
    expect(detectFormat('round4.csv', sprint)).toBe('ecea-sprint-csv');
    const err = expectRefused(() => parseEceaTeamEnduro(sprint), 4, 'header');
    expect(err.detail).toMatch(/^expected the header "Row,Rider Name,Bike,Class,,Place/);
  });

  it('the team reports are still detected and imported as team reports', () => {
    expect(detectFormat('round4.csv', CSV)).toBe('ecea-csv');
    expect(parseResultsFile('round4.csv', CSV)).toEqual(parseEceaTeamEnduro(CSV));
    const sandy = readFixture('enduro/2026-ecea-sandy-lane-team-enduro.csv');
    expect(parseResultsFile('round3.csv', sandy)).toEqual(parseEceaTeamEnduro(sandy));
  });
});
