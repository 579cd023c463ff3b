/**
 * Reading CMS lists leniently (shared by every fetcher of lib/cms): malformed entries are
 * dropped and logged, never thrown, so one bad entry never empties a page.
 */
import type { z } from 'zod';

/** Entries of a list reply, the malformed ones dropped and logged; null when there is no list. */
export function parseEntries<T>(what: string, schema: z.ZodType<T>, data: unknown): T[] | null {
  if (!Array.isArray(data)) {
    if (data !== null && data !== undefined) console.warn(`[cms] ignoring malformed ${what} list: not a list`);
    return null;
  }
  const out: T[] = [];
  for (const item of data) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else console.warn(`[cms] ignoring malformed ${what}: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return out;
}

const LAST = Number.MAX_SAFE_INTEGER;

/** Compares by sort_order (entries without one last), then by `then`. */
export const bySortOrder =
  <T extends { sort_order: number | null }>(then: (a: T, b: T) => number = () => 0) =>
  (a: T, b: T) =>
    (a.sort_order ?? LAST) - (b.sort_order ?? LAST) || then(a, b);
