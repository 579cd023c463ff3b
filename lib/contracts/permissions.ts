/**
 * Permission contracts (spec §6 Roles and permissions, §7 Permission calls): the reply every
 * `users/current/hasPermission…` call gives (the JSON number 1 when allowed, 0 otherwise), the
 * body of `POST hasPermissionForPromoterId/{id}` and the `{promoters}` path list of
 * `hasPermissionDisplaySeriesForPromoter/{id}/{promoters}`. Plain zod; imports nothing from
 * the server.
 */
import { z } from 'zod';
import { INT4_MAX } from '../config';
import { ID_PATTERN, idField } from './ids';

/** A permission lookup's answer: 1 allowed, 0 not (spec §6 "return 1 when allowed"). */
export const PERMISSIONS = [0, 1] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permissionReply = z.union([z.literal(0), z.literal(1)]);

/** The most promoter user ids one call may name (the default promoter list is a handful). */
export const PROMOTER_LIST_MAX = 100;

const missingUserIds = 'Please provide the user ids';
const invalidUserIds = 'The provided user id is invalid';

/**
 * `POST users/current/hasPermissionForPromoterId/{id}` (spec §7): `{ users_id: number[] }`,
 * the default promoter list (promoter user ids, at most 100; an empty list: any public
 * promoter). Missing → 'Please provide the user ids', anything else wrong → 'The provided
 * user id is invalid' (the route answers them as `null_id` / `invalid_id`).
 */
export const promoterPermissionRequest = z.object({
  users_id: z
    .array(idField('user'), { error: (issue) => (issue.input === undefined ? missingUserIds : invalidUserIds) })
    .max(PROMOTER_LIST_MAX, { error: invalidUserIds }),
});
export type PromoterPermissionRequest = z.infer<typeof promoterPermissionRequest>;

const ID = ID_PATTERN.source.slice(1, -1);
/** `1`, `1,2`, `[1,2]`, `[1, 2]`, `[]`: plain or bracketed, comma-separated ids. */
const LIST = new RegExp(`^(?:(?:${ID})(?:,(?:${ID}))*|\\[\\s*(?:(?:${ID})(?:\\s*,\\s*(?:${ID}))*)?\\s*\\])$`);

/**
 * The promoter user ids of a `{promoters}` path segment (spec §7
 * hasPermissionDisplaySeriesForPromoter/{id}/{promoters}): comma-separated (`1,2`) or the
 * JSON-ish list the original client sent (`[1,2]`, `[]`); each a positive whole number within
 * int4, at most 100 of them. Anything else → null (400 `invalid_id`).
 */
export function parsePromoterList(raw: string): number[] | null {
  if (!LIST.test(raw)) return null;
  const ids = raw.replace(/[[\]\s]/g, '').split(',').filter(Boolean).map(Number);
  if (ids.length > PROMOTER_LIST_MAX || ids.some((n) => n > INT4_MAX)) return null;
  return ids;
}
