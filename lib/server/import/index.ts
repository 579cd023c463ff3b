/**
 * Importing a results file, as the CLI (`npm run import`), the seed and the server use it:
 * parse (format detected from the name and content; decoders in `lib/server/timing/`), then
 * write in one transaction. A truncated or garbled file throws `ImportError` (line, field) and
 * writes nothing, unless `lenient` skips the bad lines and lists them in the summary's
 * `report` (also stored in `imports.report`); a file imported before (same content) throws
 * `AlreadyImportedError` unless `replace` is set.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db';
import { parseResultsFile } from './parse';
import { rankImportedEvent } from './rank';
import { writeImportedEvent, type WriteOptions, type WriteSummary } from './write';

export { ImportError, type ImportReport } from './types';
export { AlreadyImportedError, ImportTargetError, parseHostClub, type WriteOptions, type WriteSummary } from './write';

/** SHA-256 (hex) of a file's text as UTF-8: what makes two imports "the same file". */
export function contentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Parses `text` (the content of `fileName`), ranks it (positions the file lacks are computed,
 * the ones it gives are checked: `report.positionChecks`) and stores it; see `WriteOptions`.
 */
export async function importResultsFile(db: Db, fileName: string, text: string, opts: WriteOptions): Promise<WriteSummary> {
  const imported = rankImportedEvent(parseResultsFile(fileName, text, { lenient: opts.lenient }));
  return writeImportedEvent(db, imported, { sourceFile: fileName, contentHash: contentHash(text), ...opts });
}
