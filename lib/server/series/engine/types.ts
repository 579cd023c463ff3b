/**
 * The standings engine's input and output (spec §4 Series results; issue 9 "rules as data"):
 * plain data, no database. `lib/server/series/load-series.ts` builds an `EngineInput` from the
 * database; `computeStandings` (./compute.ts) turns it into `Standings`; the API and pages add
 * names and paging. Points are whole numbers; dates YYYY-MM-DD.
 */
import type { ResultState } from '../../../contracts/results';
import type { SeriesRules, SeriesType } from '../../../contracts/series';

/** One rider's result in one race (moto), already keyed to the rider's identity. */
export interface EngineResult {
  /** The rider's identity across events (lib/server/series/riders.ts). */
  riderKey: string;
  /** The class raced, by name (null: none). A rider row is (riderKey, className). */
  className: string | null;
  classGroup: string | null;
  /** Overall position in the race, position in class, position in class group; null: unplaced. */
  position: number | null;
  classPosition: number | null;
  groupPosition: number | null;
  state: ResultState;
  emergencyPoints: number | null;
}

/** A team's standing in a race (enduro team results), as imported. */
export interface EngineTeam {
  name: string;
  position: number | null;
  state: ResultState;
  emergencyPoints: number | null;
  /** Riders' names as listed, in order (`RYAN CANAVAN`). */
  riders: string[];
}

export interface EngineRace {
  id: number;
  /** Order of the race within its event (races.sort_order, then id): the last is the final. */
  order: number;
  results: EngineResult[];
  teams: EngineTeam[];
}

/** A round of the series. Future rounds have no races. */
export interface EngineEvent {
  id: number;
  name: string;
  startDate: string;
  /** The host club as team names spell it (`CJCR`), or null. */
  hostClub: string | null;
  races: EngineRace[];
}

export interface EngineInput {
  rules: SeriesRules;
  seriesType: SeriesType;
  /** Every round in date order (then id). */
  events: EngineEvent[];
  /** Races left out on top of `rules.excludedRaceIds` (spec raceidexclude of getSeriesScores). */
  excludeRaceIds?: number[];
  /**
   * Fill each cell's `races` (a rider's season needs them; the tables do not). Off by default:
   * cells then share one empty list, which spares a big series 150,000 objects.
   */
  withRaces?: boolean;
}

/** A rider's score at one event in one scope (overall / class / group). */
export interface EngineEventScore {
  points: number | null;
  position: number | null;
  drop: boolean;
}

export interface EngineRaceScore {
  raceId: number;
  position: number | null;
  classPosition: number | null;
  groupPosition: number | null;
  state: ResultState;
  /** Class points this race gave (per moto scoring; 0 with per-event scoring). */
  points: number;
}

export interface EngineEventCell {
  eventId: number;
  overall: EngineEventScore;
  class: EngineEventScore;
  group: EngineEventScore;
  /** The counted races of the cell, when `EngineInput.withRaces`; else empty. */
  races: readonly EngineRaceScore[];
}

export interface EngineStanding {
  position: number | null;
  points: number;
}

/** One row of the series table: a rider in a class. */
export interface EngineRow {
  riderKey: string;
  className: string | null;
  classGroup: string | null;
  overall: EngineStanding;
  class: EngineStanding;
  group: EngineStanding;
  eventsScored: number;
  classified: boolean;
  emergencyPoints: number;
  /** Same order as `EngineInput.events`; null where the rider has no counted result. */
  events: (EngineEventCell | null)[];
}

/** A team's points at one event (the association's published list: team, club, points, epoints, riders). */
export interface EngineTeamEventPoints {
  eventId: number;
  team: string;
  club: string;
  /** Place among the scoring teams (1 = best), null when the team scored 0 (DNF/DSQ/host club). */
  place: number | null;
  points: number;
  epoints: number | null;
  riders: string[];
}

export interface EngineTeamRow {
  name: string;
  club: string;
  position: number | null;
  points: number;
  emergencyPoints: number;
  events: ({ eventId: number; points: number; emergencyPoints: number | null; place: number | null } | null)[];
}

export interface EngineClubRow {
  club: string;
  position: number | null;
  points: number;
  emergencyPoints: number;
  events: ({ eventId: number; points: number; team: string | null } | null)[];
}

export interface Standings {
  rows: EngineRow[];
  /** Null when the series has no team rules. */
  teams: EngineTeamRow[] | null;
  clubs: EngineClubRow[] | null;
  /** Every team's points at every event (scoring teams first by place, then the 0s), null without team rules. */
  teamEvents: EngineTeamEventPoints[] | null;
}
