/**
 * The public organizations the membership pages list (issue 26; spec §2 /membership/type,
 * /membership/classes, /membership/members): their ids and names by name, each read tagged with
 * the organization's tag (purchases and the desk revalidate it) and `events` (the organization
 * lists' tag). Shared by the cross-organization reads of this folder.
 */
import 'server-only';
import { asc } from 'drizzle-orm';
import type { Translations } from '../../contracts/translations';
import { getDb } from '../db';
import { organizations } from '../db/schema';
import { byName } from '../db/order';
import { tagRead, tags } from '../cache/tags';
import { organizationShown } from '../policy/visibility';

/** An organization as the membership pages name it. */
export interface OrganizationName {
  id: number;
  name: string;
  /** Its name in French and Spanish (issue 25; `namesIn` picks one). */
  names: Translations;
}

/** The public organizations by name (hidden ones, organizations.is_public false, left out). */
export async function listPublicOrganizationNames(): Promise<OrganizationName[]> {
  tagRead(tags.events);
  const rows = await getDb()
    .select({ id: organizations.id, name: organizations.name, names: organizations.names })
    .from(organizations)
    .where(organizationShown())
    .orderBy(byName(organizations.name), asc(organizations.id));
  for (const row of rows) tagRead(tags.organization(row.id));
  return rows;
}
