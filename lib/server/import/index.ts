/**
 * Importing a results file, as the CLI (`npm run import`), the seed and the server use it:
 * parse (format detected from the name and content), then write in one transaction.
 * A truncated or garbled file throws `ImportError` (line, field) and writes nothing.
 */
import type { Db } from '../db';
import { parseResultsFile } from './parse';
import { writeImportedEvent, type WriteOptions, type WriteSummary } from './write';

export { ImportError } from './types';
export { ImportTargetError } from './write';

/** Parses `text` (the content of `fileName`) and stores it; see `WriteOptions`. */
export async function importResultsFile(db: Db, fileName: string, text: string, opts: WriteOptions): Promise<WriteSummary> {
  const imported = parseResultsFile(fileName, text);
  return writeImportedEvent(db, imported, { sourceFile: fileName, ...opts });
}
