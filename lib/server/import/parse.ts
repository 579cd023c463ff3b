/**
 * Results-file dispatcher: recognises the format of an uploaded file and runs its importer
 * (the decoders live in `lib/server/timing/`).
 */
import { parseAmaLiveTiming } from '../timing/ama';
import { parseEceaTeamEnduro } from '../timing/ecea';
import { parseRMonitor } from '../timing/rmonitor';
import { isSprintEnduroHeader, parseEceaSprintEnduro } from '../timing/sprint-enduro';
import { looksLikeSheet, parseResultsSheet, type SheetField } from '../timing/sheet';
import type { ImportedEvent, ParseOptions } from './types';
import { ImportError } from './types';

export type ResultsFormat = 'rmonitor' | 'ecea-csv' | 'ecea-sprint-csv' | 'ama-json' | 'sheet-csv';

const UNRECOGNISED = 'not an RMonitor capture, ECEA team-enduro CSV, AMA live-timing JSON or results spreadsheet (CSV with a position and a rider column)';

/** The cells of a CSV line, well enough to read a header (quotes removed; commas inside quotes are rare in headers). */
function headerCells(line: string): string[] {
  return line.split(',').map((c) => c.replace(/^\s*"|"\s*$/g, '').trim());
}

/**
 * Recognises a results file by its content, with the extension as a tie-breaker:
 * JSON object → 'ama-json'; mostly `$X,` message lines → 'rmonitor'; an ECEA header with a
 * `Finisher` column ("Row,Rider Name,…,Finisher,…", the time-based sprint-enduro report,
 * lib/server/timing/sprint-enduro.ts) → 'ecea-sprint-csv'; the ECEA team-report layout
 * ("Round N - …" / "Row,Rider Name,…") → 'ecea-csv'; a first line naming a position and a rider
 * column (`POS.,#,RIDER,…`, lib/server/timing/sheet.ts) → 'sheet-csv'; otherwise `.json` →
 * 'ama-json' and `.csv` → 'ecea-csv' (so their importer reports the precise problem).
 * @throws ImportError(1, 'format', …) when the file is none of these.
 */
export function detectFormat(fileName: string, text: string): ResultsFormat {
  const body = text.replace(/^\uFEFF/, '');
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const head = body.trimStart();
  if (head.startsWith('{')) return 'ama-json';
  const lines = head.split(/\r?\n/, 50).filter((l) => l.trim() !== '');
  const messages = lines.filter((l) => /^\$[A-Za-z]+,/.test(l)).length;
  if (messages > 0 && messages >= lines.length / 2) return 'rmonitor';
  if (lines.some((l) => isSprintEnduroHeader(headerCells(l)))) return 'ecea-sprint-csv';
  if (lines.some((l) => /^Row,Rider Name,/i.test(l)) || /^Round\s+\d+\s*-/i.test(lines[1] ?? '')) return 'ecea-csv';
  if (lines[0] && looksLikeSheet(headerCells(lines[0]))) return 'sheet-csv';
  if (ext === 'json') return 'ama-json';
  if (ext === 'csv') return 'ecea-csv';
  throw new ImportError(1, 'format', UNRECOGNISED);
}

/** Options of `parseResultsFile`: the importers' options, and a spreadsheet's columns chosen by hand. */
export interface ResultsFileOptions extends Omit<ParseOptions, 'fileName'> {
  /** The field of each column of a results spreadsheet (the desk's column-mapping step): read as one, no detection. */
  columns?: readonly (SheetField | null)[];
}

/**
 * Parses an uploaded results file of any supported format into the normalised event, with
 * its `report` (unknown message types, lines skipped when `opts.lenient`). With `opts.columns`
 * the file is a results spreadsheet read with those columns (lib/server/timing/sheet.ts).
 * @throws ImportError from `detectFormat` or from the format's importer (line + field).
 */
export function parseResultsFile(fileName: string, text: string, opts: ResultsFileOptions = {}): ImportedEvent {
  if (opts.columns) return parseResultsSheet(text, { ...opts, fileName });
  switch (detectFormat(fileName, text)) {
    case 'rmonitor':
      return parseRMonitor(text, { ...opts, fileName });
    case 'ecea-csv':
      return parseEceaTeamEnduro(text, opts);
    case 'ecea-sprint-csv':
      return parseEceaSprintEnduro(text, opts);
    case 'ama-json':
      return parseAmaLiveTiming(text, { ...opts, fileName });
    case 'sheet-csv':
      return parseResultsSheet(text, { ...opts, fileName });
  }
}
