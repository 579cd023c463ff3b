/**
 * The East Coast Enduro Association's published team championship points reproduced from
 * data (spec §4 Series results; issue 9): the Pine Hill team-enduro report (data/real, as
 * recorded) imported with the real importer, scored with the ECEA rules as `rules.teams` and
 * the event's host club CJCR, equals the association's published points file
 * (`2026-ecea-pine-hill-team-points.json`) team by team.
 */
import { describe, expect, it } from 'vitest';
import { eventTeamPoints } from '../../../contracts/series';
import { parseResultsFile } from '../../import/parse';
import { readReal } from '../../timing/test-helpers';
import { computeStandings } from './compute';
import { input } from './test-input';
import type { EngineEvent } from './types';

const CSV = 'enduro/2026-ecea-pine-hill-team-enduro.csv';
/** ECEA: 1st 25, 2nd 22, 3rd 20, 4th 18, 5th 16, 6th 15, then one less per place down to 20th 1. */
const ECEA_TABLE = [25, 22, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
const published = eventTeamPoints.array().parse((JSON.parse(readReal('enduro/2026-ecea-pine-hill-team-points.json')) as { results: unknown }).results);

/** The Pine Hill event as the series loader would give it: one race, its teams with their riders in file order. */
function pineHill(hostClub: string | null): EngineEvent {
  const imported = parseResultsFile(CSV, readReal(CSV));
  const [race] = imported.races;
  return {
    id: 4,
    name: imported.name,
    startDate: imported.startDate ?? '2026-04-12',
    hostClub,
    races: [
      {
        id: 1,
        order: 1,
        results: [],
        teams: race.teams.map((t) => ({
          name: t.name,
          position: t.position,
          state: t.state,
          emergencyPoints: t.totalEmergencyPoints,
          riders: race.entries.filter((e) => e.teamKey === t.key).map((e) => `${e.firstName} ${e.lastName}`),
        })),
      },
    ],
  };
}

const score = (hostClub: string | null) => computeStandings(input({ teams: { pointsTable: ECEA_TABLE } }, [pineHill(hostClub)]));
const scoring = (s: ReturnType<typeof score>) =>
  (s.teamEvents ?? []).filter((t) => t.place !== null).map(({ team, club, points, epoints, riders }) => ({ team, club, points, epoints, riders }));

describe('ECEA Pine Hill team points (real files)', () => {
  it('equal the published points team by team with host club CJCR', () => {
    const s = score('CJCR');
    expect(published).toHaveLength(12);
    expect(scoring(s)).toEqual(published);
    // The eight DNF teams score 0 and are not in the published list.
    expect((s.teamEvents ?? []).filter((t) => t.place === null).map((t) => [t.team, t.points])).toEqual([
      ['RRMC - TEAM A', 0],
      ['OCCR - PINE CONE KILLERS', 0],
      ['SPER - FASTBOYZ I', 0],
      ['DER - #2', 0],
      ['DER - #4', 0],
      ["OCCR - WHOOP D DO'S", 0],
      ['DVTR - II', 0],
      ['DVTR - III', 0],
    ]);
  });

  it('club standings count the best-placed team of each club', () => {
    const s = score('CJCR');
    // OCCR: SAND BLASTERS 25 (CUT LINE KINGS 13 and SAND STORMERS 11 do not count); DER: #1 22; …
    // RRMC and SPER only had DNF teams: 0, level, sharing 8th.
    expect(s.clubs?.map((c) => [c.club, c.position, c.points, c.events[0]?.team])).toEqual([
      ['OCCR', 1, 25, 'OCCR - SAND BLASTERS'],
      ['DER', 2, 22, 'DER - #1'],
      ['CDR', 3, 20, 'CDR - KILLER BEES'],
      ['SJER', 4, 18, 'SJER - REALITY CHECK RACING'],
      ['MMC', 5, 15, 'MMC - CHECK PLEASE'],
      ['DVTR', 6, 14, 'DVTR - DIGGERS'],
      ['TCSMC', 7, 12, 'TCSMC - HAMMER 1'],
      ['RRMC', 8, 0, null],
      ['SPER', 8, 0, null],
    ]);
  });

  it('with DER as the host club its teams score 0 and the others move up', () => {
    const s = score('DER');
    expect(scoring(s).map((t) => [t.team, t.points])).toEqual([
      ['OCCR - SAND BLASTERS', 25],
      ['CDR - KILLER BEES', 22],
      ['SJER - REALITY CHECK RACING', 20],
      ['MMC - CHECK PLEASE', 18],
      ['DVTR - DIGGERS', 16],
      ['OCCR - CUT LINE KINGS', 15],
      ['TCSMC - HAMMER 1', 14],
      ['OCCR - SAND STORMERS', 13],
      ['SJER - BRAKING BAD', 12],
    ]);
    const der = (s.teamEvents ?? []).filter((t) => t.club === 'DER');
    expect(der.map((t) => [t.team, t.place, t.points])).toEqual([
      ['DER - #1', null, 0],
      ['DER - #3', null, 0],
      ['DER - #5', null, 0],
      ['DER - #2', null, 0],
      ['DER - #4', null, 0],
    ]);
  });
});
