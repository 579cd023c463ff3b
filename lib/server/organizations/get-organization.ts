/**
 * One organization (sanctioning body) as visitors see it (spec §2 Organization pages:
 * about-us; §7 livelaps/organization/{id}): its details and its public clubs. A hidden
 * organization (organizations.is_public false) is treated as unknown.
 */
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { cache } from 'react';
import type { Translations } from '../../contracts/translations';
import { getDb } from '../db';
import { organizations, promoters } from '../db/schema';
import { byName } from '../db/order';
import { tagRead, tags } from '../cache/tags';
import { organizationShown, promoterShown } from '../policy/visibility';

/** A club (promoter) of the organization, addressed by its promoter user id. */
export interface ClubSummary {
  userId: number;
  name: string;
  /** Its name in French and Spanish (issue 25; `inLocale` picks one). */
  names: Translations;
  city: string | null;
  state: string | null;
}

export interface OrganizationDetails {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
  email: string | null;
  website: string | null;
  phone: string | null;
  /** Street address of the office. */
  address: string | null;
  postalCode: string | null;
  /** About text: plain paragraphs separated by blank lines. */
  description: string | null;
  /** Its name and about text in French and Spanish (issue 25; `inLocale` picks one). */
  names: Translations;
  descriptions: Translations;
  /** Its public clubs, by name. */
  clubs: ClubSummary[];
}

/** The public organization `id` with its public clubs, or null when unknown or hidden (deduplicated per request). */
export const getPublicOrganization = cache(async function getPublicOrganization(id: number): Promise<OrganizationDetails | null> {
  tagRead(tags.organization(id));
  const db = getDb();
  const [org] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      city: organizations.city,
      state: organizations.state,
      country: organizations.country,
      email: organizations.email,
      website: organizations.website,
      phone: organizations.phone,
      address: organizations.address,
      postalCode: organizations.postalCode,
      description: organizations.description,
      names: organizations.names,
      descriptions: organizations.descriptions,
    })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationShown()));
  if (!org) return null;
  const clubs = await db
    .select({ userId: promoters.userId, name: promoters.name, names: promoters.names, city: promoters.city, state: promoters.state })
    .from(promoters)
    .where(and(eq(promoters.organizationId, id), promoterShown()))
    .orderBy(byName(promoters.name), asc(promoters.id));
  return { ...org, clubs };
});

/**
 * Who a message to the organization goes to (spec §2 /organizations/{id?}/contact): the public
 * organization's name and email (null when it has none), or null when unknown or hidden. The
 * address comes from the database only, never from the visitor.
 */
export async function getOrganizationContact(id: number): Promise<{ id: number; name: string; email: string | null } | null> {
  const [row] = await getDb()
    .select({ id: organizations.id, name: organizations.name, email: organizations.email })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationShown()));
  return row ?? null;
}
