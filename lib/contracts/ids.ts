/**
 * Route ids (spec §2 routes with an id, §8 General 'The provided X is invalid'): a positive
 * whole number within int4 written as plain digits, else null. Pages and the importer use it;
 * the API's path parameters follow the same rule (`ID_PATTERN`). Imports nothing from the
 * server.
 *
 * The raw segment must be exactly digits: Next may hand a page its params percent-encoded
 * (`1%20`, `1%00`) or decoded (`1 `, `1\u0000`); both are refused, so `/events/1%20` is never
 * event 1. Leading zeros (`01`), signs, decimals and anything above 2147483647 are refused too.
 */
import { z } from 'zod';
import { INT4_MAX } from '../config';
import { idMessages, type IdKind } from '../errors';

/** A positive whole number of at most 10 digits, no leading zero (checked against int4 after). */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** The id in `raw` (a route segment; the first of an array), or null when it is not one. */
export function parseId(raw: string | string[] | undefined): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) return null;
  const n = Number(value);
  return n <= INT4_MAX ? n : null;
}

/** The id of an optional catch-all route (`/events/{id?}`): exactly one valid segment, else null. */
export function parseOptionalId(segments: string[] | undefined): number | null {
  return segments?.length === 1 ? parseId(segments[0]) : null;
}

/**
 * A JSON body field holding an id (`{ eventId: 12 }`): a positive whole number within int4.
 * Missing → 'Please provide the X id', anything else → 'The provided X id is invalid' (the
 * API's hook turns them into `null_id` / `invalid_id`).
 */
export function idField(kind: IdKind) {
  const { invalid, missing } = idMessages[kind];
  return z
    .number({ error: (issue) => (issue.input === undefined ? missing : invalid) })
    .int({ error: invalid })
    .positive({ error: invalid })
    .max(INT4_MAX, { error: invalid });
}
