/**
 * Results contracts (spec §3 Race, Race results columns, Race filters; §7 livelaps/race/*):
 * one zod schema per shape the API replies with and the site renders, each type inferred
 * from its schema. Imports nothing from the server: client components, the API routes and
 * the importers all read the same lists.
 */
import { z } from 'zod';

/**
 * The result states (spec §3 "DNF/DSQ standing"), in ranking order for the unplaced:
 * a running or finished competitor ranks on laps and time; DNF, then DNS, then DSQ last.
 * Feeds the database enum (`result_state`), the zod enum and the type.
 */
export const RESULT_STATES = ['running', 'finished', 'DNF', 'DNS', 'DSQ'] as const;
export const resultState = z.enum(RESULT_STATES);
export type ResultState = z.infer<typeof resultState>;

/** Race kinds: lap races (motocross, supercross, road course) and enduro checkpoint scoring. */
/**
 * Whether a race's results are provisional or official (issue 12's stamp; issue 24 "provisional
 * or official" per race from the desk): `auto` — official once its event is complete; `official`
 * — final now (day one's races of a two-day event); `provisional` — not yet, even with the event
 * complete (a protest pending). A race a timing feed is writing is never official.
 */
export const RESULTS_STATUSES = ['auto', 'provisional', 'official'] as const;
export type ResultsStatus = (typeof RESULTS_STATUSES)[number];

export const RACE_KINDS = ['sprint', 'enduro'] as const;
export const raceKind = z.enum(RACE_KINDS);
export type RaceKind = z.infer<typeof raceKind>;

/**
 * Results-table column keys (spec §3 "Race results columns"): position, number (or enduro
 * row/minute), name, brand, class, group, team, overall/class/group positions, laps, lap
 * times, total time, penalty, key time in and out, read time, average speed, start time,
 * total, state, city, section, checkpoint count, points overall/class/group.
 */
export const RESULT_COLUMNS = [
  'position',
  'classPosition',
  'groupPosition',
  'number',
  'row',
  'name',
  'brand',
  'class',
  'group',
  'team',
  'city',
  'country',
  'laps',
  'lastLap',
  'bestLap',
  'totalTime',
  'gap',
  'diff',
  'penalty',
  'keyTimeIn',
  'keyTimeOut',
  'readTime',
  'speed',
  'startTime',
  'total',
  'checkpoints',
  'points',
  'emergencyPoints',
  'pointsOverall',
  'pointsClass',
  'pointsGroup',
  'sections',
  'transponder',
  'state',
] as const;
export const resultColumn = z.enum(RESULT_COLUMNS);
export type ResultColumn = z.infer<typeof resultColumn>;

/** A race's configuration (spec §3 Race: classes, clases_team, columns, team columns, sections). */
export const raceConfig = z.object({
  classes: z.array(z.string()),
  clases_team: z.array(z.string()),
  columns: z.array(resultColumn),
  team_columns: z.array(resultColumn),
  sections: z.array(z.string()),
});
export type RaceConfig = z.infer<typeof raceConfig>;

/**
 * Whether a stored race configuration can be shown: it passes its contract and names at least
 * one column (else spec §8 'The race is not properly configured').
 */
export function isRaceConfigured(config: unknown): boolean {
  const parsed = raceConfig.safeParse(config);
  return parsed.success && parsed.data.columns.length > 0;
}

/** The race clock as the timing system last sent it (RMonitor `$F`); null fields are unknown. */
export const raceClock = z.object({
  flag: z.string().nullable(),
  lapsToGo: z.number().int().nullable(),
  /** Time to go, in ms. */
  timeToGoMs: z.number().int().nullable(),
  /** Time of day at the track, `HH:MM:SS`. */
  timeOfDay: z.string().nullable(),
  /** Race time elapsed, in ms. */
  raceTimeMs: z.number().int().nullable(),
});
export type RaceClock = z.infer<typeof raceClock>;

const ms = (what: string) => z.number().int().nullable().describe(`${what}, in milliseconds`);

/** A race as visitors and the API see it (no visibility flags). */
export const raceView = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: raceKind,
  runNumber: z.number().int().nullable(),
  startTime: z.string().nullable(),
  config: raceConfig,
  clock: raceClock.nullable(),
  event: z.object({ id: z.number().int(), name: z.string(), startDate: z.string() }),
});
export type RaceView = z.infer<typeof raceView>;

export const sectionTime = z.object({ section: z.string(), timeMs: z.number().int().nullable() });
export type SectionTime = z.infer<typeof sectionTime>;

