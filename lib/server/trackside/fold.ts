/**
 * How trackside searches compare names and places (spec §5 Trackside search: "by name (first
 * or last, accent- and case-insensitive, either order) … by location"): lower case, accents
 * stripped, apostrophes and periods removed, hyphens and underscores read as spaces, runs of
 * whitespace as one. The same fold on both sides: `foldText` for the criterion, `foldSql` for
 * the column (PostgreSQL `normalize(…, NFD)` then the combining marks removed), so
 * "Saint-Jérôme", "saint jerome" and "ST-JEROME" compare as their letters.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { stripAccents } from '../../format';

/** `"  Jérôme O’Neil-Côté "` → `"jerome oneil cote"`. */
export function foldText(text: string): string {
  return stripAccents(text.normalize('NFC').toLowerCase())
    .replace(/['’.]/g, '')
    .replace(/[-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** SQL: `expression` (text, null read as '') folded as `foldText` folds. */
export function foldSql(expression: SQL): SQL {
  const unaccented = sql`lower(regexp_replace(normalize(coalesce(${expression}, ''), NFD), '[\\u0300-\\u036f]', '', 'g'))`;
  return sql`btrim(regexp_replace(regexp_replace(regexp_replace(${unaccented}, '[''’.]', '', 'g'), '[-_]', ' ', 'g'), '\\s+', ' ', 'g'))`;
}

/** `%needle%` for LIKE, its wildcards escaped. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
