/**
 * Trackside (spec §1 "a trackside profile search"; §2 /liveonlivelaps and its tab set; §3
 * Trackside participant search, Racer detail, Paging state; §4 Participant search; §5
 * Trackside search; §7 POST user/searchUsers; §8 Trackside): the search rules shared by the
 * form (`zodResolver(tracksideSearchForm)`) and the API route (`tracksideSearchRequest`, which
 * cleans with the same `cleanCriterion`), the replies of the trackside calls, the tab set of
 * the page and the API paths. Imports nothing from the server.
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
import { INT4_MAX } from '../config';
import { idField, parseId } from './ids';
import { lapRow, resultState } from './results';
import { TABS, tabFromQuery } from './navigation';

// ---- search (spec §5 Trackside search) ----

/** Search types (spec §5): `racerIdentifier` finds by name (and race number), `state` by location. */
export const SEARCH_TYPES = ['racerIdentifier', 'state'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `state` stays `state`; anything else is treated as `racerIdentifier` (spec §5). */
export function searchType(value: unknown): SearchType {
  return value === 'state' ? 'state' : 'racerIdentifier';
}

/** The field a search type fills (spec §7 user/searchUsers: name or location). */
export function searchField(type: unknown): 'name' | 'location' {
  return searchType(type) === 'state' ? 'location' : 'name';
}

/** Lengths of a criterion in characters: at least `min` once cleaned, at most `max` as typed (spec §9 search name maximum 50). */
export const CRITERION_LIMITS = { min: 2, max: 50 } as const;

/** The search call's timeout (spec §7 user/searchUsers; §9 users 5000 ms). */
export const SEARCH_TIMEOUT_MS = 5000;

/** Racers per page of search results. */
export const SEARCH_PAGE_SIZE = 20;

/** What cleaning removes: anything but letters (with their marks), digits, `_`, whitespace and `-`. */
const NOT_KEPT = /[^\p{L}\p{M}\p{N}_\s-]/gu;

/**
 * The spec §5 cleaning, one function for the form and the route: trimmed, lower-cased,
 * stripped of characters other than word characters, whitespace and hyphen, cut to 50
 * characters (then whitespace runs folded, ends trimmed). Not a string: ''.
 * `'  Chloé O’Brien! '` → `'chloé obrien'`; `'#23A'` → `'23a'`; `'!!!'` → `''`.
 */
export function cleanCriterion(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const stripped = raw.normalize('NFC').trim().toLowerCase().replace(NOT_KEPT, '');
  return Array.from(stripped).slice(0, CRITERION_LIMITS.max).join('').replace(/\s+/g, ' ').trim();
}

/**
 * The punctuation of names and places a visitor may type besides letters, digits and spaces
 * (`’` is the typographic apostrophe). The invalid-format messages (`trackside.errors.
 * name_invalid`, `location_invalid`) list exactly these (a test checks it).
 */
export const TYPED_PUNCTUATION = "-'’.,#_/()&";

/** What a visitor may type: letters, digits, whitespace and `TYPED_PUNCTUATION`. Anything else (`@`, `<`, `%`, `;`, control characters …) is the invalid-format message. */
const TYPED = new RegExp(`^[\\p{L}\\p{M}\\p{N}\\s${TYPED_PUNCTUATION.replace(/[-\\\]^/()]/g, (c) => `\\${c}`)}]*$`, 'u');

/** The codes of a criterion's faults (messages `trackside.errors.<code>`). */
export const CRITERION_ISSUES = [
  'name_required',
  'name_invalid',
  'name_too_short',
  'name_too_long',
  'location_required',
  'location_invalid',
  'location_too_short',
  'location_too_long',
] as const;
export type CriterionIssue = (typeof CRITERION_ISSUES)[number];

/**
 * The fault of a typed criterion for search `type`, or null when it may be searched, in this
 * order: blank → `<field>_required`; longer than 50 characters once trimmed → `_too_long`; a
 * character outside `TYPED`, or nothing searchable left by cleaning (`'...'`) → `_invalid`;
 * under 2 characters once cleaned → `_too_short`.
 */
export function criterionIssue(raw: unknown, type: unknown): CriterionIssue | null {
  const field = searchField(type);
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) return `${field}_required`;
  if (Array.from(text).length > CRITERION_LIMITS.max) return `${field}_too_long`;
  if (!TYPED.test(text)) return `${field}_invalid`;
  const cleaned = cleanCriterion(text);
  if (!cleaned) return `${field}_invalid`;
  if (Array.from(cleaned).length < CRITERION_LIMITS.min) return `${field}_too_short`;
  return null;
}

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

/**
 * The organization id to send (spec §5): the configured default organization as a whole
 * number (`2`, `'2'`, `' 2 '`, `'2.7'` → 2), or undefined when it is not configured, blank,
 * not a number, or not a positive id.
 */
export function orgIdFrom(setting: unknown): number | undefined {
  let n: number;
  if (typeof setting === 'number') n = Math.trunc(setting);
  else if (typeof setting === 'string' && setting.trim()) n = Number.parseInt(setting.trim(), 10);
  else return undefined;
  return Number.isFinite(n) && n >= 1 && n <= INT4_MAX ? n : undefined;
}

