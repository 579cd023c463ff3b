/**
 * Permissions (spec §6 Roles and permissions, §7 Permission calls): one module deciding every
 * `users/current/hasPermission…` lookup from the database, used by the API's routes, by
 * `proxy.ts` for the §6 redirects and by the pages' own checks. Each lookup answers 1 when
 * allowed, 0 otherwise. One rule per file.
 *
 * A thin layer over lib/server/policy (issue 22): every lookup filters with the policy's
 * visibility rule (`eventShownJoined`, `seriesShownJoined`, `promoterShown`); new checks ask
 * the policy's `can()` / `requirePermission` / `authorize` instead of adding a lookup here.
 */
export { checkPermission, permitted, type Permission, type PermissionLookup } from './check';
export { canDisplayEvent } from './display-event';
export { canDisplayPromoter } from './display-promoter';
export { canDisplayRace } from './display-race';
export { canDisplaySeriesForPromoter } from './display-series-for-promoter';
export { canDisplaySeries } from './display-series';
export { canBuyTickets, canRegisterOnline } from './register-online';
export { displayableEvent } from './displayable-event';
export {
  errorTarget,
  permissionRedirect,
  PERMISSION_CHECKS,
  resultsTarget,
  routeCheck,
  type PermissionChecks,
  type PermissionRedirect,
  type PermissionRule,
  type RouteCheck,
} from './redirects';
export { invalidatePermissionSettings, permissionSettings, type PermissionSettings } from './settings';
