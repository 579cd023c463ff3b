/**
 * Series (championship) contracts (spec §3 Series, Series table, Series filters, Series score
 * request; §4 Series results; §7 livelaps/series/*, promoter/race/getSeriesScores,
 * series/search/participant): the rules a series keeps as data, the requests the API accepts
 * and the rows it replies with. One schema per shape; types inferred. Imports nothing from
 * the server: the engine, the API routes and the client table read the same lists.
 */
import { z } from 'zod';
import { INT4_MAX } from '../config';
import { idField } from './ids';

/** Series types (spec §3 seriesType): `final` scores only each event's last race of a class (the final / main event); `overall` scores every race. */
export const SERIES_TYPES = ['final', 'overall'] as const;
export const seriesType = z.enum(SERIES_TYPES);
export type SeriesType = z.infer<typeof seriesType>;

/**
 * How points are given: `moto` — every race (moto) scores by its finishing positions and an
 * event's points are the sum; `event` — riders are first ranked on their summed moto points at
 * the event (ties: the better last moto), and the event place scores from the table.
 */
export const SERIES_SCORING = ['moto', 'event'] as const;
export const seriesScoring = z.enum(SERIES_SCORING);
export type SeriesScoring = z.infer<typeof seriesScoring>;

/**
 * Tie-breaks, applied in the order a series lists them (CrossMgr SeriesMgr; ECEA rules):
 * `better-finishes` — more 1st places, then more 2nds, … over the counted results;
 * `latest-race` — the better score at the latest event either rider scored at, then the one before;
 * `emergency-points` — the lower total of emergency points (enduro), lower is better.
 * Riders still level share the position.
 */
export const TIE_BREAKS = ['better-finishes', 'latest-race', 'emergency-points'] as const;
export const tieBreak = z.enum(TIE_BREAKS);
export type TieBreak = z.infer<typeof tieBreak>;

