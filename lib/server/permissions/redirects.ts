/**
 * The permission redirects of spec §6 (Roles and permissions; §2 Route parameters read by
 * access checks: `id`, and `id_test` for race pages; §8 Handling), as `proxy.ts` runs them
 * before a page renders:
 *
 * | route | check | refused → |
 * |---|---|---|
 * | `/events/{id?}`, `/eventScores/{id?}`, `/organizations/{orgId?}/events/{eventId}` | DisplayEvent; no id, a malformed one, not 1 or an error | `/results/{defaultPromoterUserId}` |
 * | `/events/{id}/register` (issue 27) | RegisterOnline (as `/spectator/{id}`) | `/error` |
 * | `/promoters/{id}`, `/promoters/events/{id}`, `/results/{id}` | none when the id is the default promoter user id, else ForPromoterId with the default promoter list | `/error` |
 * | `/races/{id?}` (or `?id_test=`), `/scores/{id?}`, `/races/print/{id?}`, `/scores/print/{id?}`, `/scores/printc/{id?}`, `/scores/printoa/{id?}` | DisplayRace, only when an id exists | `/error` |
 * | `/series/{id?}` | DisplaySeriesForPromoter with the default promoter list when it is configured, else DisplaySeries with the default promoter user id; only when an id exists | `/error` |
 * | `/spectator/{id?}` | RegisterOnline as ticket sales (`canBuyTickets`: selling, up to the event's last day), only when an id exists | `/error` |
 *
 * Targets carry the URL's language prefix when it is not the default (`/fr/results/1`,
 * `/fr/error`) and none of the request's query; `/error` says 'The page you are looking for
 * was not found' (`?message=`, in the URL's language, as the pages' own checks do). A
 * malformed id (`/events/abc`, `/races/1%20`) counts as a failed check. Static pages sharing a
 * prefix (`/races/printScores`, `/scores/printScores`, `/series/oldPage`) are not checked.
 * A database outage during a check is rethrown (the proxy answers 503, not a redirect).
 */
import 'server-only';
import type { Locale } from '../../config';
import { parseId, parseOptionalId } from '../../contracts/ids';
import type { Permission } from '../../contracts/permissions';
import { localizedPath } from '../../i18n/routing';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import fr from '../../../messages/fr.json';
import { checkPermission } from './check';
import { canDisplayEvent } from './display-event';
import { canDisplayPromoter } from './display-promoter';
import { canDisplayRace } from './display-race';
import { canDisplaySeries } from './display-series';
import { canDisplaySeriesForPromoter } from './display-series-for-promoter';
import { canBuyTickets, canRegisterOnline } from './register-online';
import type { PermissionSettings } from './settings';

/** The six lookups (spec §7 Permission calls); injectable for tests. */
export interface PermissionChecks {
  displayEvent(id: number, defaultPromoterUserId: number): Promise<Permission>;
  forPromoterId(id: number, usersId: readonly number[]): Promise<Permission>;
  displayRace(id: number, defaultPromoterUserId: number): Promise<Permission>;
  displaySeriesForPromoter(id: number, promoters: readonly number[]): Promise<Permission>;
  displaySeries(id: number, defaultPromoterUserId: number): Promise<Permission>;
  registerOnline(id: number, defaultPromoterUserId: number): Promise<Permission>;
  /** RegisterOnline as the spectator route asks it (issue 28: tickets on sale, at the gate too). */
  buyTickets(id: number, defaultPromoterUserId: number): Promise<Permission>;
}

/** The lookups against the database (the same functions the API's routes call). */
export const PERMISSION_CHECKS: PermissionChecks = {
  displayEvent: canDisplayEvent,
  forPromoterId: canDisplayPromoter,
  displayRace: canDisplayRace,
  displaySeriesForPromoter: canDisplaySeriesForPromoter,
  displaySeries: canDisplaySeries,
  registerOnline: canRegisterOnline,
  buyTickets: canBuyTickets,
};

/** The §6 rule a route falls under. */
export type PermissionRule = 'event' | 'promoter' | 'race' | 'series' | 'registration' | 'tickets';

/**
 * The check a route needs: its rule and its id (`null`: the route names an id but it is
 * malformed; for event display also: no id at all). Routes checked only when an id exists
 * answer no check without one.
 */
export interface RouteCheck {
  rule: PermissionRule;
  id: number | null;
}

/** A path segment as the page receives it (percent-decoded); null when it cannot be decoded. */
function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The id of optional-id segments: none (no segment), else exactly one valid id, else malformed. */
function optionalId(segments: (string | null)[]): number | null | 'none' {
  if (segments.length === 0) return 'none';
  if (segments.some((s) => s === null)) return null;
  return parseOptionalId(segments as string[]);
}

function idOf(segment: string | null): number | null {
  return segment === null ? null : parseId(segment);
}

const RACE_PRINT: Record<string, readonly string[]> = {
  races: ['print'],
  scores: ['print', 'printc', 'printoa'],
};

/**
 * The check `path` (the pathname without base path and language prefix, percent-encoded as
 * requested) needs, or null when it needs none. `search` is the query (race pages read
 * `id_test` when the path has no id).
 */
