/**
 * An organization's membership types (spec §2 /organizations/{id?}/membership-type,
 * /membership/type/{id?}): name, description, price in cents (CAD), age limits and validity
 * (a season, to 31 December, or one event), whether it is a family type (issue 26), in sort order.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { membershipTypes } from '../db/schema';
import type { Translations } from '../../contracts/translations';
import { tagRead, tags } from '../cache/tags';

export interface MembershipTypeRow {
  id: number;
  name: string;
  description: string | null;
  /** Its name and description in French and Spanish (issue 25; `inLocale` picks one). */
  names: Translations;
  descriptions: Translations;
  /** Price in cents (CAD). */
  priceCents: number;
  /** Age limits in years, inclusive; null = none. */
  minAge: number | null;
  maxAge: number | null;
  /** `season` (to 31 December) or `event` (one day); other values are shown as a season. */
  validity: 'season' | 'event';
  /** A family type (issue 26): the guardian and each of their minors become members, one price. */
  family: boolean;
}

/** The membership types of organization `id`, in sort order. */
export async function listMembershipTypes(id: number): Promise<MembershipTypeRow[]> {
  tagRead(tags.organization(id));
  const rows = await getDb()
    .select({
      id: membershipTypes.id,
      name: membershipTypes.name,
      description: membershipTypes.description,
      names: membershipTypes.names,
      descriptions: membershipTypes.descriptions,
      priceCents: membershipTypes.priceCents,
      minAge: membershipTypes.minAge,
      maxAge: membershipTypes.maxAge,
      validity: membershipTypes.validity,
      family: membershipTypes.family,
    })
    .from(membershipTypes)
    .where(eq(membershipTypes.organizationId, id))
    .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.name), asc(membershipTypes.id));
  return rows.map((r) => ({ ...r, validity: r.validity === 'event' ? 'event' : 'season' }));
}
