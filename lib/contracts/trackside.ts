/**
 * Trackside (spec §1 "a trackside profile search"; §2 /liveonlivelaps and its tab set; §3
 * Trackside participant search, Racer detail, Paging state; §4 Participant search; §5
 * Trackside search; §7 POST user/searchUsers; §8 Trackside): the search rules shared by the
 * form (`zodResolver(tracksideSearchForm)`) and the API route (`tracksideSearchRequest`, which
 * cleans with the same `cleanCriterion`), the replies of the trackside calls, the tab set of
 * the page and the API paths. Imports nothing from the server.
 *
 * The zod-free half (the rules, the tab set, the addresses, the API paths) lives in
 * ./trackside-rules.ts and is re-exported here; the client reaches these schemas only through
 * a dynamic `import()` (issue 23: no zod in the page's first load).
 *
 * The search (spec §5, verbatim): name or location required; each has invalid-format,
 * too-short and too-long messages; criteria are trimmed, lower-cased, stripped of characters
 * other than word characters, whitespace and hyphen, and cut to 50 characters; an empty
 * result means no call and an empty list. Search type is racerIdentifier or state; anything
 * else is treated as racerIdentifier; state searches by location, otherwise by name. When a
 * default organization is configured and not blank, orgId is sent as a whole number.
 *
 * Word characters are Unicode letters (with their accents), digits and `_`: riders here are
 * named Jérôme and Chloé, and cleaning must not turn them into "jrme". After the cut, runs of
 * whitespace are folded to one space and the ends trimmed again (what the cut or the
 * stripping left at the edges matches nothing).
 */
import { z } from 'zod';
import { idField, parseId } from './ids';
import { lapRow, resultState } from './results';
import { CRITERION_BODY_MAX, SEARCH_PAGE_SIZE, criterionIssue, searchableCriterion } from './trackside-rules';

export * from './trackside-rules';

// ---- search (spec §5 Trackside search) ----

/**
 * The trackside form (react-hook-form + `zodResolver`): the search type (a radio) and the
 * criterion typed. A fault is an issue on `criterion` whose message is its code
 * (`CriterionIssue`), never English.
 */
export const tracksideSearchForm = z
  .object({
    type: z.string().optional(),
    criterion: z.string(),
  })
  .superRefine((value, ctx) => {
    const issue = criterionIssue(value.criterion, value.type);
    if (issue) ctx.addIssue({ code: 'custom', path: ['criterion'], message: issue });
  });
export type TracksideSearchFields = z.input<typeof tracksideSearchForm>;

const criterionField = (field: 'name' | 'location') =>
  z
    .string({ error: `The provided ${field} is invalid` })
    .max(CRITERION_BODY_MAX, `The provided ${field} is invalid`)
    .refine(searchableCriterion, `The provided ${field} is invalid`)
    .optional();

/**
 * POST livelaps/user/searchUsers (spec §7: name or location, orgId): `name` or `location`
 * (either or both; both: racers matching both), cleaned by the server with `cleanCriterion`
 * (an empty result answers an empty list); `orgId` (a whole number: only that
 * organization's events); `page` (from 1) and `size` (1–100, default 20). Neither name nor
 * location: 400 `null_name` 'Please provide the name'; a criterion of one character once
 * cleaned (the form's too-short message), not a string, or over 500 characters: 400
 * `invalid_name` 'The provided name is invalid' (`invalid_location` likewise).
 */
export const tracksideSearchRequest = z
  .object({
    name: criterionField('name'),
    location: criterionField('location'),
    orgId: idField('organization').optional(),
    page: z.number({ error: 'The provided page is invalid' }).int('The provided page is invalid').min(1, 'The provided page is invalid').max(100_000, 'The provided page is invalid').default(1),
    size: z.number({ error: 'The provided size is invalid' }).int('The provided size is invalid').min(1, 'The provided size is invalid').max(100, 'The provided size is invalid').default(SEARCH_PAGE_SIZE),
  })
  .refine((v) => v.name !== undefined || v.location !== undefined, { message: 'Please provide the name', path: ['name'] });
export type TracksideSearchRequest = z.input<typeof tracksideSearchRequest>;
export type TracksideSearchQuery = z.output<typeof tracksideSearchRequest>;

/** A racer found (spec §3 Trackside participant search: id, racer name, race number, location). */
export const tracksideParticipant = z.object({
  /** The racer's id in `?racer=` (their latest participant record). */
  id: z.number().int(),
  racerName: z.string(),
  /** Their race number at their latest race. */
  raceNumber: z.string().nullable(),
  /** "City, ST" (either alone when the other is unknown), null when neither is known. */
  location: z.string().nullable(),
});
export type TracksideParticipant = z.infer<typeof tracksideParticipant>;

/**
 * Paging state (spec §3): `page` (from 1), `lastPage` (the number of pages, at least 1),
 * `totalItems` (racers found), `pageCount` (racers on this page), `timeFormat` (how times are
 * written: 1, `m:ss.sss`, the only one, the default).
 */