/** A common motocross points table, 1st to 20th (the seeded default). */
export const MOTOCROSS_POINTS = [25, 22, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const;

const points = z.array(z.number().int().min(0).max(10_000)).min(1).max(500);
const names = z.array(z.string().trim().min(1).max(100)).max(500);

/**
 * Team and club championships (the East Coast Enduro Association's published rules, as data):
 * teams are ranked at each event on their race position, teams that did not finish (DNF, DNS,
 * DSQ) and, with `hostClubScoresZero`, the host club's teams score 0 and give up their place;
 * the others score `pointsTable` by that place. A team's club is the text before ` - ` in its
 * name (`DER - #1` → `DER`). A club's score at an event is its best-placed team's
 * (`clubBestTeamOnly`) or the sum of its teams. Season ties: `tieBreak` (emergency points,
 * lower is better, by default). Team and club championships count every event (no drops).
 */
export const teamRules = z.object({
  pointsTable: points,
  hostClubScoresZero: z.boolean().default(true),
  clubBestTeamOnly: z.boolean().default(true),
  tieBreak: z.array(tieBreak).max(3).default(['emergency-points']),
});
export type TeamRules = z.infer<typeof teamRules>;

/**
 * A series' rules, stored as data on the series (`series.rules`, jsonb) and editable without
 * code. Every field has a default, so `{}` is a valid rule set (the motocross table, per moto,
 * all classes, every event counting).
 */
export const seriesRules = z.object({
  /** Points by position: index 0 is 1st place; positions past the end score 0. */
  pointsTable: points.default([...MOTOCROSS_POINTS]),
  scoring: seriesScoring.default('moto'),
  /** Classes that count (by name); empty: every class. */
  classes: names.default([]),
  /** Class groups whose classes count (by name); empty: no group restriction. */
  classGroups: names.default([]),
  /** Best N event scores count, the rest are drop scores; null: every event less `dropScores`. */
  bestResults: z.number().int().min(1).max(500).nullable().default(null),
  /** How many of a rider's worst event scores are dropped (used when `bestResults` is null). */
  dropScores: z.number().int().min(0).max(500).default(0),
  /** Events a rider must have scored at to be classified; fewer: listed after, without a position. */
  minEvents: z.number().int().min(0).max(500).default(0),
  tieBreak: z.array(tieBreak).max(3).default(['better-finishes', 'latest-race']),
  /** Races that never count (spec raceidexclude). */
  excludedRaceIds: z.array(z.number().int().positive().max(INT4_MAX)).max(1000).default([]),
  /** Whether a DNF rider with a classified position scores it (DNS and DSQ never score). */
  dnfScores: z.boolean().default(true),
  /** Team and club championships; null: riders only. */
  teams: teamRules.nullable().default(null),
});
export type SeriesRules = z.infer<typeof seriesRules>;
export type SeriesRulesInput = z.input<typeof seriesRules>;

/** The three standings a rider row carries (spec §3 Series table: overall, class and group). */
export const STANDING_SCOPES = ['overall', 'class', 'group'] as const;
export type StandingScope = (typeof STANDING_SCOPES)[number];

/** A rider's score at one event in one scope: points (null: did not score there), event place, dropped or counted. */
export const eventScore = z.object({
  points: z.number().int().nullable(),
  /** The rider's place at the event in this scope (the moto positions' event result), null when unplaced. */
  position: z.number().int().nullable(),
  /** A drop score (spec §3 Series table: drop): shown struck through, not in the total. */
  drop: z.boolean(),
});
export type EventScore = z.infer<typeof eventScore>;

/** One event cell of a rider row (spec §3 Series table: race name, points, drop). */
export const seriesEventCell = z.object({
  eventId: z.number().int(),
  /** The event's name (spec: race name). */
  raceName: z.string(),
  overall: eventScore,
  class: eventScore,
  group: eventScore,
});
export type SeriesEventCell = z.infer<typeof seriesEventCell>;

/** A standing in one scope: position (null: not classified, under `minEvents`) and counted points. */
export const standing = z.object({ position: z.number().int().nullable(), points: z.number().int() });

/**
 * One row of the series table (spec §3 Series table): a rider in a class. `riderKey` is the
 * rider's identity across events (lib/server/series/riders.ts): licence, member number, or
 * name + number + class, unless merged or split.
 */
export const seriesResultRow = z.object({
  riderKey: z.string(),
  /** One of the rider's participant records (the latest), for links. */
  participantId: z.number().int(),
  number: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  brand: z.string().nullable(),
  className: z.string().nullable(),
  classGroup: z.string().nullable(),
  overall: standing,
  class: standing,
  group: standing,
  /** Events the rider scored at (counts toward `minEvents`). */
  eventsScored: z.number().int(),
  classified: z.boolean(),
  /** One cell per series event, in date order; null where the rider has no result. */
  events: z.array(seriesEventCell.nullable()),
});
export type SeriesResultRow = z.infer<typeof seriesResultRow>;

/** A team's season (team championship): points per event (null: absent or scored nothing). */
export const teamStandingRow = z.object({
  name: z.string(),
  club: z.string(),
  position: z.number().int().nullable(),
  points: z.number().int(),
  emergencyPoints: z.number().int(),
  events: z.array(z.object({ eventId: z.number().int(), points: z.number().int(), emergencyPoints: z.number().int().nullable(), place: z.number().int().nullable() }).nullable()),
});
export type TeamStandingRow = z.infer<typeof teamStandingRow>;

/** A club's season: at each event its best-placed team's points (ECEA), or its teams' sum. */
export const clubStandingRow = z.object({
  club: z.string(),
  position: z.number().int().nullable(),
  points: z.number().int(),
  emergencyPoints: z.number().int(),
  events: z.array(z.object({ eventId: z.number().int(), points: z.number().int(), team: z.string().nullable() }).nullable()),
});
export type ClubStandingRow = z.infer<typeof clubStandingRow>;

/**
 * A team's championship points at one event, as the association publishes them
 * (`data/real/enduro/*-team-points.json`): team, club, points, emergency points, riders.
 * Teams that score 0 (DNF, DSQ, the host club's) are not listed.
 */
export const eventTeamPoints = z.object({
  team: z.string(),
  club: z.string(),
  points: z.number().int(),
  epoints: z.number().int().nullable(),
  riders: z.array(z.string()),
});
export type EventTeamPoints = z.infer<typeof eventTeamPoints>;

/** A series event (round) as the table's columns show it. */
export const seriesEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  /** Whether the event has results yet. */
  held: z.boolean(),
  round: z.number().int(),
});
export type SeriesEvent = z.infer<typeof seriesEvent>;

/** Which points an event cell shows (spec indexScore, default classPointsShow). */
export const INDEX_SCORES = ['classPointsShow', 'overallPointsShow', 'groupPointsShow'] as const;
/** Orders of the series table (spec orderBy, default classPosition). */
export const SERIES_ORDERS = ['classPosition', 'overallPosition', 'groupPosition', 'lastName', 'number'] as const;

const filterList = names.optional();

/**
 * POST livelaps/series/results/{seriesId} (spec §7): filters (brands, classes, classesResults,
 * eventsResults, groups, groupsClassesAwards, participants), indexScore (classPointsShow),
 * orderBy (classPosition), orderDesc (ASC), page 1, size -1 (all). `classes`/`classesResults`
 * and `groups`/`groupsClassesAwards` keep rows of those classes / groups (both lists when both
 * are given); `participants` keeps rows of those rider keys; `eventsResults` keeps the event
 * cells of those event ids (the standings still count every event).
 */
