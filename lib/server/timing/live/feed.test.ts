/**
 * The feed's reconnect filter: after a reconnect, the lines that repeat what was received before
 * (a server replaying its history) are dropped; the first different line ends the repeat; it
 * keeps a hash per line, a bounded number of them.
 * (runLiveFeed end to end: tests/integration/live-feed.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { decodeLine, RMonitorSession, toImportedEvent } from '../rmonitor';
import { CatchUpFilter, lineHash } from './feed';

const pass = (filter: CatchUpFilter, lines: string[]) => lines.filter((l) => filter.accept(l));

describe('CatchUpFilter', () => {
  it('passes everything on the first connection', () => {
    const filter = new CatchUpFilter();
    filter.reconnected();
    expect(pass(filter, ['a', 'b', 'a'])).toEqual(['a', 'b', 'a']);
  });

  it('drops a replayed history after a reconnect, then passes the new lines', () => {
    const filter = new CatchUpFilter();
    filter.reconnected();
    pass(filter, ['a', 'b', 'c']);
    filter.reconnected();
    expect(pass(filter, ['a', 'b'])).toEqual([]);
    expect(filter.matchingNow).toBe(true);
    expect(pass(filter, ['c', 'd', 'a'])).toEqual(['d', 'a']);
    expect(filter.repeated).toBe(3);
    expect(filter.matchingNow).toBe(false);
    // The history now holds a, b, c, d, a.
    filter.reconnected();
    expect(pass(filter, ['a', 'b', 'c', 'd', 'a', 'e'])).toEqual(['e']);
  });

  it('passes everything from the first line that differs (a server sending its current picture)', () => {
    const filter = new CatchUpFilter();
    pass(filter, ['$I', '$A1', '$B1', '$J1']);
    filter.reconnected();
    expect(pass(filter, ['$I', '$A1', '$G1', '$B1', '$J2'])).toEqual(['$G1', '$B1', '$J2']);
  });

  it('remembers a bounded number of lines (hashes, not the lines): a replay past them goes through', () => {
    const filter = new CatchUpFilter(3);
    pass(filter, ['a', 'b', 'c', 'd', 'e']);
    expect(filter.size).toBe(3);
    filter.reconnected();
    expect(pass(filter, ['a', 'b', 'c', 'd', 'e'])).toEqual(['d', 'e']);
    expect(filter.size).toBe(3);
  });

  it('tells lines apart by a 53-bit hash', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `$J,"${i % 97}","00:01:${String(i % 60).padStart(2, '0')}.000","${i}"`);
    expect(new Set(lines.map(lineHash)).size).toBe(lines.length);
    expect(lineHash('$B,1,"Heat"')).toBe(lineHash('$B,1,"Heat"'));
    expect(Number.isSafeInteger(lineHash('x'))).toBe(true);
  });

  it('is what keeps a reconnect after a `$I` reset from doubling the runs (the session alone would)', () => {
    const lines = ['$B,1,"Heat"', '$J,"1","00:00:00.000","00:00:01.000"', '$I,"10:00:00","27 Jan 09"', '$B,2,"Final"', '$J,"1","00:00:00.000","00:00:02.000"'];
    const races = (stream: string[]) => {
      const session = new RMonitorSession();
      stream.forEach((l, i) => session.apply(decodeLine(l, i + 1)));
      return toImportedEvent(session).races.map((r) => r.name);
    };
    // The client had everything, the connection dropped, the server replays from the start.
    expect(races([...lines, ...lines])).toEqual(['Heat', 'Final', 'Heat', 'Final']);
    const filter = new CatchUpFilter();
    const kept = pass(filter, lines);
    filter.reconnected();
    kept.push(...pass(filter, lines));
    expect(races(kept)).toEqual(['Heat', 'Final']);
  });
});
