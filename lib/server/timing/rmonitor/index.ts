/**
 * RMonitor ("Results Monitor") timing protocol, as streamed by Orbits and most transponder
 * timing software: `tokenize` (line → fields), `decodeLine` (line → typed message),
 * `RMonitorSession` (the feed's state, one message at a time) and `toImportedEvent` (session →
 * races). `parseRMonitor` chains them for a whole capture file; a live client chains the same
 * pieces line by line.
 */
import type { ImportedEvent, ImportReport, ParseOptions } from '../../import/types';
import { ImportError, skipOrThrow } from '../../import/types';
import { decodeLine } from './decode';
import { RMonitorSession } from './session';
import { toImportedEvent } from './to-race';

export { tokenize, type Tokens } from './tokenize';
export { decodeLine, fieldName, MESSAGE_FIELDS, parseDate, type MessageTag, type RMonitorMessage, type TrackSection, type UnknownMessage } from './decode';
export { RMonitorSession, type Competitor, type Roster, type Run, type Standing, type Track } from './session';
export { entrants, sectionTimes, startGrid, toImportedEvent, toRace } from './to-race';

/**
 * Parses a whole RMonitor capture (CRLF or LF line ends, BOM allowed) into an event: one
 * sprint race per `$B` run that has `$J` passings (see `toImportedEvent`). Unknown message
 * types are counted in `report.unknownMessages`.
 * Strict by default: the first malformed line refuses the file. With `opts.lenient`, malformed
 * lines are skipped and listed in `report.skippedLines` (line, field, detail).
 * @throws ImportError(line, field, detail) for a malformed line (e.g. field `$G.laps`) unless
 *   lenient, and (always) when no run has any passing (field `$J`).
 */
export function parseRMonitor(text: string, opts: ParseOptions = {}): ImportedEvent {
  const session = new RMonitorSession();
  const skippedLines: ImportReport['skippedLines'] = [];
  const report: ImportReport = { unknownMessages: {}, skippedLines };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const msg = skipOrThrow(opts.lenient, report, () => decodeLine(lines[i], i + 1));
    if (msg) session.apply(msg);
  }
  const event = toImportedEvent(session, { fileName: opts.fileName, eventName: opts.eventName, skippedLines });
  if (event.races.length === 0) {
    let lastLine = lines.length;
    while (lastLine > 1 && lines[lastLine - 1].trim() === '') lastLine--;
    throw new ImportError(lastLine, '$J', 'no run with passings ($J) in the capture');
  }
  return event;
}