export const seriesResultsRequest = z.object({
  filters: z
    .object({
      brands: filterList,
      classes: filterList,
      classesResults: filterList,
      eventsResults: z.array(z.number().int().positive().max(INT4_MAX)).max(500).optional(),
      groups: filterList,
      groupsClassesAwards: filterList,
      participants: z.array(z.string().max(300)).max(500).optional(),
    })
    .default({}),
  indexScore: z.enum(INDEX_SCORES).default('classPointsShow'),
  orderBy: z.enum(SERIES_ORDERS).default('classPosition'),
  orderDesc: z.enum(['ASC', 'DESC']).default('ASC'),
  page: z.number().int().min(1).max(1_000_000).default(1),
  /** Rows per page; -1: all (spec §9). */
  size: z
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= 1000), { message: 'The provided size is invalid' })
    .default(-1),
});
export type SeriesResultsRequest = z.infer<typeof seriesResultsRequest>;

/** Paging state (spec §3): page, lastPage, totalItems, pageCount (rows on this page). */
export const pagingMeta = z.object({
  page: z.number().int(),
  lastPage: z.number().int(),
  totalItems: z.number().int(),
  pageCount: z.number().int(),
});
export type PagingMeta = z.infer<typeof pagingMeta>;

/** The series/results reply's `message`. */
export const seriesResults = z.object({
  series: z.object({ id: z.number().int(), name: z.string(), seriesType }),
  events: z.array(seriesEvent),
  data: z.array(seriesResultRow),
  meta: pagingMeta,
  /** Team and club championships when the series has team rules, else null. */
  teams: z.array(teamStandingRow).nullable(),
  clubs: z.array(clubStandingRow).nullable(),
});
export type SeriesResults = z.infer<typeof seriesResults>;

/** POST livelaps/promoter/race/getSeriesScores (spec §3 Series score request: eventId, raceidexclude, raceClassId, serieId). */
export const seriesScoresRequest = z.object({
  eventId: idField('event'),
  /** Races left out of the count: an array of ids or a comma-separated list. */
  raceidexclude: z
    .union([z.array(z.number().int().positive().max(INT4_MAX)).max(1000), z.string().max(2000).regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'The provided raceidexclude is invalid')])
    .optional(),
  /** The class (classes.id) whose standings are asked; omitted: every class. */
  raceClassId: z.number().int().positive().max(INT4_MAX).nullable().optional(),
  serieId: idField('series'),
});
export type SeriesScoresRequest = z.infer<typeof seriesScoresRequest>;

/** POST livelaps/series/search/participant (spec §7): name, limit (default 50), offset (default 0). */
export const participantSearchRequest = z.object({
  name: z.string({ error: 'Please provide the name' }).trim().min(1, 'Please provide the name').max(50, 'The provided name is invalid'),
  limit: z.number().int().min(1).max(50).default(50),
  offset: z.number().int().min(0).max(100_000).default(0),
});
export type ParticipantSearchRequest = z.infer<typeof participantSearchRequest>;

/** A rider found by the participant search, with the series and classes they score in (spec: Series list item has participantClasses each with className). */
export const seriesParticipant = z.object({
  riderKey: z.string(),
  participantId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  participantClasses: z.array(z.object({ seriesId: z.number().int(), seriesName: z.string(), className: z.string().nullable() })),
});
export type SeriesParticipant = z.infer<typeof seriesParticipant>;

/** livelaps/series/filters/{id} (spec §3 Series filters: brands, className, classGroup, participants, events). */
export const seriesFilters = z.object({
  brands: z.array(z.string()),
  classes: z.array(z.string()),
  groups: z.array(z.string()),
  participants: z.array(z.object({ riderKey: z.string(), number: z.string().nullable(), name: z.string() })),
  events: z.array(seriesEvent),
});
export type SeriesFilters = z.infer<typeof seriesFilters>;

/** Series table columns (spec §3 Series config: columns). */
export const SERIES_COLUMNS = ['overallPosition', 'classPosition', 'groupPosition', 'number', 'name', 'brand', 'class', 'group', 'city', 'events', 'overallPoints', 'classPoints', 'groupPoints'] as const;

/** livelaps/series/config/{id} (spec §3 Series: config with classes, columns, sections): the classes that count, the table's columns, the events as sections, the rules. */
export const seriesConfig = z.object({
  classes: z.array(z.string()),
  columns: z.array(z.enum(SERIES_COLUMNS)),
  sections: z.array(z.string()),
  seriesType,
  rules: seriesRules,
});
export type SeriesConfig = z.infer<typeof seriesConfig>;

