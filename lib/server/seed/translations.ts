/**
 * French and Spanish data for databases seeded before the data had them (issue 25 "French and
 * Spanish data … English fallback"): the federation's name as the content service spells it
 * (cms/seed/data.ts `FEDERATION`) in English, French and Spanish, its about text, and the
 * translations of the sample organization, clubs, classes, membership types and events
 * (sample-data.ts). A row receives the seed's translations only while its English text is still
 * the seed's and it has no translations of its own, so an administrator's texts are never
 * overwritten; a fresh database already has them from the first seed (federation.ts, sample.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Translations } from '../../contracts/translations';
import type { Db } from '../db';
import { classes, events, membershipTypes, organizations, promoters } from '../db/schema';
import { FEDERATION, FEDERATION_DETAILS, FIRST_SEED_FEDERATION_NAME } from './federation';
import { CLASS_GROUPS, CLUBS, EVENTS, MEMBERSHIP_TYPES, SECOND_ORGANIZATION } from './sample-data';

/** One English text of the seed with its French and Spanish. */
export interface SeedTranslation {
  en: string;
  translations: Translations;
}

/**
 * Every English text the seed writes with a translation (names and descriptions of the
 * federation, the sample organization, clubs, classes, membership types and events): what a
 * French or Spanish page must not show in English (e2e/language-walk.spec.ts).
 */
export function seededTranslations(): SeedTranslation[] {
  const all: SeedTranslation[] = [
    { en: FEDERATION.name, translations: FEDERATION.names },
    { en: FEDERATION_DETAILS.description, translations: FEDERATION_DETAILS.descriptions },
    { en: SECOND_ORGANIZATION.name, translations: SECOND_ORGANIZATION.names },
    { en: SECOND_ORGANIZATION.description, translations: SECOND_ORGANIZATION.descriptions },
    ...CLUBS.map((c) => ({ en: c.description, translations: c.descriptions })),
    ...CLASS_GROUPS.flatMap((g) => g.classes.map((c) => ({ en: c.description, translations: c.descriptions }))),
    ...MEMBERSHIP_TYPES.flatMap((t) => [
      { en: t.name, translations: t.names },
      { en: t.description, translations: t.descriptions },
    ]),
    ...EVENTS.map((e) => ({ en: e.description, translations: e.descriptions })),
  ];
  return all.filter((t) => t.translations.fr || t.translations.es);
}

/** `column = '{}'` (no translations yet). */
const untranslated = (column: AnyPgColumn): SQL => sql`${column} = '{}'::jsonb`;

/** Sets `target` to `value` on the rows of `table` where `english` still holds `en` and `target` is empty; answers the rows changed. */
async function fill(db: Db, table: PgTable, english: AnyPgColumn, target: AnyPgColumn, en: string, value: Translations, extra?: SQL): Promise<number> {
  const rows = await db
    .update(table)
    .set({ [target.name === 'names' ? 'names' : 'descriptions']: value } as never)
    .where(and(eq(english, en), untranslated(target), extra))
    .returning({ one: sql<number>`1` });
  return rows.length;
}

/**
 * Renames the federation and its default promoter from the first seeds' English name to the
 * content service's, and gives the seeded rows of an earlier seed their French and Spanish
 * texts (see the file's docstring). Run once per database (seed_state `translations`).
 * @returns the number of rows changed.
 */
export async function translateSeededData(db: Db, promoterUserId: number): Promise<number> {
  let changed = 0;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [promoter] = await t.select({ id: promoters.id, organizationId: promoters.organizationId }).from(promoters).where(eq(promoters.userId, promoterUserId));
    if (promoter?.organizationId) {
      const orgId = promoter.organizationId;
      changed += (
        await t
          .update(organizations)
          .set({ name: FEDERATION.name })
          .where(and(eq(organizations.id, orgId), eq(organizations.name, FIRST_SEED_FEDERATION_NAME)))
          .returning({ id: organizations.id })
      ).length;
      changed += (
        await t
          .update(promoters)
          .set({ name: FEDERATION.name })
          .where(and(eq(promoters.id, promoter.id), eq(promoters.name, FIRST_SEED_FEDERATION_NAME)))
          .returning({ id: promoters.id })
      ).length;
      changed += await fill(t, organizations, organizations.name, organizations.names, FEDERATION.name, FEDERATION.names, eq(organizations.id, orgId));
      changed += await fill(t, promoters, promoters.name, promoters.names, FEDERATION.name, FEDERATION.names, eq(promoters.id, promoter.id));
      changed += await fill(t, organizations, organizations.description, organizations.descriptions, FEDERATION_DETAILS.description, FEDERATION_DETAILS.descriptions, eq(organizations.id, orgId));
    }
    const sample = (column: AnyPgColumn) => eq(column, true);
    changed += await fill(t, organizations, organizations.name, organizations.names, SECOND_ORGANIZATION.name, SECOND_ORGANIZATION.names, sample(organizations.isSample));
    changed += await fill(t, organizations, organizations.description, organizations.descriptions, SECOND_ORGANIZATION.description, SECOND_ORGANIZATION.descriptions, sample(organizations.isSample));
    for (const club of CLUBS) {
      changed += await fill(t, promoters, promoters.description, promoters.descriptions, club.description, club.descriptions, eq(promoters.userId, club.userId));
    }
    // Classes are shared with the real results (is_sample false there): matched by their text.
    for (const cls of CLASS_GROUPS.flatMap((g) => g.classes)) {
      changed += await fill(t, classes, classes.description, classes.descriptions, cls.description, cls.descriptions, eq(classes.name, cls.name));
    }
    for (const type of MEMBERSHIP_TYPES) {
      changed += await fill(t, membershipTypes, membershipTypes.name, membershipTypes.names, type.name, type.names, sample(membershipTypes.isSample));
      changed += await fill(t, membershipTypes, membershipTypes.description, membershipTypes.descriptions, type.description, type.descriptions, sample(membershipTypes.isSample));
    }
    for (const event of EVENTS) {
      changed += await fill(t, events, events.description, events.descriptions, event.description, event.descriptions, sample(events.isSample));
    }
    return changed;
  });
}
