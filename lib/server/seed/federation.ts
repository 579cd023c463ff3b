/**
 * The federation: the default organization (spec §1 "the federation behind the platform was
 * founded in 1971 and operates in the Quebec and Ontario area"; §3 Site parameters "default
 * organization", "default promoter user id") and its default promoter, which holds the real
 * results. Its office and about text match the content service's contact and about pages
 * (cms/seed/data.ts).
 */
import { eq } from 'drizzle-orm';
import type { Translations } from '../../contracts/translations';
import type { Db } from '../db';
import { organizations, promoters } from '../db/schema';

/**
 * The federation's name in English and its French and Spanish names (issue 25), as the content
 * service's site parameters spell them (cms/seed/data.ts `FEDERATION`, parameter `FederationName`).
 */
export const FEDERATION_NAMES: Translations = {
  fr: 'Fédération de course moto et quad hors route',
  es: 'Federación de Carreras de Motos y Cuatrimotos Todoterreno',
};

/** The English name the first seeds gave the federation (before it matched the content service's). */
export const FIRST_SEED_FEDERATION_NAME = 'Off-Road Motorcycle and Quad Racing Federation';

export const FEDERATION = {
  name: 'Federation of Off-Road Motorcycle and Quad Racing',
  names: FEDERATION_NAMES,
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
  descriptions: {
    fr: [
      'La Fédération de course moto et quad hors route (FMQR) a été fondée en 1971, quand six clubs de motocross du Québec et de l’Est ontarien se sont entendus sur un règlement commun et un seul championnat. Plus de cinquante saisons plus tard, elle est l’organisme de sanction du motocross, de l’enduro et des courses de quad au Québec et en Ontario.',
      'Ses clubs et promoteurs affiliés organisent les journées de course selon les règlements de la fédération, avec des officiels formés, un chronométrage électronique et un système de points commun : le championnat de motocross, la Coupe Northline d’enduro et la série de cross-country quad, des plus jeunes classes jeunesse jusqu’aux pros.',
      'La fédération délivre les licences annuelles et d’un événement des pilotes, qui comprennent une assurance accident, forme les officiels et publie le calendrier, les résultats et les classements de chaque événement sanctionné. C’est un organisme sans but lucratif dirigé par un conseil d’administration de bénévoles élus par les clubs.',
    ].join('\n\n'),
    es: [
      'La Federación de Carreras de Motos y Cuatrimotos Todoterreno (FMQR) se fundó en 1971, cuando seis clubes de motocross de Quebec y del este de Ontario acordaron un reglamento común y un único campeonato. Más de cincuenta temporadas después, es el organismo rector del motocross, el enduro y las carreras de cuatrimotos en Quebec y Ontario.',
      'Sus clubes y promotores afiliados organizan las jornadas de carreras según el reglamento de la federación, con oficiales formados, cronometraje electrónico y un sistema de puntos común: el campeonato de motocross, la Copa Northline de enduro y la serie de cross-country de cuatrimotos, desde las categorías juveniles más jóvenes hasta los profesionales.',
      'La federación expide las licencias anuales y de un evento de los pilotos, que incluyen un seguro de accidentes, forma a los oficiales y publica el calendario, los resultados y las clasificaciones de cada evento sancionado. Es una organización sin fines de lucro dirigida por una junta de voluntarios elegidos por los clubes.',
    ].join('\n\n'),
  } satisfies Translations,
};

/** Creates the federation and default promoter when missing; answers the promoter's user id. */
export async function ensureDefaultPromoter(db: Db, promoterUserId: number): Promise<number> {
  const [existing] = await db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, promoterUserId));
  if (existing) return promoterUserId;
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values(FEDERATION).returning({ id: organizations.id });
    await tx.insert(promoters).values({ userId: promoterUserId, organizationId: org.id, name: FEDERATION.name, names: FEDERATION.names, city: FEDERATION.city, state: FEDERATION.state });
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
    ...(empty(org.description) ? { description: FEDERATION_DETAILS.description, descriptions: FEDERATION_DETAILS.descriptions } : {}),
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
