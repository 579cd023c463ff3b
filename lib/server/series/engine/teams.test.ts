/**
 * Team and club championships (spec §4 Series results; ECEA team championship rules as data):
 * places by race position then emergency points, host club's teams scoring 0 and giving up
 * their place, DNF/DSQ teams 0, club = best-placed team (or the sum), season ties on emergency
 * points. Expected figures worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { computeStandings } from './compute';
import { clubOf } from './teams';
import { event, input, race, team } from './test-input';

const TABLE = [25, 22, 20, 18];

// One event hosted by club HOST. Race positions: AAA - 1 1st, HOST - X 2nd, BBB - 1 3rd,
// AAA - 2 4th, CCC 5th; DDD - 1 did not finish; EEE - 1 was disqualified.
const teams = [
  team('AAA - 1', 1, 10),
  team('HOST - X', 2, 5),
  team('BBB - 1', 3, 20),
  team('AAA - 2', 4, 1),
  team('CCC', 5, 7),
  team('DDD - 1', null, null),
  team('EEE - 1', null, null, 'DSQ'),
];
const events = [event(1, [race(1, 1, [], teams)], 'HOST')];
const points = (s: ReturnType<typeof computeStandings>) => s.teamEvents?.map((t) => [t.team, t.club, t.place, t.points]);

describe('clubOf', () => {
  it('is the text before " - ", else the whole name', () => {
    expect(clubOf('DER - #1')).toBe('DER');
    expect(clubOf('SJER - REALITY CHECK RACING')).toBe('SJER');
    expect(clubOf('CCC')).toBe('CCC');
  });

  it('takes the club as offices write it: a dash with a space on one side only, not a hyphenated name', () => {
    expect(clubOf('CLUB- NAME')).toBe('CLUB');
    expect(clubOf('CLUB -NAME')).toBe('CLUB');
    expect(clubOf('OCCR - SAND-BLASTERS')).toBe('OCCR');
    expect(clubOf('SAND-BLASTERS')).toBe('SAND-BLASTERS');
  });
});

describe('two host clubs', () => {
  it('both clubs’ teams score 0 and give up their places; a team written CLUB- NAME belongs to its club', () => {
    const twoHosts = [event(1, [race(1, 1, [], [team('AAA - 1', 1, 10), team('HOST- X', 2, 5), team('BBB - 1', 3, 20), team('CCC', 4, 7)])], 'HOST, BBB')];
    const s = computeStandings(input({ teams: { pointsTable: TABLE } }, twoHosts));
    expect(points(s)).toEqual([
      ['AAA - 1', 'AAA', 1, 25],
      ['CCC', 'CCC', 2, 22],
      ['HOST- X', 'HOST', null, 0],
      ['BBB - 1', 'BBB', null, 0],
    ]);
    expect(s.clubs?.map((c) => c.club)).toEqual(['AAA', 'CCC', 'BBB', 'HOST']);
  });
});

describe('team points at an event', () => {
  it('host club and DNF/DSQ teams score 0 and give up their places', () => {
    const s = computeStandings(input({ teams: { pointsTable: TABLE } }, events));
    // AAA - 1 1st 25, BBB - 1 2nd 22 (HOST - X's place goes to it), AAA - 2 3rd 20, CCC 4th 18.
    expect(points(s)).toEqual([
      ['AAA - 1', 'AAA', 1, 25],
      ['BBB - 1', 'BBB', 2, 22],
      ['AAA - 2', 'AAA', 3, 20],
      ['CCC', 'CCC', 4, 18],
      ['HOST - X', 'HOST', null, 0],
      ['DDD - 1', 'DDD', null, 0],
      ['EEE - 1', 'EEE', null, 0],
    ]);
    expect(s.teamEvents?.[0]).toEqual({ eventId: 1, team: 'AAA - 1', club: 'AAA', place: 1, points: 25, epoints: 10, riders: ['AAA - 1 RIDER'] });
  });

  it('without hostClubScoresZero the host team keeps its place; a place past the table scores 0', () => {
    const s = computeStandings(input({ teams: { pointsTable: TABLE, hostClubScoresZero: false } }, events));
    expect(points(s)).toEqual([
      ['AAA - 1', 'AAA', 1, 25],
      ['HOST - X', 'HOST', 2, 22],
      ['BBB - 1', 'BBB', 3, 20],
      ['AAA - 2', 'AAA', 4, 18],
      ['CCC', 'CCC', 5, 0],
      ['DDD - 1', 'DDD', null, 0],
      ['EEE - 1', 'EEE', null, 0],
    ]);
  });

  it('teams on the same position are placed by emergency points, lower first', () => {
    // Two divisions (races) at one event, each won: P - 1 with 12 emergency points, Q - 1 with 8.
    const two = [event(1, [race(1, 1, [], [team('P - 1', 1, 12)]), race(2, 2, [], [team('Q - 1', 1, 8)])])];
    const s = computeStandings(input({ teams: { pointsTable: TABLE } }, two));
    expect(points(s)).toEqual([
      ['Q - 1', 'Q', 1, 25],
      ['P - 1', 'P', 2, 22],
    ]);
  });

  it('an excluded race brings no teams', () => {
    const s = computeStandings(input({ teams: { pointsTable: TABLE }, excludedRaceIds: [1] }, events));
    expect(s.teamEvents).toEqual([]);
  });
});

describe('club standings', () => {
  it('a club scores its best-placed team only', () => {
    const s = computeStandings(input({ teams: { pointsTable: TABLE } }, events));
    // AAA 25 (AAA - 1; AAA - 2's 20 does not count), BBB 22, CCC 18; HOST, DDD, EEE 0, level → share 4th.
    expect(s.clubs?.map((c) => [c.club, c.position, c.points, c.emergencyPoints, c.events[0]?.team])).toEqual([
      ['AAA', 1, 25, 10, 'AAA - 1'],
      ['BBB', 2, 22, 20, 'BBB - 1'],
      ['CCC', 3, 18, 7, 'CCC'],
      ['DDD', 4, 0, 0, null],
      ['EEE', 4, 0, 0, null],
      ['HOST', 4, 0, 0, null],
    ]);
  });

  it('or the sum of its teams without clubBestTeamOnly', () => {
    const s = computeStandings(input({ teams: { pointsTable: TABLE, clubBestTeamOnly: false } }, events));
    // AAA 25 + 20 = 45 (emergency points 10 + 1 = 11).
    expect(s.clubs?.[0]).toEqual({ club: 'AAA', position: 1, points: 45, emergencyPoints: 11, events: [{ eventId: 1, points: 45, team: null }] });
  });
});

describe('team season', () => {
  // Round 1: T1 - A 1st (10 emergency points), T2 - A 2nd (15). Round 2: T2 - A 1st (5), T1 - A 2nd (20).
  // Both 25 + 22 = 47; emergency points T1 30, T2 20 → T2 first.
  const season = [
    event(1, [race(1, 1, [], [team('T1 - A', 1, 10), team('T2 - A', 2, 15)])]),
    event(2, [race(2, 1, [], [team('T2 - A', 1, 5), team('T1 - A', 2, 20)])]),
    event(3, []),
  ];

  it('ties go to the lower emergency points; every event counts', () => {
    const s = computeStandings(input({ teams: { pointsTable: TABLE } }, season));
    expect(s.teams?.map((t) => [t.name, t.club, t.position, t.points, t.emergencyPoints])).toEqual([
      ['T2 - A', 'T2', 1, 47, 20],
      ['T1 - A', 'T1', 2, 47, 30],
    ]);
    expect(s.teams?.[0].events).toEqual([
      { eventId: 1, points: 22, emergencyPoints: 15, place: 2 },
      { eventId: 2, points: 25, emergencyPoints: 5, place: 1 },
      null,
    ]);
    expect(s.clubs?.map((c) => [c.club, c.position, c.points])).toEqual([
      ['T2', 1, 47],
      ['T1', 2, 47],
    ]);
  });

  it('other tie-breaks from the team rules: latest race, better finishes', () => {
    const latest = computeStandings(input({ teams: { pointsTable: TABLE, tieBreak: ['latest-race'] } }, season));
    expect(latest.teams?.map((t) => [t.name, t.position])).toEqual([
      ['T2 - A', 1],
      ['T1 - A', 2],
    ]);
    // One win and one 2nd each: level → shared.
    const finishes = computeStandings(input({ teams: { pointsTable: TABLE, tieBreak: ['better-finishes'] } }, season));
    expect(finishes.teams?.map((t) => [t.name, t.position])).toEqual([
      ['T1 - A', 1],
      ['T2 - A', 1],
    ]);
  });

  it('a host team scores 0 at its own event only', () => {
    const hosted = [event(1, [race(1, 1, [], [team('T1 - A', 1, 10), team('T2 - A', 2, 15)])], 'T1'), season[1]];
    const s = computeStandings(input({ teams: { pointsTable: TABLE } }, hosted));
    // Round 1: T1 hosts → T2 - A takes 1st (25). Round 2: T2 - A 25, T1 - A 22. T2 50, T1 22.
    expect(s.teams?.map((t) => [t.name, t.position, t.points])).toEqual([
      ['T2 - A', 1, 50],
      ['T1 - A', 2, 22],
    ]);
    expect(s.teams?.[1].events[0]).toEqual({ eventId: 1, points: 0, emergencyPoints: 10, place: null });
  });
});
