/**
 * Host clubs (spec §3 Race: teams; the ECEA team championship rules: a host club's teams score 0
 * at its own event): how clubs are spelt in team names and how an event's host clubs are stored.
 * One place for the series engine (a team's club), the importer (`--host-club`), the desk's
 * contract and form. Zod-free, imports nothing from the server.
 */

/** The dash that ends a club in a team name: a space on either side (`DER - #1`, `CLUB- NAME`, `CLUB -NAME`; not `SAND-BLASTERS`). */
export const SPACED_DASH = /\s-|-\s/;

/** A host club as team names spell it: letters, digits and `& . ' -`, up to 20 characters (`CJCR`). */
export const HOST_CLUB_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}&.' -]{0,19}$/u;

/** At most this many host clubs for one event. */
export const HOST_CLUBS_MAX = 5;

/** True when `club` (trimmed) could be the club of a team name: the pattern, and no spaced dash. */
export function isHostClub(club: string): boolean {
  return HOST_CLUB_PATTERN.test(club) && !SPACED_DASH.test(club);
}

/** The host clubs of a list written with commas (`CJCR, SJER`), as stored in events.host_club; blanks dropped. */
export function hostClubsOf(column: string | null): string[] {
  return (column ?? '')
    .split(',')
    .map((club) => club.trim())
    .filter(Boolean);
}

/** The host clubs as the events table stores them (`CJCR, SJER`; null for none). */
export function hostClubsColumn(clubs: readonly string[]): string | null {
  return clubs.length ? clubs.join(', ') : null;
}
