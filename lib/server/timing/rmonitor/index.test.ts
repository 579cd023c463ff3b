import { describe, expect, it } from 'vitest';
import type { ImportedEvent, ImportedRace } from '../../import/types';
import { expectRefused, lineOf, readFixture, readReal, replaceOnce } from '../test-helpers';
import { formatTimeMs } from '../time';
import { decodeLine, parseRMonitor, RMonitorSession, toImportedEvent } from './index';

const ORBITS = readReal('rmonitor/orbits-mock-session.txt');
const ALMS = readReal('rmonitor/2009-sebring-alms-session-4.txt');
const LITES = readReal('rmonitor/2009-sebring-alms-session-4-lites.txt');

const entry = (race: ImportedRace, number: string) => {
  const found = race.entries.find((e) => e.raceNumber === number);
  if (!found) throw new Error(`no entry #${number}`);
  return found;
};
const fullName = (race: ImportedRace, number: string) => {
  const e = entry(race, number);
  return `${e.firstName} ${e.lastName}`.trim();
};
const passingsOf = (race: ImportedRace, key: string) => race.passings.filter((p) => p.entryKey === key && p.section === null);

describe('parseRMonitor: Orbits mock session', () => {
  const event = parseRMonitor(ORBITS, { fileName: 'orbits-mock-session.txt' });
  const race = event.races[0];

  it('keeps the one run with passings, named from $B, at the $E track', () => {
    expect(event.source).toBe('rmonitor');
    expect(event.races).toHaveLength(1);
    expect(race.name).toBe('Test Race');
    expect(race.runNumber).toBe(25);
    expect(race.kind).toBe('sprint');
    expect(event.name).toBe('Test Race');
    expect(event.location).toBe('Brands Hatch');
    expect(event.trackLengthKm).toBeCloseTo(4.442, 3); // 2.760 miles
    expect(event.startDate).toBeNull(); // no $I or $L in this capture
  });

  it('has the 6 competitors in final $G order with Morgan Freeman winning', () => {
    expect(race.entries).toHaveLength(6);
    expect(race.entries.map((e) => e.raceNumber)).toEqual(['3', '4', '1', '5', '6', '2']);
    const winner = race.entries[0];
    expect(`${winner.firstName} ${winner.lastName}`).toBe('Morgan Freeman');
    expect(winner.className).toBe('Formula Vee');
    expect(winner.transponder).toBe('1003');
    expect(winner.result).toMatchObject({
      position: 1,
      laps: 8,
      totalTimeMs: 314_808,
      bestLapMs: 33_271,
      bestLapNumber: 1,
      lastLapMs: 39_560,
      gapMs: null,
      state: 'finished',
    });
    expect(formatTimeMs(winner.result.totalTimeMs ?? 0)).toBe('5:14.808');
  });

  it('computes gaps only between cars on the same lap', () => {
    expect(entry(race, '4').result.gapMs).toBe(1_313); // 5:16.121 − 5:14.808
    expect(entry(race, '5').result.gapMs).toBe(28_083);
    expect(entry(race, '6').result).toMatchObject({ laps: 7, gapMs: null });
    expect(entry(race, '2').result).toMatchObject({ laps: 7, gapMs: null, diffMs: 2_096 });
  });

  it('numbers the $J passings of #3 as laps 0..8 with their lap and total times', () => {
    const laps = passingsOf(race, '3');
    expect(laps.map((p) => p.lapNumber)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(laps[0]).toMatchObject({ lapTimeMs: null, totalTimeMs: 2_333 });
    expect(laps[1]).toMatchObject({ lapTimeMs: 33_271, totalTimeMs: 35_604 });
    expect(laps[8].totalTimeMs).toBe(314_808);
    expect(race.passings).toHaveLength(52);
  });

  it('takes the start grid from the $G order after the start, before the first lap was completed', () => {
    // Lines 44–61: the six cars cross the line 2.051 s to 2.676 s after the start in the order 1..6.
    expect(race.entries.map((e) => [e.raceNumber, e.gridPosition])).toEqual([
      ['3', 3],
      ['4', 4],
      ['1', 1],
      ['5', 5],
      ['6', 6],
      ['2', 2],
    ]);
    expect(race.entries.every((e) => e.gridLabel === null)).toBe(true);
  });

  it('shows only the columns that carry data (one class, no brand, no team)', () => {
    expect(race.classes).toEqual(['Formula Vee']);
    expect(race.columns).toEqual(['position', 'number', 'name', 'laps', 'lastLap', 'bestLap', 'totalTime', 'gap', 'state']);
    expect(race.teams).toEqual([]);
  });
});

describe('parseRMonitor: 2009 Sebring ALMS session 4', () => {
  const event = parseRMonitor(ALMS);
  const race = event.races[0];

  it('keeps run 32 and drops run 95 (no passings, before and after the $I reset)', () => {
    expect(event.races.map((r) => [r.runNumber, r.name])).toEqual([[32, 'Test Session 4']]);
    expect(event.startDate).toBe('2009-01-27'); // $I "27 Jan 09"
    expect(event.location).toBe('Sebring International Raceway');
    expect(event.trackLengthKm).toBeCloseTo(5.955, 3);
  });

  it('has no start grid: a test session where cars leave the pits over minutes', () => {
    // When #40 completed the first lap, 5 of the 11 cars had not yet crossed the line.
    expect(race.entries.every((e) => e.gridPosition === null && e.gridLabel === null)).toBe(true);
  });

  it('includes the passings streamed before the first $B of the capture', () => {
    // The capture starts mid-session: $B,32 first appears on line 3975.
    expect(lineOf(ALMS, '$B,32,')).toBe(3975);
    expect(passingsOf(race, '21')[0]).toMatchObject({ lapNumber: 0, totalTimeMs: 56_665 });
  });

  it('has 11 cars in the classes LMGT2, LMP2, LMP1 and #40 leading the final $G', () => {
    expect(race.entries).toHaveLength(11);
    expect(race.classes).toEqual(['LMGT2', 'LMP2', 'LMP1']);
    expect(race.columns).toContain('class');
    expect(race.columns).toContain('brand');
    const winner = race.entries[0];
    expect(winner.raceNumber).toBe('40');
    expect(winner.result).toMatchObject({ position: 1, laps: 47, totalTimeMs: 7_203_686, bestLapMs: 124_540, bestLapNumber: 3, state: 'finished' });
    expect(entry(race, '66')).toMatchObject({ className: 'LMP1', brand: 'Acura ARX 02a', country: null });
    expect(entry(race, '15').className).toBe('LMP2');
  });

  it('shows the latest details sent for a car in the session, even after its last passing', () => {
    // Driver changes during the run (Andrea → David Robertson, Farnbacher → James), then after
    // the last passings, in run 95 before the $I reset, the crews as "Driver A / Driver B".
    expect(lineOf(ALMS, '$A,"40","40",9367020,"D. Robertson/ Murry/"', ALMS.indexOf('$B,95'))).toBe(16153);
    expect(fullName(race, '40')).toBe('D. Robertson/ Murry/ A.Robertson');
    expect(fullName(race, '21')).toBe('Farnbacher / James');
  });

  it('keeps the clock of the run: its last $F (Finish), not the board cleared afterwards', () => {
    expect(race.clock).toEqual({ flag: 'Finish', lapsToGo: null, timeToGoMs: 0, timeOfDay: '10:02:09', raceTimeMs: 7_330_000 });
    expect(event.report).toEqual({ unknownMessages: {}, skippedLines: [] });
  });

  it('counts a repeated $J (same car, same total time) once', () => {
    const totals = passingsOf(race, '28').map((p) => p.totalTimeMs);
    expect(new Set(totals).size).toBe(totals.length);
    expect(ALMS.match(/\$J,"28","[^"]*","01:57:31\.856"/g)).toHaveLength(2);
    expect(totals.filter((t) => t === 7_051_856)).toHaveLength(1);
    const laps = passingsOf(race, '28').map((p) => p.lapNumber);
    expect(laps).toEqual(laps.map((_, i) => i));
  });

  it('stores $L loop passings with the timing line and an ISO read time', () => {
    const loops = race.passings.filter((p) => p.section !== null);
    expect(loops.length).toBeGreaterThan(400);
    expect(race.sections).toEqual(expect.arrayContaining(['P1', 'P2', 'P3', 'T1']));
    // No $T track description in this capture: no section times, and no 'sections' column.
    expect(race.entries.every((e) => e.sectionTimes.length === 0)).toBe(true);
    expect(race.columns).not.toContain('sections');
    expect(loops.find((p) => p.entryKey === '21' && p.section === 'P1')).toMatchObject({
      lapNumber: null,
      readTime: '2009-01-27T08:00:55.110',
    });
  });
});

describe('parseRMonitor: 2009 Sebring session 4 lites', () => {
  const event = parseRMonitor(LITES);
  const race = event.races[0];

  it('keeps run 34 only; "Test Session 5" after the $I reset has no passings and is dropped', () => {
    expect(LITES).toContain('$B,95,"Test Session 5"');
    expect(event.races.map((r) => [r.runNumber, r.name])).toEqual([[34, 'Test Session 4']]);
    expect(event.startDate).toBe('2009-01-27');
  });

  it('has 15 cars in L1 and L3 with #14 Wayne Ducote leading the final $G', () => {
    expect(race.entries).toHaveLength(15);
    expect(race.classes).toEqual(['L1', 'L3']);
    expect(fullName(race, '14')).toBe('Wayne Ducote');
    expect(race.entries[0].raceNumber).toBe('14');
    expect(race.entries[0].result).toMatchObject({ position: 1, laps: 31, totalTimeMs: 6_620_247, state: 'finished' });
    expect(entry(race, '22')).toMatchObject({ className: 'L3', teamKey: 'AFI Racing' });
    expect(race.columns).toContain('team');
    expect(race.columns).not.toContain('brand');
  });

  it('does not mix in the ALMS cars registered after the $I reset', () => {
    expect(race.entries.some((e) => e.className === 'LMGT2' || e.raceNumber === '66')).toBe(false);
    expect(fullName(race, '21')).toBe('Charlie Shears'); // #21 is the Panoz after the reset
  });

  it('counts the triple $J of #00 at 1:11:46.189 once', () => {
    expect(LITES.match(/\$J,"00","[^"]*","01:11:46\.189"/g)).toHaveLength(3);
    expect(passingsOf(race, '00').filter((p) => p.totalTimeMs === 4_306_189)).toHaveLength(1);
  });

  it('has no start grid either: 6 of the cars that ran crossed the line after the first lap was done', () => {
    expect(race.entries.every((e) => e.gridPosition === null)).toBe(true);
  });

  it('marks cars that never crossed the line as DNS', () => {
    expect(entry(race, '17').result).toMatchObject({ laps: null, totalTimeMs: null, bestLapMs: null, state: 'DNS' });
  });
});

describe('decodeLine + RMonitorSession + toImportedEvent (live use)', () => {
  const lines = ORBITS.split(/\r?\n/);
  const feed = (session: RMonitorSession, from: string[], suffix = '') =>
    from.forEach((line, i) => session.apply(decodeLine(`${line}${suffix}`, i + 1)));

  it('gives the same event when fed line by line', () => {
    const session = new RMonitorSession();
    feed(session, lines);
    expect(toImportedEvent(session, { fileName: 'orbits-mock-session.txt' })).toEqual(parseRMonitor(ORBITS, { fileName: 'orbits-mock-session.txt' }));
  });

  it('accepts CRLF lines and shows a running race mid-stream', () => {
    const session = new RMonitorSession();
    const cut = lineOf(ORBITS, '$J,"3","00:00:39.754","00:01:55.813"');
    feed(session, lines.slice(0, cut), '\r\n');
    const race = toImportedEvent(session).races[0];
    expect(race.name).toBe('Test Race');
    expect(race.entries[0].result).toMatchObject({ state: 'running' });
    expect(passingsOf(race, '3').map((p) => p.lapNumber)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a garbled line before it reaches the session', () => {
    const session = new RMonitorSession();
    feed(session, lines);
    const before: ImportedEvent = toImportedEvent(session);
    expectRefused(() => session.apply(decodeLine('$J,"3","00:00:39.560","00:0x:14.808"', 9999)), 9999, '$J.totalTime');
    expect(toImportedEvent(session)).toEqual(before);
  });

  it('counts unknown $X messages and ignores blank lines', () => {
    const session = new RMonitorSession();
    session.apply(decodeLine('$Z,"whatever",1,2', 1));
    session.apply(decodeLine('', 2));
    session.apply(decodeLine('$Z,3', 3));
    expect(toImportedEvent(session)).toMatchObject({ races: [], report: { unknownMessages: { Z: 2 }, skippedLines: [] } });
  });
});

describe('parseRMonitor: IMSA sections, corrections, driver changes (fixture)', () => {
  const text = readFixture('rmonitor/imsa-sections-corrections.txt');
  const event = parseRMonitor(text);
  const race = event.races[0];

  it('keeps the run with passings, dated by $I, at the $T/$E track', () => {
    expect(event).toMatchObject({ name: 'Endurance Race', startDate: '2026-06-14', location: 'Circuit Test' });
    expect(event.races.map((r) => r.runNumber)).toEqual([1]);
  });

  it('counts the unknown message types in the report', () => {
    expect(event.report).toEqual({ unknownMessages: { Z: 1, K: 2 }, skippedLines: [] });
  });

  it('applies $COR to the passing, the lap times around it and the standing', () => {
    const laps = passingsOf(race, '8');
    expect(laps.map((p) => [p.lapNumber, p.lapTimeMs, p.totalTimeMs])).toEqual([
      [0, null, 2_000],
      [1, 91_000, 93_000],
      [2, 91_750, 184_750], // 1:32.000 and 3:05.000 before the −0.250 s correction
    ]);
    expect(entry(race, '8').result).toMatchObject({ position: 2, laps: 2, totalTimeMs: 184_750, lastLapMs: 91_750, gapMs: 4_250 });
  });

  it('shows the latest driver details, sent after the last passing and in a run without passings', () => {
    expect(entry(race, '7')).toMatchObject({ firstName: 'Carl', lastName: 'Driver', country: 'ITA', transponder: '1007' });
    expect(fullName(race, '8')).toBe('Dana Smith / Eve Jones');
    expect(entry(race, '8').teamKey).toBe('Crew Racing');
  });

  it('leaves out a car seen only in an untimed $H', () => {
    expect(text).toContain('$H,3,"99",0,"00:00:00.000"');
    expect(race.entries.map((e) => e.key)).toEqual(['7', '8']);
  });

  it('keeps the last $F as the race clock', () => {
    expect(race.clock).toEqual({ flag: 'Finish', lapsToGo: 58, timeToGoMs: 1_620_000, timeOfDay: '10:03:10', raceTimeMs: 190_000 });
    expect(race.entries[0].result.state).toBe('finished');
  });

  it('turns $L crossings and the $T sections into section times', () => {
    expect(race.sections).toEqual(['S1', 'S2', 'S3', 'LAP']);
    expect(entry(race, '7').sectionTimes).toEqual([
      { section: 'S1', timeMs: 29_000 },
      { section: 'S2', timeMs: 30_000 },
      { section: 'S3', timeMs: 30_500 },
      { section: 'LAP', timeMs: 89_500 },
    ]);
    expect(entry(race, '8').sectionTimes).toEqual([
      { section: 'S1', timeMs: null },
      { section: 'S2', timeMs: null },
      { section: 'S3', timeMs: null },
      { section: 'LAP', timeMs: 92_000 },
    ]);
    const loops = race.passings.filter((p) => p.section !== null);
    expect(loops).toHaveLength(10);
    expect(loops[1]).toEqual({ entryKey: '8', lapNumber: null, lapTimeMs: null, totalTimeMs: null, section: 'T1', readTime: '2026-06-14T10:00:02.000' });
    expect(race.columns).not.toContain('sections');
  });
});

describe('parseRMonitor refuses damaged captures with line and field', () => {
  const j = '$J,"3","00:00:39.560","00:05:14.808"';
  const jLine = lineOf(ORBITS, j);

  it('a capture cut mid-way through a line (inside a quoted time)', () => {
    const cut = ORBITS.slice(0, ORBITS.indexOf(j) + '$J,"3","00:00:39.5'.length);
    expectRefused(() => parseRMonitor(cut), jLine, '$J.lapTime');
  });

  it('a capture cut after a field separator', () => {
    const g = '$G,1,"3",8,"00:05:14.808"';
    const cut = ORBITS.slice(0, ORBITS.indexOf(g) + '$G,1,"3",8'.length);
    expectRefused(() => parseRMonitor(cut), lineOf(ORBITS, g), '$G.totalTime');
  });

  it('a letter in a numeric field', () => {
    const g = '$G,1,"3",8,"00:05:14.808"';
    expectRefused(() => parseRMonitor(replaceOnce(ORBITS, g, '$G,1,"3",8x,"00:05:14.808"')), lineOf(ORBITS, g), '$G.laps');
  });

  it('a letter in a time', () => {
    expectRefused(() => parseRMonitor(replaceOnce(ORBITS, j, '$J,"3","00:00:39.560","00:05:1a.808"')), jLine, '$J.totalTime');
  });

  it('a missing quote', () => {
    expectRefused(() => parseRMonitor(replaceOnce(ORBITS, j, '$J,"3","00:00:39.560,"00:05:14.808"')), jLine, '$J.lapTime');
    expectRefused(() => parseRMonitor(replaceOnce(ORBITS, j, '$J,"3",00:00:39.560","00:05:14.808"')), jLine, '$J.lapTime');
  });

  it('a message with too few fields', () => {
    const a = '$A,"3","3",1003,"Morgan","Freeman","",1';
    expectRefused(() => parseRMonitor(replaceOnce(ORBITS, a, '$A,"3","3",1003,"Morgan"')), lineOf(ORBITS, a), '$A.lastName');
  });

  it('a garbled track length, reset date and loop passing in the CRLF Sebring capture', () => {
    const e = '$E,"TRACKLENGTH","3.700"';
    expectRefused(() => parseRMonitor(replaceOnce(ALMS, e, '$E,"TRACKLENGTH","3.7OO"')), lineOf(ALMS, e), '$E.value');
    const i = '$I,"10:03:08","27 Jan 09"';
    expectRefused(() => parseRMonitor(replaceOnce(ALMS, i, '$I,"10:03:08","27 Jxn 09"')), 16229, '$I.date');
    const l = '$L,"40","P2","POP","01/27/2009","08:00:05.894"';
    expectRefused(() => parseRMonitor(replaceOnce(ALMS, l, '$L,"40","P2","POP","13/27/2009","08:00:05.894"')), lineOf(ALMS, l), '$L.date');
    expectRefused(() => parseRMonitor(replaceOnce(ALMS, l, '$L,"40","P2","POP","01/27/2009","25:00:05.894"')), lineOf(ALMS, l), '$L.time');
  });

  it('a line that is not an RMonitor message', () => {
    const garbled = replaceOnce(ORBITS, j, 'J,"3","00:00:39.560","00:05:14.808"');
    expectRefused(() => parseRMonitor(garbled), jLine, 'message');
  });

  it('a capture without any passing', () => {
    const head = ORBITS.slice(0, ORBITS.indexOf('$J,'));
    const err = expectRefused(() => parseRMonitor(head), head.trimEnd().split('\n').length, '$J');
    expect(err.detail).toMatch(/no run/);
  });
});

describe('parseRMonitor --lenient', () => {
  it('skips the truncated and the garbled line, lists them, keeps the rest', () => {
    const cut = readFixture('hostile/orbits-truncated.txt');
    expectRefused(() => parseRMonitor(cut), 533, '$J.lapTime');
    expect(parseRMonitor(cut, { lenient: true }).report.skippedLines).toEqual([{ line: 533, field: '$J.lapTime', detail: 'missing closing quote' }]);

    const garbled = readFixture('hostile/orbits-garbled-field.txt');
    expectRefused(() => parseRMonitor(garbled), 534, '$G.laps');
    const event = parseRMonitor(garbled, { lenient: true });
    expect(event.report.skippedLines).toEqual([{ line: 534, field: '$G.laps', detail: 'not a whole number: "8x"' }]);
    expect(event.races[0].entries).toHaveLength(6);
  });

  it('still refuses a capture without passings', () => {
    expectRefused(() => parseRMonitor('$Z,1\n$A,"1","1",1,"A","B","",1\n', { lenient: true }), 2, '$J');
  });
});
