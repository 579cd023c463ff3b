import { describe, expect, it } from 'vitest';
import { parseRMonitor, RMonitorDecoder } from '../../lib/server/import/rmonitor';
import { formatTimeMs } from '../../lib/server/import/time';
import type { ImportedEvent, ImportedRace } from '../../lib/server/import/types';
import { expectRefused, lineOf, readReal, replaceOnce } from './helpers';

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

  it('takes the last driver of a driver change within the run', () => {
    expect(fullName(race, '40')).toBe('David Robertson'); // was Andrea Robertson earlier
    expect(fullName(race, '21')).toBe('Ian James'); // was Dominik Farnbacher earlier
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

  it('marks cars that never crossed the line as DNS', () => {
    expect(entry(race, '17').result).toMatchObject({ laps: null, totalTimeMs: null, bestLapMs: null, state: 'DNS' });
  });
});

describe('RMonitorDecoder (live use)', () => {
  const lines = ORBITS.split(/\r?\n/);

  it('gives the same snapshot when fed line by line', () => {
    const decoder = new RMonitorDecoder({ fileName: 'orbits-mock-session.txt' });
    lines.forEach((line, i) => decoder.push(line, i + 1));
    expect(decoder.snapshot()).toEqual(parseRMonitor(ORBITS, { fileName: 'orbits-mock-session.txt' }));
  });

  it('accepts CRLF lines and shows a running race mid-stream', () => {
    const decoder = new RMonitorDecoder();
    const cut = lineOf(ORBITS, '$J,"3","00:00:39.754","00:01:55.813"');
    lines.slice(0, cut).forEach((line, i) => decoder.push(`${line}\r\n`, i + 1));
    const race = decoder.snapshot().races[0];
    expect(race.name).toBe('Test Race');
    expect(race.entries[0].result).toMatchObject({ state: 'running' });
    expect(passingsOf(race, '3').map((p) => p.lapNumber)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a garbled line without changing its state', () => {
    const decoder = new RMonitorDecoder();
    lines.forEach((line, i) => decoder.push(line, i + 1));
    const before: ImportedEvent = decoder.snapshot();
    expectRefused(() => decoder.push('$J,"3","00:00:39.560","00:0x:14.808"', 9999), 9999, '$J.totalTime');
    expect(decoder.snapshot()).toEqual(before);
  });

  it('ignores unknown $X messages and blank lines', () => {
    const decoder = new RMonitorDecoder();
    decoder.push('$Z,"whatever",1,2', 1);
    decoder.push('', 2);
    expect(decoder.snapshot().races).toEqual([]);
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
