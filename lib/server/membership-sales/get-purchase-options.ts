/**
 * What the buyer chooses from when buying a membership (issue 26 "A verified participant buys a
 * membership for themself or, as guardian, for their minor: type, class, review, pay"; spec §1
 * register for memberships): the people they may buy for (their own racer record and each minor
 * they are guardian of, with the age each will have on the membership's first day), every public
 * organization's membership types, the classes of the chosen type's organization, the province
 * for the sales tax (their profile's, when it names one), and how they may pay (the office always;
 * a card when Stripe is configured). Personal: read per request, never cached.
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Translations } from '../../contracts/translations';
import { PROVINCES, type Province } from '../checkout/tax';
import { getDb } from '../db';
import { classes, membershipTypes, organizations, participantProfiles } from '../db/schema';
import { paymentProvider } from '../payments';

/** A person the buyer may buy for. */
export interface BuyablePerson {
  participantId: number;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthday: string | null;
  /** The buyer themself (false: one of their minors). */
  self: boolean;
}

/** A membership type on sale. */
export interface TypeOption {
  id: number;
  organizationId: number;
  organizationName: string;
  organizationNames: Translations;
  name: string;
  names: Translations;
  description: string | null;
  descriptions: Translations;
  priceCents: number;
  minAge: number | null;
  maxAge: number | null;
  validity: 'season' | 'event';
  family: boolean;
}

/** A class the member may choose. */
export interface ClassOption {
  id: number;
  name: string;
  description: string | null;
  descriptions: Translations;
  minAge: number | null;
  maxAge: number | null;
}

export interface PurchaseOptions {
  people: BuyablePerson[];
  types: TypeOption[];
  /** The classes of `typeId`'s organization (empty without a chosen type). */
  classes: ClassOption[];
  /** The buyer's province when their profile names one ('QC'), else null (the form asks). */
  province: Province | null;
  /** The ways to pay this site offers. */
  providers: ('office' | 'stripe')[];
}

/** A province code from a profile's free-text state ("QC", "qc", "Québec", "Quebec"), else null. */
export function provinceOf(state: string | null | undefined): Province | null {
  const text = (state ?? '').trim().toUpperCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if ((PROVINCES as readonly string[]).includes(text)) return text as Province;
  const names: Record<string, Province> = {
    QUEBEC: 'QC', ONTARIO: 'ON', 'BRITISH COLUMBIA': 'BC', 'COLOMBIE-BRITANNIQUE': 'BC', ALBERTA: 'AB', MANITOBA: 'MB', SASKATCHEWAN: 'SK',
    'NEW BRUNSWICK': 'NB', 'NOUVEAU-BRUNSWICK': 'NB', 'NOVA SCOTIA': 'NS', 'NOUVELLE-ECOSSE': 'NS', 'PRINCE EDWARD ISLAND': 'PE', 'ILE-DU-PRINCE-EDOUARD': 'PE',
    'NEWFOUNDLAND AND LABRADOR': 'NL', 'TERRE-NEUVE-ET-LABRADOR': 'NL', YUKON: 'YT', 'NORTHWEST TERRITORIES': 'NT', 'TERRITOIRES DU NORD-OUEST': 'NT', NUNAVUT: 'NU',
  };
  return names[text] ?? null;
}

/** The purchase options of login `userId`, with the classes of type `typeId`'s organization when given. */
export async function getPurchaseOptions(userId: string, typeId?: number | null): Promise<PurchaseOptions> {
  const db = getDb();
  const guardian = alias(participantProfiles, 'guardian');
  const [people, types] = await Promise.all([
    db
      .select({
        participantId: participantProfiles.participantId,
        firstName: participantProfiles.firstName,
        lastName: participantProfiles.lastName,
        birthday: participantProfiles.birthday,
        state: participantProfiles.state,
        self: sql<boolean>`coalesce(${participantProfiles.userId} = ${userId}, false)`,
      })
      .from(participantProfiles)
      .leftJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
      .where(sql`(${participantProfiles.userId} = ${userId} or ${guardian.userId} = ${userId})`)
      .orderBy(sql`coalesce(${participantProfiles.userId} = ${userId}, false) desc`, asc(participantProfiles.id)),
    db
      .select({
        id: membershipTypes.id,
        organizationId: membershipTypes.organizationId,
        organizationName: organizations.name,
        organizationNames: organizations.names,
        name: membershipTypes.name,
        names: membershipTypes.names,
        description: membershipTypes.description,
        descriptions: membershipTypes.descriptions,
        priceCents: membershipTypes.priceCents,
        minAge: membershipTypes.minAge,
        maxAge: membershipTypes.maxAge,
        validity: membershipTypes.validity,
        family: membershipTypes.family,
      })
      .from(membershipTypes)
      .innerJoin(organizations, eq(organizations.id, membershipTypes.organizationId))
      .where(eq(organizations.isPublic, true))
      .orderBy(asc(organizations.name), asc(membershipTypes.sortOrder), asc(membershipTypes.name)),
  ]);
  const chosen = types.find((t) => t.id === typeId);
  const classRows = chosen
    ? await db
        .select({ id: classes.id, name: classes.name, description: classes.description, descriptions: classes.descriptions, minAge: classes.minAge, maxAge: classes.maxAge })
        .from(classes)
        .where(and(eq(classes.organizationId, chosen.organizationId)))
        .orderBy(asc(classes.sortOrder), asc(classes.name))
    : [];
  const me = people.find((p) => p.self);
  return {
    people: people.filter((p) => p.participantId !== null).map((p) => ({ participantId: p.participantId!, firstName: p.firstName, lastName: p.lastName, birthday: p.birthday, self: p.self })),
    types: types.map((t) => ({ ...t, validity: t.validity === 'event' ? 'event' : 'season' })),
    classes: classRows,
    province: provinceOf(me?.state),
    providers: paymentProvider().name === 'stripe' ? ['stripe', 'office'] : ['office'],
  };
}
