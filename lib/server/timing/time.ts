/**
 * Time helpers shared by the timing-file importers (RMonitor, ECEA, AMA). All durations are
 * integer milliseconds.
 */

/** Values timing systems use for "no time": empty, `--.---`, `--:--.---` and the like. */
const NO_TIME = /^-{1,2}(?::-{2})*(?:\.-{1,3})?$/;

/**
 * Parses a duration into milliseconds.
 *
 * Accepts `HH:MM:SS.sss`, `H:MM:SS`, `M:SS.sss`, `MM:SS` and `SS.sss` (1–3 fraction
 * digits; the leading part may exceed 59, later parts may not). Returns null for
 * "no time" (`''`, `--.---`, `--:--.---`).
 *
 * @throws Error with a readable message for anything else, so callers can wrap it into
 *   an `ImportError` naming the line and field.
 */
export function parseTimeMs(s: string): number | null {
  const text = s.trim();
  if (text === '' || NO_TIME.test(text)) return null;
  const parts = text.split(':');
  if (parts.length > 3) throw new Error(`not a time: "${s}"`);
  const last = parts[parts.length - 1];
  const secMatch = /^(\d+)(?:\.(\d{1,3}))?$/.exec(last);
  if (!secMatch) throw new Error(`not a time: "${s}"`);
  const seconds = Number(secMatch[1]);
  const millis = secMatch[2] ? Number(secMatch[2].padEnd(3, '0')) : 0;
  const leading = parts.slice(0, -1);
  if (leading.length > 0 && (secMatch[1].length > 2 || seconds > 59)) {
    throw new Error(`seconds out of range in "${s}"`);
  }
  let total = seconds * 1000 + millis;
  let factor = 60_000;
  for (let i = leading.length - 1; i >= 0; i--) {
    const part = leading[i];
    if (!/^\d+$/.test(part)) throw new Error(`not a time: "${s}"`);
    const value = Number(part);
    // Minutes must stay below 60 when hours precede them.
    if (i > 0 && (part.length > 2 || value > 59)) throw new Error(`minutes out of range in "${s}"`);
    total += value * factor;
    factor *= 60;
  }
  return total;
}

/** The site's time display (`m:ss.sss`), defined once in lib/format. */
export { formatTimeMs } from '../../format';

/** Miles to kilometres, rounded to metres. */
export function milesToKm(miles: number): number {
  return Math.round(miles * 1609.344) / 1000;
}
