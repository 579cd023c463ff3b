/**
 * The roles of a login (issue 22; spec §6 Roles): the account type kept in `users.role`.
 *
 * | role | who | may, beyond what every visitor may |
 * |---|---|---|
 * | `participant` | a racer, or a guardian managing minors | their own account; pay, register, sign (email verified) |
 * | `spectator` | a ticket buyer | their own account; pay, sign (email verified) |
 * | `promoter` | promoter staff: a login linked to one or more promoters (`promoter_staff`) | their promoters' events, results, registrations, ticket scans, and hidden records of those promoters |
 * | `official` | a federation official | print sheets, scan tickets |
 * | `admin` | a federation admin | everything a promoter may do, for every promoter; list logins and grant roles |
 *
 * A `promoter` login linked to no promoter acts for none; a link without the `promoter` role
 * grants nothing (demoting a login is changing its role).
 */
import 'server-only';
import { ACCOUNT_TYPES, type AccountType } from '../../contracts/account';

/** The roles, in the order the admin page lists them. */
export const ROLES = ACCOUNT_TYPES;
export type Role = AccountType;

/** True when `value` names a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Who is asking, as the policy sees it: null for a visitor who is not logged in.
 * `promoterIds` are `promoters.id` values (not the promoters' public user ids).
 */
export interface Principal {
  userId: string;
  role: Role;
  /** better-auth's `emailVerified` (users.email_verified). */
  emailVerified: boolean;
  promoterIds: readonly number[];
}

/** The anonymous visitor. */
export const ANONYMOUS = null;
export type Viewer = Principal | null;
