/**
 * Team and club championships (spec §4 Series results; §3 Race: teams; the East Coast Enduro
 * Association's published team championship rules, as data in `rules.teams`). Pure: no database.
 *
 * At each event the teams of every counted race are ranked on their race position, then on
 * their emergency points (lower is better). Only teams that finished (or are still running)
 * with a position are eligible; with `hostClubScoresZero` the host club's teams are not
 * (they score 0 at their own event and give up their place). Eligible teams take places 1, 2,
 * 3 … (teams level on both share a place) and score `pointsTable[place - 1]` (0 beyond the
 * table); the others score 0 without a place (an event may have several host clubs). A team's
 * club is the text before the first spaced dash in its name (`clubOf`). A club's score at an event is its best-placed team's (`clubBestTeamOnly`) or the sum
 * of its teams'. Season: every event counts (no drops); ties by `teams.tieBreak`.
 */
import { hostClubsOf, SPACED_DASH } from '../../../contracts/host-clubs';
import type { TeamRules } from '../../../contracts/series';
import { competitionRank, lessFirst } from './rank';
import { compareTieBreaks, type TieBreakData } from './tie-breaks';
import { tablePoints } from './points';
import type { EngineClubRow, EngineEvent, EngineRace, EngineTeam, EngineTeamEventPoints, EngineTeamRow } from './types';

/**
 * The club of a team: the text before the first dash that has a space on either side, as
 * scoring offices write it (`DER - #1`, `CLUB- NAME`, `CLUB -NAME` → `DER`, `CLUB`), else the
 * whole name (`SAND-BLASTERS` is one name).
 */
export function clubOf(teamName: string): string {
  const cut = SPACED_DASH.exec(teamName);
  return (cut ? teamName.slice(0, cut.index) : teamName).trim();
}

const sameClub = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Whether a team's race standing can score: finished (or running) with a position. */
function standingScores(team: EngineTeam): boolean {
  return (team.state === 'finished' || team.state === 'running') && team.position !== null;
}

/**
 * Every team's points at one event: the scoring teams by place, then the teams that score 0
 * (in race order). A team listed in several counted races keeps its best standing.
 * @param races the event's counted races, in race order.
 */
export function teamEventPoints(event: EngineEvent, races: readonly EngineRace[], rules: TeamRules): EngineTeamEventPoints[] {
  const byName = new Map<string, EngineTeam>();
  for (const race of races) {
    for (const team of race.teams) {
      const seen = byName.get(team.name);
      const better =
        !seen ||
        (standingScores(team) && !standingScores(seen)) ||
        (standingScores(team) === standingScores(seen) && (lessFirst(team.position, seen.position) || lessFirst(team.emergencyPoints, seen.emergencyPoints)) < 0);
      if (better) byName.set(team.name, team);
    }
  }
  const hosts = hostClubsOf(event.hostClub);
  const entries = [...byName.values()].map((team) => {
    const club = clubOf(team.name);
    const eligible = standingScores(team) && !(rules.hostClubScoresZero && hosts.some((host) => sameClub(club, host)));
    return { team, club, eligible, place: null as number | null };
  });
  const placed = entries.filter((e) => e.eligible);
  competitionRank(
    placed,
    (a, b) => lessFirst(a.team.position, b.team.position) || lessFirst(a.team.emergencyPoints, b.team.emergencyPoints),
    (e, place) => {
      e.place = place;
    },
  );
  return [...placed, ...entries.filter((e) => !e.eligible)].map((e) => ({
    eventId: event.id,
    team: e.team.name,
    club: e.club,
    place: e.place,
    points: tablePoints(rules.pointsTable, e.place),
    epoints: e.team.emergencyPoints,
    riders: e.team.riders.slice(),
  }));
}

/** A team's or club's season while it is ranked. */
interface Season<E> {
  name: string;
  club: string;
  position: number | null;
  points: number;
  emergencyPoints: number;
  events: (E | null)[];
  /** Event places (scoring events), per-event points (null: did not score) — the tie-breaks' data. */
  places: number[];
  eventPoints: (number | null)[];
}

