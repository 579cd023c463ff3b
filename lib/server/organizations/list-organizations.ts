/**
 * The organizations list (spec §2 "Organizations list", /organizations): every public
 * organization by name, with its city and its number of public clubs.
 */
import 'server-only';
import { and, asc, count, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { organizations, promoters } from '../db/schema';
import { byName } from '../db/order';
import type { Translations } from '../../contracts/translations';
import { tagRead, tags } from '../cache/tags';
import { organizationShown, promoterShown } from '../policy/visibility';

export interface OrganizationCard {
  id: number;
  name: string;
  /** Its name in French and Spanish (issue 25; `inLocale` picks one). */
  names: Translations;
  city: string | null;
  state: string | null;
  /** Public clubs (promoters) of the organization. */
  clubCount: number;
}

/** The public organizations, by name. */
export async function listOrganizations(): Promise<OrganizationCard[]> {
  tagRead(tags.events);
  return getDb()
    .select({ id: organizations.id, name: organizations.name, names: organizations.names, city: organizations.city, state: organizations.state, clubCount: count(promoters.id) })
    .from(organizations)
    .leftJoin(promoters, and(eq(promoters.organizationId, organizations.id), promoterShown()))
    .where(organizationShown())
    .groupBy(organizations.id)
    .orderBy(byName(organizations.name), asc(organizations.id));
}
