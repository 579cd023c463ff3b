/**
 * The ranking step of the import on every real file: the positions the timing systems and the
 * scoring office gave agree with the rules (no position check listed), and the class positions
 * RMonitor captures do not carry are computed.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseResultsFile } from './parse';
import { rankImportedEvent } from './rank';

const REAL = [
  'data/real/rmonitor/orbits-mock-session.txt',
  'data/real/rmonitor/2009-sebring-alms-session-4.txt',
  'data/real/rmonitor/2009-sebring-alms-session-4-lites.txt',
  'data/real/enduro/2026-ecea-pine-hill-team-enduro.csv',
  'data/real/supercross/2017-las-vegas-450sx-main-live-timing.json',
  'data/fixtures/enduro/2026-ecea-sandy-lane-team-enduro.csv',
];

const ranked = (file: string) => rankImportedEvent(parseResultsFile(file, fs.readFileSync(file, 'utf8')));

describe('ranking on import', () => {
  it.each(REAL)('%s: every given position agrees with the rules', (file) => {
    expect(ranked(file).report.positionChecks).toEqual([]);
  });

  it('computes class positions for RMonitor sessions, in overall order within each class', () => {
    const race = ranked('data/real/rmonitor/2009-sebring-alms-session-4.txt').races[0];
    const byClass = new Map<string, number[]>();
    for (const e of race.entries) {
      expect(e.result.classPosition).not.toBeNull();
      byClass.set(e.className!, [...(byClass.get(e.className!) ?? []), e.result.classPosition!]);
    }
    for (const places of byClass.values()) expect(places).toEqual(places.map((_, i) => i + 1));
  });

  it('lists a position the file gives against the rules, and keeps it', () => {
    const file = 'data/real/rmonitor/orbits-mock-session.txt';
    const event = parseResultsFile(file, fs.readFileSync(file, 'utf8'));
    const [first, second] = event.races[0].entries;
    [first.result.position, second.result.position] = [2, 1];
    const checks = rankImportedEvent(event).report.positionChecks!;
    expect(checks.map((c) => [c.key, c.given, c.computed])).toEqual([
      [first.key, 2, 1],
      [second.key, 1, 2],
    ]);
    expect(first.result.position).toBe(2);
  });

  it('places DSQ teams after the DNF ones, unplaced, in the real Sandy Lane report', () => {
    const race = ranked('data/fixtures/enduro/2026-ecea-sandy-lane-team-enduro.csv').races[0];
    const dsq = race.teams.filter((t) => t.state === 'DSQ');
    expect(dsq.length).toBe(3);
    expect(dsq.every((t) => t.position === null)).toBe(true);
  });
});
