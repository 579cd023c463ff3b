import { describe, expect, it } from 'vitest';
import { parseAmaLiveTiming } from './ama';
import { formatTimeMs } from './time';
import type { ImportedRace } from '../import/types';
import { expectRefused, lineOf, readReal, replaceOnce } from './test-helpers';

const JSON_TEXT = readReal('supercross/2017-las-vegas-450sx-main-live-timing.json');

const rider = (race: ImportedRace, number: string) => {
  const found = race.entries.find((e) => e.raceNumber === number);
  if (!found) throw new Error(`no rider #${number}`);
  return found;
};

/** Offset of the `index`-th rider object (`"A": <position>` of B[index]). */
const riderOffset = (index: number) => JSON_TEXT.indexOf(`"A": ${index + 1},\n   "C"`);

describe('parseAmaLiveTiming: 2017 Las Vegas snapshot', () => {
  const event = parseAmaLiveTiming(JSON_TEXT, { fileName: '2017-las-vegas-450sx-main-live-timing.json' });
  const race = event.races[0];

  it('reads event, location, track length and the session as race name', () => {
    expect(event).toMatchObject({
      source: 'ama-json',
      name: 'Monster Energy Supercross from Las Vegas, NV',
      location: 'Las Vegas',
      startDate: null,
    });
    expect(event.trackLengthKm).toBeCloseTo(1.931, 3); // 1.2 miles
    expect(event.races).toHaveLength(1);
    expect(race).toMatchObject({ name: '450SX LCQ (20min + 1 Lap)', runNumber: 29, kind: 'sprint', passings: [], teams: [] });
    expect(race.entries).toHaveLength(22);
  });

  it('has Jason Anderson first: #21, 19 laps, best lap 1:05.906 on lap 2', () => {
    const first = race.entries[0];
    expect(first).toMatchObject({
      raceNumber: '21',
      firstName: 'Jason',
      lastName: 'Anderson',
      brand: 'Husqvarna FC450',
      teamKey: 'ROCKSTAR ENERGY HUSQVARNA FACTORY RACING/BEL-RAY/S',
      city: 'Rio Rancho',
      state: 'NM',
      result: { position: 1, laps: 19, bestLapMs: 65_906, bestLapNumber: 2, lastLapMs: 66_109, gapMs: 0, diffMs: null, state: 'finished' },
    });
    expect(formatTimeMs(first.result.bestLapMs ?? 0)).toBe('1:05.906');
    expect(first.result.speedKmh).toBeCloseTo(105.164, 2); // 65.346 mph
  });

  it('gives Eli Tomac a 1.854 s gap; D is the gap to the leader, G the gap to the rider ahead', () => {
    expect(rider(race, '3').result).toMatchObject({ position: 2, gapMs: 1_854, diffMs: 1_854 });
    // Joshua Grant: D 2.608 behind Anderson, G 0.753 behind Tomac (1.854 + 0.753 ≈ 2.608).
    expect(rider(race, '33').result).toMatchObject({ position: 3, gapMs: 2_608, diffMs: 753 });
    expect(rider(race, '12').result.gapMs).toBe(68_642); // "1:08.642"
  });

  it('leaves lapped gaps empty', () => {
    expect(rider(race, '61').result).toMatchObject({ laps: 18, gapMs: null, diffMs: null }); // "1 lap"
    expect(rider(race, '314').result).toMatchObject({ gapMs: null, diffMs: 33_001 });
  });

  it('splits hometowns into city and state', () => {
    expect(rider(race, '3')).toMatchObject({ city: 'Cortez', state: 'CO' });
    expect(rider(race, '12')).toMatchObject({ city: 'Huntington Beach', state: 'CA' }); // "Huntington Beach , CA"
    expect(rider(race, '18')).toMatchObject({ city: 'Lake Havasu City', state: 'AZ' });
  });

  it('reads the section times S1..S4', () => {
    expect(race.sections).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(race.entries[0].sectionTimes).toEqual([
      { section: 'S1', timeMs: 44_811 },
      { section: 'S2', timeMs: null },
      { section: 'S3', timeMs: 17_577 },
      { section: 'S4', timeMs: 15_682 },
    ]);
    // Section times belong in the rider's detail, not in the table.
    expect(race.columns).toEqual(['position', 'number', 'name', 'brand', 'team', 'city', 'laps', 'lastLap', 'bestLap', 'gap', 'diff', 'state']);
    expect(race.columns).not.toContain('sections');
  });

  it('has no clock, an empty report and null for the figures the feed lacks', () => {
    expect(race.clock).toBeNull();
    expect(event.report).toEqual({ unknownMessages: {}, skippedLines: [] });
    expect(race.entries[0].result).toMatchObject({ groupPosition: null, penaltyLaps: null, pointsOverall: null, pointsClass: null, pointsGroup: null });
  });

  it('has no start grid: the live-timing feed carries no gate picks', () => {
    expect(race.entries.every((e) => e.gridPosition === null && e.gridLabel === null)).toBe(true);
  });

  it('maps DQ and DSQ statuses to DSQ', () => {
    const dq = parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"S": "OUT"', '"S": "DQ"'));
    expect(dq.races[0].entries.find((e) => e.raceNumber === '25')?.result.state).toBe('DSQ');
  });

  // Issue 25: a file is the recorded result; only a race a live feed writes shows riders running.
  it('maps the status: Active is finished (a file is never running), OUT is DNF', () => {
    expect(race.entries.filter((e) => e.result.state === 'finished')).toHaveLength(21);
    expect(race.entries.some((e) => e.result.state === 'running')).toBe(false);
    expect(rider(race, '25')).toMatchObject({ lastName: 'Musquin', result: { laps: 10, state: 'DNF' } });
  });
});

