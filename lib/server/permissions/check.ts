/**
 * How a permission lookup's answer is taken (spec §4 Permission flags: "start false, reset to
 * false before each check, then set from the reply"; §6 "return 1 when allowed"). Each check
 * gets a fresh flag that starts at 0 (deny); only a reply of exactly 1 sets it. A lookup that
 * throws leaves it at 0, except when the database cannot be reached: that is an outage, not a
 * refusal, and is rethrown so the visitor gets 503 "temporarily unavailable" (spec §8 Handling)
 * instead of a redirect.
 */
import 'server-only';
import type { Permission } from '../../contracts/permissions';
import { isDatabaseUnavailable } from '../db/availability';

export type { Permission };

/** A lookup: a function answering the reply (called inside the guard), or its promise. */
export type PermissionLookup = (() => Promise<unknown> | unknown) | Promise<unknown>;

/**
 * Runs one lookup with a fresh flag: 1 when it answers exactly 1, else 0 (any other reply,
 * or an error, which is logged). A database outage is rethrown.
 */
export async function checkPermission(lookup: PermissionLookup): Promise<Permission> {
  let flag: Permission = 0; // starts false: a new flag for every check, never one left from an earlier check
  try {
    const reply = await (typeof lookup === 'function' ? lookup() : lookup);
    flag = reply === 1 ? 1 : 0;
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    console.error('[permissions] lookup failed:', err instanceof Error ? err.message : err);
    flag = 0;
  }
  return flag;
}

/** `checkPermission` as a boolean: true only for a reply of 1. A database outage is rethrown. */
export async function permitted(lookup: PermissionLookup): Promise<boolean> {
  return (await checkPermission(lookup)) === 1;
}