export function routeCheck(path: string, search: URLSearchParams): RouteCheck | null {
  const raw = path.split('/').slice(1);
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  const [first, ...rest] = raw.map(decode);
  switch (first) {
    case 'events':
    case 'eventScores': {
      // /events/{id}/register (issue 27): the §6 online-registration check, like /spectator/{id}.
      if (first === 'events' && rest.length === 2 && rest[1] === 'register') return { rule: 'registration', id: idOf(rest[0]!) };
      const id = optionalId(rest);
      return { rule: 'event', id: id === 'none' ? null : id };
    }
    case 'organizations': {
      // /organizations/events/{eventId} (the default organization) or /organizations/{orgId}/events/{eventId}
      if (rest.length === 2 && rest[0] === 'events') return { rule: 'event', id: idOf(rest[1]!) };
      if (rest.length === 3 && rest[1] === 'events') return { rule: 'event', id: idOf(rest[2]!) };
      return null;
    }
    case 'promoters': {
      if (rest.length === 1 && rest[0] !== 'events') return { rule: 'promoter', id: idOf(rest[0]!) };
      if (rest.length === 2 && rest[0] === 'events') return { rule: 'promoter', id: idOf(rest[1]!) };
      return null;
    }
    case 'results':
      return rest.length === 1 ? { rule: 'promoter', id: idOf(rest[0]!) } : null;
    case 'races':
    case 'scores': {
      if (rest.length === 1 && rest[0] === 'printScores') return null;
      if (rest.length > 0 && RACE_PRINT[first].includes(rest[0] ?? '')) {
        const id = optionalId(rest.slice(1));
        return id === 'none' ? null : { rule: 'race', id };
      }
      if (rest.length === 0) {
        const tests = search.getAll('id_test');
        return tests.length === 0 ? null : { rule: 'race', id: parseOptionalId(tests) };
      }
      const id = optionalId(rest);
      return id === 'none' ? null : { rule: 'race', id };
    }
    case 'series': {
      if (rest.length === 1 && rest[0] === 'oldPage') return null;
      const id = optionalId(rest);
      return id === 'none' ? null : { rule: 'series', id };
    }
    case 'spectator': {
      const id = optionalId(rest);
      return id === 'none' ? null : { rule: 'tickets', id };
    }
    default:
      return null;
  }
}

const NOT_FOUND_PERMISSION: Record<Locale, string> = {
  en: en.errors.notFoundPermission,
  fr: fr.errors.notFoundPermission,
  es: es.errors.notFoundPermission,
};

/** Where a refused visitor goes: a path with its language prefix, and its query ('' for none). */
export interface PermissionRedirect {
  pathname: string;
  search: string;
}

/** `/error` in `locale` (spec §6 "The error page path is /error, language-prefixed when not default"). */
export function errorTarget(locale: Locale): PermissionRedirect {
  return { pathname: localizedPath(locale, '/error'), search: `?message=${encodeURIComponent(NOT_FOUND_PERMISSION[locale])}` };
}

/** The default promoter's results page in `locale` (spec §6 Event display). */
export function resultsTarget(locale: Locale, defaultPromoterUserId: number): PermissionRedirect {
  return { pathname: localizedPath(locale, `/results/${defaultPromoterUserId}`), search: '' };
}

/**
 * Runs the check `path` needs (spec §6) and answers where the visitor must go instead, or
 * null when the page may be shown (or needs no check). `path` is the pathname without base
 * path and language prefix; `locale` the URL's language. The settings are read only when a
 * check runs; only routes that need a check query the database, one query per check, each
 * with a fresh flag (`checkPermission`).
 * @throws a database-unavailable error (the caller answers 503)
 */
export async function permissionRedirect(
  path: string,
  search: URLSearchParams,
  locale: Locale,
  settings: () => Promise<PermissionSettings>,
  checks: PermissionChecks = PERMISSION_CHECKS,
): Promise<PermissionRedirect | null> {
  const route = routeCheck(path, search);
  if (!route) return null;
  const { defaultPromoterUserId, defaultPromoterList } = await settings();
  const { id } = route;
  switch (route.rule) {
    case 'event': {
      const allowed = id !== null && (await checkPermission(() => checks.displayEvent(id, defaultPromoterUserId))) === 1;
      return allowed ? null : resultsTarget(locale, defaultPromoterUserId);
    }
    case 'promoter': {
      if (id === defaultPromoterUserId) return null;
      const allowed = id !== null && (await checkPermission(() => checks.forPromoterId(id, defaultPromoterList))) === 1;
      return allowed ? null : errorTarget(locale);
    }
    case 'race': {
      const allowed = id !== null && (await checkPermission(() => checks.displayRace(id, defaultPromoterUserId))) === 1;
      return allowed ? null : errorTarget(locale);
    }
    case 'series': {
      const lookup =
        defaultPromoterList.length > 0
          ? () => checks.displaySeriesForPromoter(id!, defaultPromoterList)
          : () => checks.displaySeries(id!, defaultPromoterUserId);
      const allowed = id !== null && (await checkPermission(lookup)) === 1;
      return allowed ? null : errorTarget(locale);
    }
    case 'registration': {
      const allowed = id !== null && (await checkPermission(() => checks.registerOnline(id, defaultPromoterUserId))) === 1;
      return allowed ? null : errorTarget(locale);
    }
    case 'tickets': {
      const allowed = id !== null && (await checkPermission(() => checks.buyTickets(id, defaultPromoterUserId))) === 1;
      return allowed ? null : errorTarget(locale);
    }
  }
}
