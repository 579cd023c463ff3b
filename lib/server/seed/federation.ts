/**
 * The federation: the default organization (spec §1 "the federation behind the platform was
 * founded in 1971 and operates in the Quebec and Ontario area"; §3 Site parameters "default
 * organization", "default promoter user id") and its default promoter, which holds the real
 * results. Its office and about text match the content service's contact and about pages
 * (cms/seed/data.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { organizations, promoters } from '../db/schema';

export const FEDERATION = {
  name: 'Off-Road Motorcycle and Quad Racing Federation',
  city: 'Saint-Jérôme',
  state: 'QC',
  country: 'CA',
};

/** The city the first seeds gave the federation, before its office address was known. */
const FIRST_SEED_CITY = 'Trois-Rivières';

/** The federation's office and about text (plain paragraphs separated by blank lines). */
export const FEDERATION_DETAILS = {
  address: '1505, rue des Pionniers',
  postalCode: 'J7Y 3K9',
  phone: '450 555-0171',
  email: 'info@fmqr.ca',
  website: 'https://fmqr.ca',
  description: [
    'The Federation of Off-Road Motorcycle and Quad Racing (FMQR) was founded in 1971, when six motocross clubs from Quebec and Eastern Ontario agreed on a common rulebook and a single championship. More than fifty seasons later, it is the sanctioning body for motocross, enduro and quad racing in Quebec and Ontario.',
    'Its affiliated clubs and promoters run the race days under the federation’s rules, with trained officials, electronic timing and a common points system: the motocross championship, the Northline Enduro Cup and the quad cross-country series, from the youngest youth classes to the pros.',
    'The federation issues the riders’ annual and one-event licences, which include accident insurance, trains the officials and publishes the calendar, the results and the standings of every sanctioned event. It is a not-for-profit organization run by a board of volunteers elected by the clubs.',
  ].join('\n\n'),
};

/** Creates the federation and default promoter when missing; answers the promoter's user id. */
export async function ensureDefaultPromoter(db: Db, promoterUserId: number): Promise<number> {
  const [existing] = await db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, promoterUserId));
  if (existing) return promoterUserId;
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values(FEDERATION).returning({ id: organizations.id });
    await tx.insert(promoters).values({ userId: promoterUserId, organizationId: org.id, name: FEDERATION.name, city: FEDERATION.city, state: FEDERATION.state });
  });
  return promoterUserId;
}

/**
 * Fills the federation's office (address, postal code, phone, email, website) and about text
 * where they are empty, and the same contact details on its default promoter; an office filled
 * here also moves a city left by the first seeds (Trois-Rivières) to the office's city. Fields
 * an administrator has set are never touched, so a second start changes nothing.
 * @returns the federation's organization id, or null when the default promoter has none.
 */
export async function completeFederation(db: Db, promoterUserId: number): Promise<number | null> {
  const [promoter] = await db.select().from(promoters).where(eq(promoters.userId, promoterUserId));
  if (!promoter?.organizationId) return null;
  const orgId = promoter.organizationId;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  const empty = (v: string | null) => v === null || v.trim() === '';
  const fillOffice = empty(org.address);
  const moveCity = fillOffice && (empty(org.city) || org.city === FIRST_SEED_CITY);
  const orgPatch = {
    ...(fillOffice ? { address: FEDERATION_DETAILS.address } : {}),
    ...(moveCity ? { city: FEDERATION.city, state: FEDERATION.state } : {}),
    ...(empty(org.postalCode) ? { postalCode: FEDERATION_DETAILS.postalCode } : {}),
    ...(empty(org.phone) ? { phone: FEDERATION_DETAILS.phone } : {}),
    ...(empty(org.email) ? { email: FEDERATION_DETAILS.email } : {}),
    ...(empty(org.website) ? { website: FEDERATION_DETAILS.website } : {}),
    ...(empty(org.description) ? { description: FEDERATION_DETAILS.description } : {}),
    ...(empty(org.country) ? { country: FEDERATION.country } : {}),
  };
  if (Object.keys(orgPatch).length) await db.update(organizations).set(orgPatch).where(eq(organizations.id, orgId));

  const promoterPatch = {
    ...(moveCity && (empty(promoter.city) || promoter.city === FIRST_SEED_CITY) ? { city: FEDERATION.city, state: FEDERATION.state } : {}),
    ...(empty(promoter.phone) ? { phone: FEDERATION_DETAILS.phone } : {}),
    ...(empty(promoter.email) ? { email: FEDERATION_DETAILS.email } : {}),
    ...(empty(promoter.website) ? { website: FEDERATION_DETAILS.website } : {}),
  };
  if (Object.keys(promoterPatch).length) {
    await db.update(promoters).set(promoterPatch).where(eq(promoters.id, promoter.id));
  }
  return orgId;
}
