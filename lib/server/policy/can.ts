/**
 * The policy (issue 22; spec §6 Roles and permissions; DESIGN.md "Authorization is one
 * policy"): `can(viewer, action, resource)` answers whether a login (or an anonymous visitor,
 * `null`) may do `action` on `resource`. Pure: no database, no request; the caller loads the
 * principal (`loadPrincipal`) and the resource's few fields. `decide` also tells why not, so a
 * route can answer 401, 403 or 404 and a page can send a visitor to the login.
 *
 * Rules:
 * - Seeing (`event.view`, `race.view`, `series.view`, `promoter.view`, `print.sheets`): what is
 *   public (visibility.ts) for everyone; hidden records of a promoter for its staff and for
 *   federation admins. A race hidden from display (races.is_public false) is still "viewable":
 *   its page says it is not available (spec §6 Race display), as today.
 * - A promoter's work (`event.edit`, `results.upload`, `registrations.list`, `tickets.scan`,
 *   `promoter.manage`, `series.edit`): staff of that promoter (role `promoter` AND a `promoter_staff` link)
 *   and federation admins; officials may also scan tickets.
 * - The holder's own data (`account.*`, `waiver.sign`): only the holder (`account.view` also a
 *   federation admin). Paying, registering and signing need a verified email.
 * - `classes.edit` (an organization's classes, issue 24): staff of one of the organization's
 *   promoters, and admins.
 * - `desk.open` (the promoter's desk, issue 24): staff of at least one promoter, and admins.
 * - `orders.mark_paid` (issue 26: pay at the office or the gate, staff mark the order paid):
 *   federation admins for every order; staff of the event's promoter for an event's order (the
 *   gate). An order from an organization (a membership) is the federation office's: admins only.
 * - `orders.refund` (issue 26: "refunds by federation staff with a reason"): federation admins.
 * - `memberships.edit` (issue 26: membership types, classes and promo codes "edited by a
 *   federation admin"): federation admins.
 * - `members.check` (issue 26: "a membership card … with a QR code that an official can check"):
 *   officials, staff of a promoter, and admins.
 * - `licences.confirm` (issue 29: "a licence … counts for matching only when the federation
 *   issued it or an official confirmed it"): officials and federation admins.
 * - `users.list`, `users.grant`: federation admins.
 */
import 'server-only';
import { ANONYMOUS_ACTIONS, VERIFIED_ACTIONS, type Action } from './actions';
import type { ResourceOf } from './resources';
import type { Principal, Viewer } from './roles';
import { eventVisible, raceVisible } from './visibility';

/**
 * Why: `allowed`; `login` (not logged in, and a login could be allowed); `unverified` (the
 * holder's email is not verified yet); `denied`.
 */
export type Decision = 'allowed' | 'login' | 'unverified' | 'denied';

/** Federation admin. */
export function isAdmin(p: Viewer): p is Principal {
  return p?.role === 'admin';
}

/** Staff of promoter `promoterId` (`promoters.id`): role `promoter` and linked to it. */
export function staffOf(p: Viewer, promoterId: number | null | undefined): boolean {
  return p?.role === 'promoter' && promoterId != null && p.promoterIds.includes(promoterId);
}

/**
 * The promoters `p` works for (`promoters.id`): 'all' for a federation admin, the linked ones for
 * promoter staff, none for anyone else. The desk lists and creates events by it (issue 24).
 */
export function managedPromoters(p: Viewer): 'all' | readonly number[] {
  if (p?.role === 'admin') return 'all';
  return p?.role === 'promoter' ? p.promoterIds : [];
}

/** Admin, or staff of the promoter. */
function manages(p: Viewer, promoterId: number | null | undefined): boolean {
  return isAdmin(p) || staffOf(p, promoterId);
}

function rule<A extends Action>(p: Viewer, action: A, resource: ResourceOf<A>): boolean {
  // Each case narrows `resource` through the cast of its own action.
  switch (action) {
    case 'event.view':
    case 'registration.create': {
      const r = resource as ResourceOf<'event.view'>;
      return eventVisible(r) || manages(p, r.promoterId);
    }
    case 'race.view':
    case 'print.sheets': {
      const r = resource as ResourceOf<'race.view'>;
      return raceVisible(r) || manages(p, r.event.promoterId);
    }
    case 'series.view': {
      const r = resource as ResourceOf<'series.view'>;
      return r.isPublic || manages(p, r.promoterId);
    }
    case 'promoter.view': {
      const r = resource as ResourceOf<'promoter.view'>;
      return r.isPublic || manages(p, r.promoterId);
    }
    case 'event.edit':
    case 'results.upload':
    case 'registrations.list':
    case 'promoter.manage':
    case 'series.edit':
      return manages(p, (resource as ResourceOf<'event.edit'>).promoterId);
    case 'classes.edit':
      return isAdmin(p) || (resource as ResourceOf<'classes.edit'>).promoterIds.some((id) => staffOf(p, id));
    case 'tickets.scan':
      return manages(p, (resource as ResourceOf<'tickets.scan'>).promoterId) || p?.role === 'official';
    case 'account.view': {
      const r = resource as ResourceOf<'account.view'>;
      return p?.userId === r.userId || isAdmin(p);
    }
    case 'account.edit':
    case 'account.pay':
    case 'waiver.sign':
      return p !== null && p.userId === (resource as ResourceOf<'account.edit'>).userId;
    case 'desk.open': {
      const managed = managedPromoters(p);
      return managed === 'all' || managed.length > 0;
    }
    case 'orders.mark_paid':
      return manages(p, (resource as ResourceOf<'orders.mark_paid'>).promoterId);
    case 'members.check':
      return p?.role === 'official' || managedPromoters(p) === 'all' || managedPromoters(p).length > 0;
    case 'licences.confirm':
      return p?.role === 'official' || isAdmin(p);
    case 'orders.refund':
    case 'memberships.edit':
    case 'users.list':
    case 'users.grant':
      return isAdmin(p);
  }
  // An action without a rule is refused (TypeScript flags the missing case above).
  return false;
}

/** Whether `viewer` may do `action` on `resource`, and why not. */
export function decide<A extends Action>(viewer: Viewer, action: A, resource: ResourceOf<A>): Decision {
  if (viewer === null && !ANONYMOUS_ACTIONS.has(action)) return 'login';
  if (!rule(viewer, action, resource)) return 'denied';
  if (VERIFIED_ACTIONS.has(action) && !viewer?.emailVerified) return viewer ? 'unverified' : 'login';
  return 'allowed';
}

/** True when `viewer` (null: not logged in) may do `action` on `resource`. */
export function can<A extends Action>(viewer: Viewer, action: A, resource: ResourceOf<A>): boolean {
  return decide(viewer, action, resource) === 'allowed';
}
