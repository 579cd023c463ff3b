/**
 * Results-file dispatcher: recognises the format of an uploaded file and runs its importer
 * (the decoders live in `lib/server/timing/`).
 */
import { parseAmaLiveTiming } from '../timing/ama';
import { parseEceaTeamEnduro } from '../timing/ecea';
import { parseRMonitor } from '../timing/rmonitor';
import type { ImportedEvent, ParseOptions } from './types';
import { ImportError } from './types';

export type ResultsFormat = 'rmonitor' | 'ecea-csv' | 'ama-json';

const UNRECOGNISED = 'not an RMonitor capture, ECEA team-enduro CSV or AMA live-timing JSON';

/**
 * Recognises a results file by its content, with the extension as a tie-breaker:
 * JSON object → 'ama-json'; mostly `$X,` message lines → 'rmonitor'; the ECEA report layout
 * ("Round N - …" / "Row,Rider Name,…") → 'ecea-csv'; otherwise `.json` → 'ama-json' and
 * `.csv` → 'ecea-csv' (so their importer reports the precise problem).
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
  if (lines.some((l) => /^Row,Rider Name,/i.test(l)) || /^Round\s+\d+\s*-/i.test(lines[1] ?? '')) return 'ecea-csv';
  if (ext === 'json') return 'ama-json';
  if (ext === 'csv') return 'ecea-csv';
  throw new ImportError(1, 'format', UNRECOGNISED);
}

/**
 * Parses an uploaded results file of any supported format into the normalised event, with
 * its `report` (unknown message types, lines skipped when `opts.lenient`).
 * @throws ImportError from `detectFormat` or from the format's importer (line + field).
 */
export function parseResultsFile(fileName: string, text: string, opts: Omit<ParseOptions, 'fileName'> = {}): ImportedEvent {
  switch (detectFormat(fileName, text)) {
    case 'rmonitor':
      return parseRMonitor(text, { ...opts, fileName });
    case 'ecea-csv':
      return parseEceaTeamEnduro(text, opts);
    case 'ama-json':
      return parseAmaLiveTiming(text, { ...opts, fileName });
  }
}
