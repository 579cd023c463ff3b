/**
 * Rider names as timing feeds and scoring offices write them, split for the participant
 * record (spec §3 Participant: first name, last name).
 */

/**
 * Splits "Jason Anderson " / "RYAN CANAVAN" / "DOUG ALLEN II" on the first space (spaces
 * collapsed, ends trimmed); a single word is the last name.
 */
export function splitName(full: string): { firstName: string; lastName: string } {
  const name = full.trim().replace(/\s+/g, ' ');
  const space = name.indexOf(' ');
  if (space < 0) return { firstName: '', lastName: name };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}
