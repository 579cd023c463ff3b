/**
 * Confirming competition licences (issue 29 "A licence or member number counts for matching only
 * when the federation issued it or an official confirmed it"): a number a rider typed in their
 * profile (`participants.licence`) matches them across events (series standings, the rider page,
 * claims: lib/server/series/riders.ts `matchingLicence`) only once an official or a federation
 * admin saw the card and confirmed it. Member numbers are the federation's own (memberships) and
 * always count.
 *
 * - `licencesToConfirm`: the racer records with a typed licence, those not confirmed first (name,
 *   hometown, the licence as typed, when and whether confirmed), filtered by name or number;
 * - `confirmLicence`: confirms the record's licence as it is now — the official sends the number
 *   they read (`licence`), and a record whose number changed since (`licence_changed`, 409) is
 *   not confirmed; confirming twice changes nothing (`duplicate`). The series holding the rider's
 *   results are revalidated (their standings may now join records).
 * Officials and admins only (policy `licences.confirm`); anyone else `not_found` (a login first).
 */
import 'server-only';
import { and, asc, isNotNull, or, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { participants } from '../db/schema';
import type { Viewer } from '../policy';
import { normaliseLicence } from '../series/riders';
import { assertMayConfirm, type LicenceRow } from './licence-context';

/** At most this many rows a list answers. */
export const LICENCE_LIST_MAX = 200;

/**
 * The racer records with a typed licence (see the module's docstring), unconfirmed first, then by
 * name; `q` (optional) keeps those whose name or number contains it (case and separators aside).
 * @throws AppError `unauthenticated`; `not_found` for anyone but an official or an admin.
 */
export async function licencesToConfirm(viewer: Viewer, options: { q?: string | null } = {}): Promise<LicenceRow[]> {
  assertMayConfirm(viewer);
  // Control characters (NUL among them) name nobody, and PostgreSQL refuses NUL in text.
  const q = (options.q ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 60);
  const folded = normaliseLicence(q);
  const rows = await getDb()
    .select({
      participantId: participants.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      city: participants.city,
      state: participants.state,
      licence: participants.licence,
      confirmedAt: participants.licenceConfirmedAt,
    })
    .from(participants)
    .where(
      and(
        isNotNull(participants.licence),
        sql`btrim(${participants.licence}) <> ''`,
        q
          ? or(
              sql`(${participants.firstName} || ' ' || ${participants.lastName}) ilike ${`%${q.replace(/[%_\\]/g, '\\$&')}%`}`,
              folded ? sql`upper(regexp_replace(${participants.licence}, '[^0-9A-Za-z]', '', 'g')) like ${`%${folded}%`}` : undefined,
            )
          : undefined,
      ),
    )
    .orderBy(sql`${participants.licenceConfirmedAt} is not null`, asc(participants.lastName), asc(participants.firstName), asc(participants.id))
    .limit(LICENCE_LIST_MAX);
  return rows.map((r) => ({ ...r, licence: r.licence!, confirmedAt: r.confirmedAt?.toISOString() ?? null }));
}

