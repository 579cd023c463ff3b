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
});
