/**
 * The race clock as the live pages show it (spec §1 live laps; RMonitor `$F`): which flag chip
 * to draw, the time or laps to go. Plain functions shared by the live board (client) and the
 * list of sessions (server).
 */
import type { RaceClock } from '@/lib/contracts/results';

/** The flags a chip is drawn for; `other` shows the timing system's own word. */
export const FLAG_KINDS = ['green', 'yellow', 'red', 'white', 'finish', 'none', 'other'] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

/** The kind of a flag as the timing system spells it ("Green ", "Finish", "checkered", "      "…). */
export function flagKind(flag: string | null | undefined): FlagKind {
  const word = (flag ?? '').trim().toLowerCase();
  if (!word) return 'none';
  if (word === 'green' || word === 'yellow' || word === 'red' || word === 'white') return word;
  if (word === 'finish' || word === 'checkered' || word === 'chequered' || word === 'checkered flag') return 'finish';
  return 'other';
}

/** ms → "59:59" or "1:02:03" (whole seconds, rounded down). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** What is left of the session: laps to go when the timing system counts laps (below 9999), else time to go; null when neither. */
export function toGo(clock: RaceClock | null): { laps: number } | { time: string } | null {
  if (!clock) return null;
  if (clock.lapsToGo !== null && clock.lapsToGo > 0 && clock.lapsToGo < 9999) return { laps: clock.lapsToGo };
  if (clock.timeToGoMs !== null && clock.timeToGoMs > 0) return { time: formatClock(clock.timeToGoMs) };
  return null;
}
