/**
 * How trackside searches compare names and places (spec §5 Trackside search: "by name … by
 * location"): the series participant search's fold (lib/server/series/search-participants.ts
 * `foldName` / `folded`: accents and the letters Ł, Ø, ß … folded to ASCII by `translate`, so a
 * database in the C locale folds them too; lower case; runs of whitespace as one), after one
 * step of its own: apostrophes and periods removed, hyphens and underscores read as spaces. The
 * same fold on both sides: `foldText` for the criterion, `foldSql` for the column, so
 * "Saint-Jérôme", "saint jerome" and "ST-JEROME" compare as their letters, "Østergaard" as
 * "ostergaard".
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { contains, folded, foldName } from '../series/search-participants';

/** `"  Jérôme O’Neil-Côté "` → `"jerome oneil cote"`; `"Łukasz Østergaard"` → `"lukasz ostergaard"`. */
export function foldText(text: string): string {
  return foldName(text.normalize('NFC').replace(/['’.]/g, '').replace(/[-_]/g, ' '));
}

/** SQL: `expression` (text, null read as '') folded as `foldText` folds. */
export function foldSql(expression: SQL): SQL {
  return folded(sql`regexp_replace(regexp_replace(coalesce(${expression}, ''), '[''’.]', '', 'g'), '[-_]', ' ', 'g')`);
}

/** `%needle%` for LIKE, its wildcards escaped. */
export const containsPattern = contains;

/** The words of a folded criterion (`"jerome levesque"` → `["jerome", "levesque"]`), each once. */
export function foldedWords(text: string): string[] {
  return [...new Set(foldText(text).split(' ').filter(Boolean))];
}
