/**
 * Results spreadsheets saved as Excel workbooks (issue 24: "a generic spreadsheet format (CSV,
 * and XLSX through a kept library)"): the first sheet of an `.xlsx` becomes the CSV text the
 * spreadsheet importer (./sheet.ts) reads, so the content hash, the "same file" check, the
 * line-and-field refusals and everything downstream stay text-based. Read with `read-excel-file`
 * (its Node entry: unzips with fflate, parses the XML as a stream, no native code).
 *
 * The CSV keeps one line per sheet row (an empty row is an empty line), so a refusal's line is the
 * row number Excel shows. Cells: text as written (line breaks inside a cell become spaces); numbers
 * as the workbook stores them (`1.854`, `21`; float noise past 15 digits dropped); a cell formatted
 * as a time or duration (`m:ss.000`, `[h]:mm:ss`) as `m:ss.sss` / `h:mm:ss.sss`; a date as
 * `YYYY-MM-DD` (`YYYY-MM-DD hh:mm:ss` with a time); booleans `TRUE` / `FALSE`; formulas by their
 * cached value. Columns empty in every row are left out.
 */
import { stringify } from 'csv-stringify/sync';
import { readSheet } from 'read-excel-file/node';
import { formatTimeMs } from '../../format';
import { ImportError } from '../import/types';

/** A ZIP archive's first bytes (`PK\x03\x04`): every `.xlsx` starts with them. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** An OLE compound file's first bytes: the Excel 97–2003 `.xls` this importer does not read. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The part every workbook holds, named in the archive's local and central headers. */
const WORKBOOK_PART = Buffer.from('xl/workbook.xml', 'latin1');

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * True when `bytes` are an Excel workbook (`.xlsx`): a ZIP archive named `*.xlsx` (any case), or
 * one holding `xl/workbook.xml` whatever its name.
 */
export function isXlsx(fileName: string, bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_MAGIC)) return false;
  return /\.xlsx$/i.test(fileName) || Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(WORKBOOK_PART);
}

/** Days from the Excel epoch (1899-12-30, or 1904-01-01 in a 1904-dated workbook) a cell may hold as a duration, not a date. */
const DURATION_EPOCHS = [Date.UTC(1899, 11, 30), Date.UTC(1904, 0, 1)];
const DURATION_MAX_MS = 60 * 86_400_000;

/** A date cell as text: a duration (a time of day or `[h]:mm:ss`, stored as days since the epoch) as the site writes times, else the day. */
function dateText(date: Date): string {
  const ms = date.getTime();
  for (const epoch of DURATION_EPOCHS) {
    if (ms >= epoch && ms - epoch < DURATION_MAX_MS) return formatTimeMs(ms - epoch);
  }
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/** A number as the workbook stores it, without float noise (`1.8540000000000001` → `1.854`); whole numbers kept digit for digit. */
function numberText(raw: string): string {
  if (/^-?\d+$/.test(raw)) return raw;
  const n = Number(raw);
  return Number.isFinite(n) ? String(Number(n.toPrecision(15))) : raw;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value).replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * The first sheet of workbook `bytes` as CSV text (header row first, `\n` line ends, one line per
 * sheet row; see the module's docstring for the cells).
 * @throws ImportError(1, 'sheet', …) for a workbook that cannot be read (not a valid ZIP, no
 *   sheet) or whose first sheet has no rows; ImportError(1, 'format', …) for an `.xls`.
 */
export async function xlsxToCsv(bytes: Uint8Array): Promise<string> {
  if (startsWith(bytes, OLE_MAGIC)) throw new ImportError(1, 'format', 'an Excel 97–2003 workbook (.xls) is not read: save it as .xlsx or CSV');
  let rows: unknown[][];
  try {
    rows = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 1, { parseNumber: (text: string) => numberText(text) });
  } catch (err) {
    // Whatever the reader trips on is in the bytes the user sent: a refusal, never a crash.
    throw new ImportError(1, 'sheet', `not a readable .xlsx workbook (${err instanceof Error ? err.message : String(err)})`);
  }
  const cells = rows.map((row) => row.map(cellText));
  const width = Math.max(0, ...cells.map((row) => row.length));
  const used = Array.from({ length: width }, (_, i) => cells.some((row) => (row[i] ?? '') !== ''));
  if (!used.includes(true)) throw new ImportError(1, 'sheet', 'the first sheet of the workbook has no rows');
  const lines = cells.map((row) => {
    const kept = row.flatMap((cell, i) => (used[i] ? [cell] : []));
    return kept.every((c) => c === '') ? '' : stringify([kept], { record_delimiter: 'unix' }).replace(/\n$/, '');
  });
  while (lines.at(-1) === '') lines.pop();
  return lines.join('\n') + '\n';
}

/**
 * The text the importer reads from a results file's bytes: an `.xlsx` (`isXlsx`) as the CSV of its
 * first sheet, anything else decoded as UTF-8 with a BOM kept (the same file hashes the same on the
 * desk as with `npm run import`).
 * @throws ImportError from `xlsxToCsv`.
 */
export async function resultsFileText(fileName: string, bytes: Uint8Array): Promise<string> {
  if (isXlsx(fileName, bytes) || startsWith(bytes, OLE_MAGIC)) return xlsxToCsv(bytes);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}
