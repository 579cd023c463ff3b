/**
 * What a rider's lap times can honestly say (spec §3 Race results columns "modal fields": every
 * lap from the passings; §2 /liveonlivelaps laps tab; issue 25 "Results trusted at a glance").
 * The lap-by-lap list comes from the stored passings; the lap count and best lap come from the
 * results row (the timing system's own figures). A file such as an AMA live-timing snapshot
 * reports "19 laps, best 1:05.215" without a single passing: then the page says which part is
 * missing instead of claiming nothing was recorded. Used by the rider's detail
 * (components/results/RiderDialog.tsx) and the trackside laps tab (components/trackside/RacerLaps.tsx).
 * Imports nothing from the server.
 */

/** Which message of `race.lapsNotRecorded` names what the timing system reported. */
export const REPORTED_LAP_MESSAGES = ['lapsAndBest', 'laps', 'best'] as const;
export type ReportedLapMessage = (typeof REPORTED_LAP_MESSAGES)[number];

export type LapTimesNote =
  /** Lap passings are stored: show them. */
  | { kind: 'passings' }
  /** Nothing about laps is known: "No lap times were recorded". */
  | { kind: 'none' }
  /** No passings, but the results row has a lap count and/or a best lap (ms): say exactly that. */
  | { kind: 'reported'; message: ReportedLapMessage; laps: number | null; bestLapMs: number | null };

/**
 * The note for a rider with `passings` lap passings stored and, on their results row, `laps`
 * laps and a best lap of `bestLapMs` ms (null when the source gives none; 0 laps count as none).
 */
export function lapTimesNote(passings: number, laps: number | null, bestLapMs: number | null): LapTimesNote {
  if (passings > 0) return { kind: 'passings' };
  const hasLaps = laps !== null && laps > 0;
  const hasBest = bestLapMs !== null && bestLapMs > 0;
  if (!hasLaps && !hasBest) return { kind: 'none' };
  const message: ReportedLapMessage = hasLaps && hasBest ? 'lapsAndBest' : hasLaps ? 'laps' : 'best';
  return { kind: 'reported', message, laps: hasLaps ? laps : null, bestLapMs: hasBest ? bestLapMs : null };
}