/** One competitor's result in a race (spec §3 Race results columns and modal fields). */
export const resultRow = z.object({
  entryId: z.number().int(),
  /** The rider's participant record: their public page is `/riders/{participantId}` (issue 25, lib/contracts/riders.ts). */
  participantId: z.number().int(),
  position: z.number().int().nullable(),
  classPosition: z.number().int().nullable(),
  groupPosition: z.number().int().nullable(),
  number: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  className: z.string().nullable(),
  /** The class's group (spec: class group), when the class belongs to one. */
  classGroup: z.string().nullable(),
  brand: z.string().nullable(),
  team: z.string().nullable(),
  teamId: z.number().int().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  transponder: z.string().nullable(),
  laps: z.number().int().nullable(),
  lastLapMs: ms('Last lap time'),
  bestLapMs: ms('Best lap time'),
  bestLapNumber: z.number().int().nullable(),
  totalTimeMs: ms('Total time'),
  gapMs: ms('Gap to the leader'),
  diffMs: ms('Gap to the competitor ahead'),
  penaltyMs: ms('Time penalty'),
  penaltyLaps: z.number().int().nullable().describe('Penalty in laps'),
  resultState: resultState,
  checkpoints: z.number().int().nullable(),
  points: z.number().int().nullable(),
  emergencyPoints: z.number().int().nullable(),
  pointsOverall: z.number().int().nullable(),
  pointsClass: z.number().int().nullable(),
  pointsGroup: z.number().int().nullable(),
  speedKmh: z.number().nullable().describe('Average speed in km/h'),
  sectionTimes: z.array(sectionTime),
});
export type ResultRow = z.infer<typeof resultRow>;

/** A team's standing in a race (spec §3 Race: teams; `clases_team` races). */
export const teamRow = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int().nullable(),
  state: resultState,
  totalCheckpoints: z.number().int().nullable(),
  totalPoints: z.number().int().nullable(),
  totalEmergencyPoints: z.number().int().nullable(),
});
export type TeamRow = z.infer<typeof teamRow>;

/** livelaps/race/results/{id}: the race, its results by position, its teams. */
export const raceResults = z.object({ race: raceView, results: z.array(resultRow), teams: z.array(teamRow) });
export type RaceResults = z.infer<typeof raceResults>;

/** livelaps/race/filters/{id} (spec §3 Race filters: brands, classGroup or groups, participants). */
export const raceFilters = z.object({
  brands: z.array(z.string()),
  classes: z.array(z.string()),
  groups: z.array(z.string()),
  participants: z.array(z.object({ entryId: z.number().int(), number: z.string(), name: z.string() })),
});
export type RaceFilters = z.infer<typeof raceFilters>;

/** One lap of a competitor, from the passings: lap number, lap and total time (ms). */
export const lapRow = z.object({
  lap: z.number().int(),
  lapTimeMs: z.number().int().nullable(),
  totalTimeMs: z.number().int().nullable(),
  /** Position in the race at the end of this lap, when known. */
  position: z.number().int().nullable(),
  best: z.boolean(),
});
export type LapRow = z.infer<typeof lapRow>;

/** A rider's detail (spec §3 "modal fields"): the result row plus every lap and section passing. */
export const riderDetail = z.object({
  result: resultRow,
  laps: z.array(lapRow),
  /** Checkpoint / section passings in order: key time in and out, read time (ISO). */
  sections: z.array(
    z.object({
      section: z.string(),
      keyTimeInMs: z.number().int().nullable(),
      keyTimeOutMs: z.number().int().nullable(),
      readTime: z.string().nullable(),
    }),
  ),
});
export type RiderDetail = z.infer<typeof riderDetail>;

/** The race's lap chart: for each lap, the race numbers in position order (spec §2 race results). */
export const lapChart = z.object({
  laps: z.array(z.number().int()),
  competitors: z.array(z.object({ entryId: z.number().int(), number: z.string(), name: z.string(), positions: z.array(z.number().int().nullable()) })),
});
export type LapChart = z.infer<typeof lapChart>;

/** The views of a race's results: individual overall, by class, by class group, by team. */
export const RESULT_VIEWS = ['overall', 'class', 'group', 'team'] as const;
export const resultView = z.enum(RESULT_VIEWS);
export type ResultView = z.infer<typeof resultView>;

/**
 * The results filters a visitor sets (kept in the URL so a filtered view can be shared):
 * view, class, group, brand, a participant (entry id) and a text search over name, number,
 * team and city (at most 50 characters, spec §9 search name maximum).
 */
export const resultsQuery = z.object({
  view: resultView.optional(),
  class: z.string().max(100).optional(),
  group: z.string().max(100).optional(),
  brand: z.string().max(100).optional(),
  participant: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  q: z.string().trim().max(50).optional(),
});
export type ResultsQuery = z.infer<typeof resultsQuery>;

/** Export formats of a results table. */
export const EXPORT_FORMATS = ['csv', 'json'] as const;

/**
 * The results query of a page's URL, field by field: a value that does not pass its rule is
 * left out (the page then shows its default) rather than failing the page.
 */
export function parseResultsQuery(raw: Record<string, string | string[] | undefined>): ResultsQuery {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(resultsQuery.shape) as (keyof ResultsQuery)[]) {
    const value = raw[key];
    const text = Array.isArray(value) ? value[0] : value;
    if (text === undefined || text === '') continue;
    const parsed = resultsQuery.shape[key].safeParse(text);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') out[key] = parsed.data;
  }
  return out as ResultsQuery;
}
