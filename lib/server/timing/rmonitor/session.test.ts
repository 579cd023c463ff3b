import { describe, expect, it } from 'vitest';
import { decodeLine } from './decode';
import { RMonitorSession } from './session';
import { entrants, toRace } from './to-race';

function sessionOf(lines: string[]): RMonitorSession {
  const session = new RMonitorSession();
  lines.forEach((line, i) => session.apply(decodeLine(line, i + 1)));
  return session;
}

describe('RMonitorSession', () => {
  it('applies a $COR that arrives before its passing once the passing comes', () => {
    const session = sessionOf([
      '$B,1,"Race"',
      '$J,"5","00:00:00.000","00:00:01.000"',
      '$COR,"5","5",1,"00:01:00.900","-00:00:00.100"',
      '$J,"5","00:01:00.000","00:01:01.000"',
      '$J,"5","00:01:02.000","00:02:03.000"',
    ]);
    const run = session.runs[0];
    expect(run.laps.get('5')?.map((p) => [p.lapTimeMs, p.totalTimeMs])).toEqual([
      [null, 1_000],
      [59_900, 60_900],
      [62_000, 123_000],
    ]);
    expect(run.corrections).toBe(1);
  });

  it('shows details sent after the $I reset only in the runs after it', () => {
    const session = sessionOf([
      '$A,"5","5",1,"Ann","Old","",1',
      '$B,1,"Race"',
      '$J,"5","00:00:00.000","00:00:01.000"',
      '$A,"5","5",1,"Ann","New","",1',
      '$I,"10:00:00","27 Jan 09"',
      '$A,"5","5",1,"Other","Car","",1',
    ]);
    expect(toRace(session.runs[0]).entries[0]).toMatchObject({ firstName: 'Ann', lastName: 'New' });
  });

  it('an untimed $H alone does not make an entrant; with $A or a time it does', () => {
    const session = sessionOf([
      '$A,"1","1",1,"A","B","",1',
      '$B,1,"Race"',
      '$H,1,"1",0,"00:00:00.000"',
      '$H,2,"2",0,"00:00:00.000"',
      '$H,3,"3",4,"00:01:00.000"',
      '$J,"4","00:00:00.000","00:00:01.000"',
    ]);
    expect(entrants(session.runs[0])).toEqual(['1', '3', '4']);
  });

  it('keeps the last $F as the clock, not a board-clearing blank one', () => {
    const session = sessionOf(['$B,1,"Race"', '$F,3,"00:05:00","10:00:00","00:10:00","Yellow"', '$F,0,"00:00:00","10:00:05","00:00:00","      "']);
    expect(session.runs[0].clock).toEqual({ flag: 'Yellow', lapsToGo: 3, timeToGoMs: 300_000, timeOfDay: '10:00:00', raceTimeMs: 600_000 });
  });

  describe('start grid', () => {
    const start = [
      '$B,1,"Race"',
      '$J,"7","00:00:00.000","00:00:01.100"',
      '$G,1,"7",0,"00:00:01.100"',
      '$J,"3","00:00:00.000","00:00:01.300"',
      '$G,2,"3",0,"00:00:01.300"',
      '$J,"9","00:00:00.000","00:00:01.500"',
      '$G,3,"9",0,"00:00:01.500"',
    ];
    const gridOf = (lines: string[]) => Object.fromEntries(toRace(sessionOf(lines).runs[0]).entries.map((e) => [e.key, e.gridPosition]));

    it('is the $G order of the field when the first lap is completed, not the final order', () => {
      expect(
        gridOf([
          ...start,
          '$J,"3","00:01:00.000","00:01:01.300"',
          '$G,1,"3",1,"00:01:01.300"',
          '$J,"9","00:00:59.900","00:01:01.400"',
          '$G,2,"9",1,"00:01:01.400"',
          '$J,"7","00:01:01.000","00:01:02.100"',
          '$G,3,"7",1,"00:01:02.100"',
        ]),
      ).toEqual({ '3': 2, '9': 3, '7': 1 });
    });

    it('is frozen by a $G with laps ≥ 1 even before its $J arrives', () => {
      expect(gridOf([...start, '$G,1,"9",1,"00:01:01.400"', '$G,2,"7",0,"00:00:01.100"', '$J,"9","00:00:59.900","00:01:01.400"'])).toEqual({ '7': 1, '3': 2, '9': 3 });
    });

    it('is null when a car that ran crossed the line only after the first lap was completed (pit exits)', () => {
      expect(gridOf([...start, '$J,"7","00:01:00.000","00:01:01.100"', '$J,"4","00:00:00.000","00:01:30.000"', '$G,4,"4",0,"00:01:30.000"'])).toEqual({
        '7': null,
        '3': null,
        '9': null,
        '4': null,
      });
    });

    it('is null for a capture that starts mid-run, and while no lap has been completed', () => {
      expect(gridOf(['$B,1,"Race"', '$G,1,"7",21,"00:30:01.100"', '$J,"7","00:01:00.000","00:30:01.100"', '$J,"7","00:01:00.000","00:31:01.100"'])).toEqual({ '7': null });
      expect(gridOf(start)).toEqual({ '7': null, '3': null, '9': null });
    });
  });
});
