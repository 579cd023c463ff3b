/**
 * Every action the site authorizes (issue 22; spec §6 Roles and permissions): the one list a
 * route (`requirePermission`), a page (`authorize`) and `proxy.ts` name when they ask
 * `can(user, action, resource)`. Adding a guarded feature adds its action here, then its rule
 * in `can.ts` (TypeScript refuses a rule-less action).
 */
import 'server-only';

/** The actions, `<thing>.<verb>`. */
export const ACTIONS = [
  // public reading (the visibility rule, lib/server/policy/visibility.ts)
  'event.view',
  'race.view',
  'series.view',
  'promoter.view',
  // a promoter's own work (promoter staff of that promoter, or a federation admin)
  'event.edit',
  'results.upload',
  'registrations.list',
  'tickets.scan',
  'promoter.manage',
  'series.edit',
  // an organization's classes: staff of one of its promoters, or a federation admin
  'classes.edit',
  // the promoter's desk (issue 24): staff of at least one promoter, or a federation admin
  'desk.open',
  // officials
  'print.sheets',
  // the account holder's own data
  'account.view',
  'account.edit',
  'account.pay',
  'registration.create',
  'waiver.sign',
  // the checkout (issue 26): an order's money, by staff
  'orders.mark_paid',
  'orders.refund',
  // memberships (issue 26): the types, classes and promo codes the federation sells (admins);
  // checking a member's card at the track (officials, promoter staff, admins)
  'memberships.edit',
  'members.check',
  // issue 29: confirming a competition licence typed in a profile, seen on the rider's card (officials, admins)
  'licences.confirm',
  // the federation's administration
  'users.list',
  'users.grant',
] as const;
export type Action = (typeof ACTIONS)[number];

/** True when `value` names an action. */
export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}

/**
 * Actions that commit the holder (money, an entry, a signature): an account whose email is not
 * verified may log in and browse, but not these (issue 22).
 */
export const VERIFIED_ACTIONS: ReadonlySet<Action> = new Set<Action>(['account.pay', 'registration.create', 'waiver.sign']);

/** Actions a visitor who is not logged in may be granted (the rest need a login). */
export const ANONYMOUS_ACTIONS: ReadonlySet<Action> = new Set<Action>(['event.view', 'race.view', 'series.view', 'promoter.view', 'print.sheets']);