/** Largest criterion the API reads before cleaning (longer: 400 `invalid_name` / `invalid_location`). */
export const CRITERION_BODY_MAX = 500;

/**
 * Whether the API searches a criterion: once cleaned, nothing (an empty list, no query: spec
 * §5) or at least `CRITERION_LIMITS.min` characters. One character would read every racer.
 */
export function searchableCriterion(raw: string): boolean {
  const cleaned = cleanCriterion(raw);
  return cleaned === '' || Array.from(cleaned).length >= CRITERION_LIMITS.min;
}

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

/**
 * The request the form sends for `criterion` typed in search `type`, with the default
 * organization of the site settings: `{ name }` or `{ location }` cleaned, `orgId` when one
 * is configured. Null when nothing is left once cleaned: no call is made, the list is empty.
 */
export function buildSearchRequest(type: unknown, criterion: unknown, defaultOrganization: unknown, page = 1): TracksideSearchRequest | null {
  const cleaned = cleanCriterion(criterion);
  if (!cleaned) return null;
  const orgId = orgIdFrom(defaultOrganization);
  return { [searchField(type)]: cleaned, ...(orgId !== undefined ? { orgId } : {}), ...(page > 1 ? { page } : {}) };
}

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

/** The reply for a criterion that cleaning left empty: no racers, one empty page. */
export function emptySearchReply(): TracksideSearchReply {
  return { participants: [], meta: { page: 1, lastPage: 1, totalItems: 0, pageCount: 0, timeFormat: 1 } };
}

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
 * lap marked; ms). `race` null: no race yet; `laps` empty: no lap times were recorded.
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
 * under the minimum events), class points, events counted (scored and not dropped), events
 * scored, overall position and points.
 */
export const racerSeriesStanding = z.object({
  seriesId: int,
  seriesName: z.string(),
  className: z.string().nullable(),
  position: nullableInt,
  points: int,
  eventsCounted: int,
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

// ---- the page's tab set (spec §2) ----

/**
 * The tabs offered to everyone on /liveonlivelaps: home 0, results 1, laps 2, points 3. For
 * them `?tab=4` opens home like any value out of range.
 */
export const TRACKSIDE_TABS = TABS.filter((t) => t !== 'profile') as readonly Exclude<(typeof TABS)[number], 'profile'>[];
export type TracksideTab = (typeof TABS)[number];

/**
 * The tabs offered to a logged-in participant (spec §2 "Tab set: home (0), results (1), laps
 * (2), points (3), profile (4)"; "Only a logged-in participant has a profile"): the four, then
 * profile (4), which opens their own racer detail.
 */
export const TRACKSIDE_PROFILE_TABS: readonly TracksideTab[] = TABS;

/** The profile tab's index (4). */
export const PROFILE_TAB = TRACKSIDE_PROFILE_TABS.indexOf('profile');

/** The tab set of a visitor: with a participant profile of their own, the five tabs; otherwise the four. */
export function tracksideTabs(hasProfile: boolean): readonly TracksideTab[] {
  return hasProfile ? TRACKSIDE_PROFILE_TABS : TRACKSIDE_TABS;
}

/**
 * The open tab from the `tab` query value: a whole number in range of the visitor's tab set
 * (`hasProfile`: a logged-in participant, who also has profile 4), else home (0).
 */
export function tracksideTab(value: string | string[] | null | undefined, hasProfile = false): number {
  return tabFromQuery(Array.isArray(value) ? value[0] : value, tracksideTabs(hasProfile).length);
}

/** The selected racer from the `racer` query value (a participant id), or null. */
export function racerFromQuery(value: string | string[] | null | undefined): number | null {
  return parseId(value ?? undefined);
}

/** The page's own path (no language prefix). */
export const TRACKSIDE_PATH = '/liveonlivelaps';

/** `/liveonlivelaps?tab=N&racer=ID` (racer kept when given). */
export function tracksideHref(tab: number, racer: number | null): string {
  const query = new URLSearchParams({ tab: String(tab) });
  if (racer !== null) query.set('racer', String(racer));
  return `${TRACKSIDE_PATH}?${query.toString()}`;
}

/** The search results page from the `page` query value: a whole number from 1 (at most 100000), else 1. */
export function searchPageFromQuery(value: string | string[] | null | undefined): number {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 && n <= 100_000 ? n : 1;
}

/**
 * The address of a search on the home tab: `/liveonlivelaps?tab=0&type=…&q=…` and `&page=N`
 * from page 2 (a reload, a shared link or the saved copy shows the same racers; the form
 * submits there without JavaScript).
 */
export function tracksideSearchHref(type: unknown, criterion: string, page = 1): string {
  const query = new URLSearchParams({ tab: '0', type: searchType(type), q: criterion.trim() });
  if (page > 1) query.set('page', String(page));
  return `${TRACKSIDE_PATH}?${query.toString()}`;
}

// ---- API paths (relative to /ll/api/v1) ----

export const tracksidePaths = {
  search: '/livelaps/user/searchUsers',
  racer: (id: number) => `/livelaps/trackside/racer/${id}`,
  races: (id: number) => `/livelaps/trackside/racer/${id}/races`,
  laps: (id: number) => `/livelaps/trackside/racer/${id}/laps`,
  points: (id: number) => `/livelaps/trackside/racer/${id}/points`,
} as const;