export const pagingState = z.object({
  page: z.number().int(),
  lastPage: z.number().int(),
  totalItems: z.number().int(),
  pageCount: z.number().int(),
  timeFormat: z.number().int().default(1),
});
export type PagingState = z.infer<typeof pagingState>;

/** The search's reply (`message` of the livelaps envelope); `participants` by last name, then first name. */
export const tracksideSearchReply = z.object({ participants: z.array(tracksideParticipant), meta: pagingState });
export type TracksideSearchReply = z.infer<typeof tracksideSearchReply>;

// ---- a racer's pages (spec §3 Racer detail) ----

const int = z.number().int();
const nullableInt = int.nullable();

/** A series standing a figure comes from. */
const seriesRef = z.object({ id: int, name: z.string() });

/**
 * Who a racer is, from their races alone (no series standings): name, race number, brand
 * and class of their latest race, location of their latest record, the race they ride now.
 * What the heading of a racer's tabs and the page title show.
 */
export const racerSummary = z.object({
  id: int,
  racerName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  raceNumber: z.string().nullable(),
  location: z.string().nullable(),
  brand: z.string().nullable(),
  className: z.string().nullable(),
  live: z.object({ raceId: int, raceName: z.string(), eventName: z.string() }).nullable(),
});
export type RacerSummary = z.infer<typeof racerSummary>;

/**
 * A racer's detail (spec §3 Racer detail: class, class rank, class points, overall rank,
 * overall points, brand, location, points earned): the summary with the racer's standing in
 * `series`: of the series they scored in, the one whose last event they raced most recently,
 * in their class with the most points there (`className` is that class); `pointsEarned` the
 * class points that series gave them at `lastEvent`, their latest event in it. Without a
 * series the figures are null and `className`, `brand` come from their latest race. `live`:
 * the race they are in now, if one is running.
 */
export const racerDetail = racerSummary.extend({
  classRank: nullableInt,
  classPoints: nullableInt,
  overallRank: nullableInt,
  overallPoints: nullableInt,
  pointsEarned: nullableInt,
  series: seriesRef.nullable(),
  lastEvent: z.object({ id: int, name: z.string(), startDate: z.string() }).nullable(),
});
export type RacerDetail = z.infer<typeof racerDetail>;

/** One race of a racer: event, race, date (YYYY-MM-DD), position, class position; times in ms. */
export const racerRace = z.object({
  raceId: int,
  raceName: z.string(),
  eventId: int,
  eventName: z.string(),
  startDate: z.string(),
  className: z.string().nullable(),
  raceNumber: z.string(),
  position: nullableInt,
  classPosition: nullableInt,
  laps: nullableInt,
  bestLapMs: nullableInt,
  totalTimeMs: nullableInt,
  /** The result's state; null while the race has no result for the racer yet. */
  state: resultState.nullable(),
  points: nullableInt,
  /** The race is running now (its timing feed is live). */
  live: z.boolean(),
});
export type RacerRace = z.infer<typeof racerRace>;

/** A racer's races, newest first. */
export const racerRaces = z.object({ races: z.array(racerRace) });
export type RacerRaces = z.infer<typeof racerRaces>;

/**
 * A racer's laps in the race running now, else in their last race (spec §2 "laps"): the race,
 * the result there and every lap from the passings (lap, lap time, total time, position, best
 * lap marked; ms). `race` null: no race yet; `laps` empty: no lap passings stored (`race.laps` and
 * `race.bestLapMs` may still hold what the timing system reported: lib/contracts/lap-times.ts).
 * `entryId`: the racer's entry in that race (their row of the live board, `liveRow.entryId`).
 */
export const racerLaps = z.object({
  race: racerRace.nullable(),
  entryId: int.nullable(),
  laps: z.array(lapRow),
});
export type RacerLaps = z.infer<typeof racerLaps>;

/**
 * A racer's standing in one series (class row): class, class position (null: not classified,
 * under the minimum events), class points, events scored (the series table's figure), overall
 * position and points.
 */
export const racerSeriesStanding = z.object({
  seriesId: int,
  seriesName: z.string(),
  className: z.string().nullable(),
  position: nullableInt,
  points: int,
  eventsScored: int,
  overallPosition: nullableInt,
  overallPoints: int,
  classified: z.boolean(),
  /** The latest event the racer scored at in this series (date YYYY-MM-DD) and the class points it gave them. */
  lastEvent: z.object({ id: int, name: z.string(), startDate: z.string(), points: int }).nullable(),
});
export type RacerSeriesStanding = z.infer<typeof racerSeriesStanding>;

/**
 * A racer's series points: one standing per series and class they scored in, newest series
 * first. `failed`: series whose standings could not be computed (their rules are invalid),
 * shown as 'Failed to load series results'.
 */
export const racerPoints = z.object({ series: z.array(racerSeriesStanding), failed: z.array(seriesRef) });
export type RacerPoints = z.infer<typeof racerPoints>;

// ---- the page's address (spec §2; the rest in ./trackside-rules.ts) ----

/** The selected racer from the `racer` query value (a participant id), or null (kept here: `parseId` comes from ./ids, which imports zod). */
export function racerFromQuery(value: string | string[] | null | undefined): number | null {
  return parseId(value ?? undefined);
}
