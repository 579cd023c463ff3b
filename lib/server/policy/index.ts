/**
 * Who may do what (issue 22; spec §6 Roles and permissions; DESIGN.md "Authorization is one
 * policy"): roles, promoter staff, `can(viewer, action, resource)`, the visibility rule, and
 * its three users: the Hono middleware `requirePermission`, the page helper `authorize`, and
 * `proxy.ts` (through lib/server/permissions and `pageAction`). Each concern in its own file;
 * this index only re-exports (the page helper is imported from './authorize' by pages: it
 * needs Next's request context).
 */
export { ACTIONS, ANONYMOUS_ACTIONS, VERIFIED_ACTIONS, isAction, type Action } from './actions';
export { can, decide, isAdmin, managedPromoters, staffOf, type Decision } from './can';
export { grantAdmin, grantPromoter } from './grant';
export { findLoginByEmail, listLogins, LOGINS_PAGE, type LoginRow } from './list-logins';
export { loadPrincipal } from './load-principal';
export { assertAllowed, requestPrincipal, requirePermission, type PolicyVariables, type ResourceFrom } from './require-permission';
export type { AccountResource, EventResource, OrderResource, PromoterOwned, PromoterResource, RaceResource, ResourceOf, SeriesResource } from './resources';
export { ROLES, isRole, type Principal, type Role, type Viewer } from './roles';
export { hasSessionCookie, loginTarget, pageAction, pageNeedsLogin } from './pages';
export {
  eventShown,
  eventShownColumn,
  eventShownJoined,
  eventVisible,
  organizationShown,
  promoterShown,
  raceListed,
  raceShown,
  raceVisible,
  seriesShown,
  seriesShownJoined,
} from './visibility';