describe('parseAmaLiveTiming refuses damaged snapshots with line and field', () => {
  it('a file cut mid-way through a line', () => {
    const cutAt = JSON_TEXT.indexOf('"Dean Wilson ') + 5;
    const cut = JSON_TEXT.slice(0, cutAt);
    expectRefused(() => parseAmaLiveTiming(cut), lineOf(JSON_TEXT, '"Dean Wilson '), 'JSON');
  });

  it('a file cut after a complete line', () => {
    const cut = JSON_TEXT.slice(0, JSON_TEXT.indexOf('"SP": "57.915",') + '"SP": "57.915",'.length);
    expectRefused(() => parseAmaLiveTiming(cut), lineOf(JSON_TEXT, '"SP": "57.915",'), 'JSON');
  });

  it('a letter in a numeric field (quoted and unquoted)', () => {
    const at = riderOffset(3);
    const lapsLine = lineOf(JSON_TEXT, '"L": 19,', at);
    expectRefused(() => parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"L": 19,', '"L": "1x9",', at)), lapsLine, 'B[3].L');
    expectRefused(() => parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"L": 19,', '"L": 1x9,', at)), lapsLine, 'JSON');
    const trackLine = lineOf(JSON_TEXT, '"TL": 1.2,');
    expectRefused(() => parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"TL": 1.2,', '"TL": "1.2 mi",')), trackLine, 'TL');
  });

  it('a garbled lap or section time', () => {
    const at = riderOffset(3);
    expectRefused(
      () => parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"LL": "1:14.591"', '"LL": "1:1x.591"', at)),
      lineOf(JSON_TEXT, '"LL": "1:14.591"'),
      'B[3].LL',
    );
    expectRefused(
      () => parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"ST": "20.914"', '"ST": "2O.914"', at)),
      lineOf(JSON_TEXT, '"ST": "20.914"'),
      'B[3].SR[1].ST',
    );
    expectRefused(
      () => parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"D": "1 lap"', '"D": "one lap"')),
      lineOf(JSON_TEXT, '"D": "1 lap"'),
      'B[14].D',
    );
  });

  it('a missing quote', () => {
    const line = lineOf(JSON_TEXT, '"F": "Ryan Dungey ",');
    expectRefused(() => parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"F": "Ryan Dungey ",', '"F": "Ryan Dungey ,')), line, 'JSON');
  });

  it('a rider with a missing field', () => {
    const at = riderOffset(3);
    const withoutBest = replaceOnce(JSON_TEXT, '   "BL": "1:05.862",\n', '', at);
    // Reported on the line where the rider object B[3] starts.
    expectRefused(() => parseAmaLiveTiming(withoutBest), lineOf(JSON_TEXT, '{', at - 10), 'B[3].BL');
  });

  it('a duplicate race number', () => {
    const at = riderOffset(1);
    expectRefused(() => parseAmaLiveTiming(replaceOnce(JSON_TEXT, '"N": "3"', '"N": "21"', at)), lineOf(JSON_TEXT, '"N": "3"'), 'B[1].N');
  });

  it('something that is not a live-timing object', () => {
    expectRefused(() => parseAmaLiveTiming('[1, 2]'), 1, 'JSON');
    expectRefused(() => parseAmaLiveTiming(''), 1, 'JSON');
  });
});

describe('parseAmaLiveTiming --lenient', () => {
  it('skips a rider with a bad value and lists it', () => {
    const at = riderOffset(3);
    const text = replaceOnce(JSON_TEXT, '"L": 19,', '"L": "1x9",', at);
    const event = parseAmaLiveTiming(text, { lenient: true });
    expect(event.races[0].entries).toHaveLength(21);
    expect(event.report.skippedLines).toEqual([{ line: lineOf(JSON_TEXT, '"L": 19,', at), field: 'B[3].L', detail: expect.any(String) }]);
  });
});
