import { INT4_MAX } from '../config';

/** Route ids (spec §2 routes with an id): a positive whole number within int4, else null. */
export function parseId(raw: string | string[] | undefined): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= INT4_MAX ? n : null;
}

/** The id of an optional catch-all route (`/events/{id?}`): exactly one valid segment, else null. */
export function parseOptionalId(segments: string[] | undefined): number | null {
  return segments?.length === 1 ? parseId(segments[0]) : null;
}