/** A rider's season in a series: every race result event by event and the cumulative points (the chart). */
export const riderSeason = z.object({
  row: seriesResultRow,
  races: z.array(
    z.object({
      eventId: z.number().int(),
      eventName: z.string(),
      startDate: z.string(),
      raceId: z.number().int(),
      raceName: z.string(),
      position: z.number().int().nullable(),
      classPosition: z.number().int().nullable(),
      state: z.string(),
      points: z.number().int(),
    }),
  ),
  /** After each held event, the points counted so far (drops applied as at that date). */
  progression: z.array(z.object({ eventId: z.number().int(), eventName: z.string(), points: z.number().int(), position: z.number().int().nullable() })),
});
export type RiderSeason = z.infer<typeof riderSeason>;

/**
 * A series as lists show it (spec §3 Series: name, start date, end date, race count, drop
 * scores; §7 livelaps/series, livelaps/promoter/{id}/series): `rounds` counts its public events.
 */
export const seriesCard = z.object({
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  endDate: z.string(),
  seriesType,
  /** Worst event scores dropped per rider (when `bestResults` is null). */
  dropScores: z.number().int(),
  /** Best N event scores count; null: every event less `dropScores`. */
  bestResults: z.number().int().nullable(),
  rounds: z.number().int(),
  /** Its promoter; `names`: the promoter's name in French and Spanish (issue 25; `inLocale` picks one). */
  promoter: z.object({ userId: z.number().int(), name: z.string(), names: z.object({ fr: z.string().optional(), es: z.string().optional() }).optional() }),
});
export type SeriesCard = z.infer<typeof seriesCard>;

/** Which standings a series page shows: riders (overall/class/group), teams, or clubs. */
export const SERIES_VIEWS = ['riders', 'teams', 'clubs'] as const;
/** Which points the event cells show (page `score`; API indexScore). */
export const SCORE_SCOPES = ['class', 'overall', 'group'] as const;

/**
 * The series page's URL query (shareable, server-rendered; the CSV export takes the same):
 * view, score (which points the event cells show), class, group, brand, rider (a rider key),
 * event (an event id: only that event's column). A value that does not pass is dropped by
 * `parseSeriesQuery` (the page then shows its default).
 */
export const seriesQuery = z.object({
  view: z.enum(SERIES_VIEWS).optional(),
  score: z.enum(SCORE_SCOPES).optional(),
  class: z.string().max(100).optional(),
  group: z.string().max(100).optional(),
  brand: z.string().max(100).optional(),
  rider: z.string().max(300).optional(),
  event: z.coerce.number().int().positive().max(INT4_MAX).optional(),
});
export type SeriesQuery = z.infer<typeof seriesQuery>;

/** The page query of a raw search-params record, field by field (bad values left out). */
export function parseSeriesQuery(raw: Record<string, string | string[] | undefined>): SeriesQuery {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(seriesQuery.shape) as (keyof SeriesQuery)[]) {
    const value = raw[key];
    const text = Array.isArray(value) ? value[0] : value;
    if (text === undefined || text === '') continue;
    const parsed = seriesQuery.shape[key].safeParse(text);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') out[key] = parsed.data;
  }
  return out as SeriesQuery;
}

/** The series/results request for a page query (every row: size -1). */
export function seriesRequestFor(query: SeriesQuery): SeriesResultsRequest {
  const score = query.score ?? 'class';
  return seriesResultsRequest.parse({
    filters: {
      ...(query.class ? { classes: [query.class] } : {}),
      ...(query.group ? { groups: [query.group] } : {}),
      ...(query.brand ? { brands: [query.brand] } : {}),
      ...(query.rider ? { participants: [query.rider] } : {}),
      ...(query.event ? { eventsResults: [query.event] } : {}),
    },
    indexScore: `${score}PointsShow`,
    orderBy: `${score}Position`,
  });
}

/**
 * API paths of the series calls the site's client leaves use (under /ll/api/v1/livelaps):
 * a rider's season `GET series/{id}/rider?key=<riderKey>&class=<className>` → `{ message: RiderSeason }`;
 * the table as CSV `GET series/export/{id}?lang=<locale>&<SeriesQuery>` → text/csv attachment.
 */
export const seriesPaths = {
  riderSeason: (seriesId: number, riderKey: string, className: string | null) =>
    `/livelaps/series/${seriesId}/rider?${new URLSearchParams({ key: riderKey, ...(className ? { class: className } : {}) })}`,
  export: (seriesId: number, locale: string, query: SeriesQuery) =>
    `/livelaps/series/export/${seriesId}?${new URLSearchParams({ lang: locale, ...Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) })}`,
};