function newSeason<E>(name: string, club: string, eventCount: number): Season<E> {
  return { name, club, position: null, points: 0, emergencyPoints: 0, events: new Array(eventCount).fill(null), places: [], eventPoints: new Array(eventCount).fill(null) };
}

/** Ranks season rows on points (more first), then the tie-breaks (level rows share the position); sorted by position, then name. */
function rankSeason<E>(rows: Season<E>[], rules: TeamRules): Season<E>[] {
  const data = new Map<Season<E>, TieBreakData>(
    rows.map((r) => [r, { places: r.places.sort((a, b) => a - b), eventPoints: r.eventPoints, emergency: r.emergencyPoints }]),
  );
  competitionRank(
    rows,
    (a, b) => b.points - a.points || compareTieBreaks(rules.tieBreak, data.get(a) as TieBreakData, data.get(b) as TieBreakData),
    (r, position) => {
      r.position = position;
    },
  );
  return rows.sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

type TeamEvent = NonNullable<EngineTeamRow['events'][number]>;
type ClubEvent = NonNullable<EngineClubRow['events'][number]>;

/**
 * The team and club season standings from every event's team points (`perEvent[i]`: the
 * points at `events[i]`, scoring teams first by place, as `teamEventPoints` gives them). A
 * team's emergency points are summed over the events it scored at; a club's over its counted
 * teams. For `better-finishes` a club's event place is its best-placed team's.
 */
export function teamSeason(
  events: readonly EngineEvent[],
  perEvent: readonly EngineTeamEventPoints[][],
  rules: TeamRules,
): { teams: EngineTeamRow[]; clubs: EngineClubRow[] } {
  const n = events.length;
  const teams = new Map<string, Season<TeamEvent>>();
  const clubs = new Map<string, Season<ClubEvent>>();
  perEvent.forEach((list, i) => {
    const eventId = events[i].id;
    const eventClubs = new Map<string, EngineTeamEventPoints[]>();
    for (const t of list) {
      let row = teams.get(t.team);
      if (!row) teams.set(t.team, (row = newSeason<TeamEvent>(t.team, t.club, n)));
      row.events[i] = { eventId, points: t.points, emergencyPoints: t.epoints, place: t.place };
      if (t.place !== null) {
        row.points += t.points;
        row.emergencyPoints += t.epoints ?? 0;
        row.places.push(t.place);
        row.eventPoints[i] = t.points;
      }
      const members = eventClubs.get(t.club);
      if (members) members.push(t);
      else eventClubs.set(t.club, [t]);
    }
    for (const [club, members] of eventClubs) {
      let row = clubs.get(club);
      if (!row) clubs.set(club, (row = newSeason<ClubEvent>(club, club, n)));
      // The scoring teams come first, by place: the club's best-placed team is the first.
      const scoring = members.filter((t) => t.place !== null);
      const counted = rules.clubBestTeamOnly ? scoring.slice(0, 1) : scoring;
      const points = counted.reduce((sum, t) => sum + t.points, 0);
      row.events[i] = { eventId, points, team: rules.clubBestTeamOnly ? (counted[0]?.team ?? null) : null };
      if (counted.length) {
        row.points += points;
        row.emergencyPoints += counted.reduce((sum, t) => sum + (t.epoints ?? 0), 0);
        row.places.push(counted[0].place as number);
        row.eventPoints[i] = points;
      }
    }
  });
  return {
    teams: rankSeason([...teams.values()], rules).map((r) => ({
      name: r.name,
      club: r.club,
      position: r.position,
      points: r.points,
      emergencyPoints: r.emergencyPoints,
      events: r.events,
    })),
    clubs: rankSeason([...clubs.values()], rules).map((r) => ({
      club: r.club,
      position: r.position,
      points: r.points,
      emergencyPoints: r.emergencyPoints,
      events: r.events,
    })),
  };
}
