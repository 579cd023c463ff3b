/**
 * CSV files of the site's tables (spec §2 results and series tables; "export to CSV"): UTF-8
 * with a BOM (so spreadsheet programs read accents), CRLF line ends, csv-stringify's quoting.
 * A text cell that a spreadsheet would run as a formula (`=…`, `@…`, `+` or `-` then anything
 * but a digit, a tab or carriage return first: names and teams come from imported files) is
 * written with a leading `'`, the usual guard against CSV formula injection; numbers and gaps
 * such as `+2.608` or `-1.5` stay as they are.
 */
import 'server-only';
import { stringify } from 'csv-stringify/sync';

const FORMULA = /^(?:[=@\t\r]|[+-][^\d.])/;

/** `'=SUM(A1)` for `=SUM(A1)`; other text unchanged. */
export function neutraliseFormula(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

/** The rows (the header first) as a CSV file's text. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows as unknown[][], { bom: true, record_delimiter: 'windows', cast: { string: neutraliseFormula } });
}
