/**
 * The zod-free half of the trackside contract (spec §2 /liveonlivelaps and its tab set; §4
 * Participant search; §5 Trackside search; §7 POST user/searchUsers; §8 Trackside): the search
 * rules (`cleanCriterion`, `criterionIssue`, `buildSearchRequest`, `orgIdFrom` …, the module
 * docstring of ./trackside.ts says what they do), the tab set, the page's addresses and the
 * API paths. The search form and its query hook import these from here so that the page's
 * first load carries no zod (issue 23); the schemas (`tracksideSearchForm`, the replies) live
 * in ./trackside.ts, which re-exports all of this (server code and tests keep importing from
 * there). Imports nothing from the server.
 */
import { INT4_MAX } from '../config';
import { TABS, tabFromQuery } from './navigation';
import type { TracksideSearchReply, TracksideSearchRequest } from './trackside';

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

/** The reply for a criterion that cleaning left empty: no racers, one empty page. */
export function emptySearchReply(): TracksideSearchReply {
  return { participants: [], meta: { page: 1, lastPage: 1, totalItems: 0, pageCount: 0, timeFormat: 1 } };
}

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

// ---- the page's address (spec §2) ----

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
