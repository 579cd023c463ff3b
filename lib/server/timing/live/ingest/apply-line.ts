/**
 * `push(line)` (the header of ./index.ts, "ONE decoder"): each line goes through the importer's
 * `decodeLine` into the ingest's `RMonitorSession`; a malformed line is skipped and logged (line,
 * field, detail) instead of stopping the feed (`stats.skipped`). A `$COR` is translated first in
 * merge mode (./merge-passings.ts). Then the run the line went to is followed (`runs.current`), a
 * passing is noted (./session-end.ts: a new passing makes its session live, ends the one before),
 * the runs it touched are marked for the next write, and a write is scheduled (./batch-writer.ts).
 */
import { ImportError } from '../../../import/types';
import { decodeLine } from '../../rmonitor/decode';
import { schedule } from './batch-writer';
import { translateCorrection } from './merge-passings';
import { afterFlag, afterPassing } from './session-end';
import type { IngestState } from './state';

/** One RMonitor line (without its line end): decoded and applied at once, written soon. */
export function applyLine(state: IngestState, line: string): void {
  const { session, stats, runs, marks } = state;
  const lineNo = ++stats.lines;
  if (state.dead) return;
  let msg: ReturnType<typeof decodeLine>;
  try {
    msg = decodeLine(line, lineNo);
  } catch (err) {
    stats.skipped++;
    if (err instanceof ImportError) state.log(`skipped line ${err.line}, field ${err.field}: ${err.detail}`);
    else state.log(`skipped line ${lineNo}: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  if (!msg) return;
  if (msg.tag === 'COR') {
    const translated = translateCorrection(state, msg);
    if (!translated) return schedule(state);
    msg = translated;
  }
  session.apply(msg);
  switch (msg.tag) {
    case 'unknown':
    case 'E':
      return;
    case 'I':
      runs.current = null;
      return;
    case 'B':
      runs.current = session.runs.at(-1)?.roster.runs.get(`${msg.runNo}|${msg.description}`) ?? null;
      break;
    case 'A':
    case 'COMP':
    case 'C':
      break;
    case 'T':
      marks.allRuns = true;
      break;
    default:
      // Data for a run: the session created one when none was selected.
      runs.current ??= session.runs.at(-1) ?? null;
      if (msg.tag === 'J' || msg.tag === 'L') afterPassing(state, msg.tag === 'J');
      else if (msg.tag === 'F') afterFlag(state);
  }
  const roster = session.runs.at(-1)?.roster;
  if (roster) marks.rosters.add(roster);
  schedule(state);
}
