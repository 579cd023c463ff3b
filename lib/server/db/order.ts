/**
 * Ordering of people's and clubs' names as a reader expects it: accents and case do not move a
 * name to the end (Bédard sorts with Bedard, before Brunet), using PostgreSQL's ICU root
 * collation `und-x-icu` (built into PostgreSQL 10+ with ICU, as the embedded server is).
 */
import { asc, sql, type AnyColumn } from 'drizzle-orm';

/** `ORDER BY <column> COLLATE "und-x-icu" ASC`. */
export function byName(column: AnyColumn) {
  return asc(sql`${column} collate "und-x-icu"`);
}
