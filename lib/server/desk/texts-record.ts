/**
 * What the desk's text savers share (issue 25 "French and Spanish data … (the desk edits them;
 * English fallback)"; ./save-club-texts.ts, ./save-organization-texts.ts,
 * ./save-membership-type-texts.ts): the columns a `DeskTextsInput` writes, and the write itself
 * with its audit record in one transaction (nothing recorded when nothing changed), then the
 * tags of the public pages showing the record revalidated on every instance.
 */
import 'server-only';
import type { DeskTextsInput } from '../../contracts/desk-texts';
import { translationsOf, type Translations } from '../../contracts/translations';
import { revalidateTags } from '../cache';
import { getDb, type Tx } from '../db';
import { deskAudit } from '../db/schema';

/** The columns a record's texts are stored in: the English description and the `{fr?, es?}` jsonb of names and descriptions. */
export interface TextsColumns {
  description: string | null;
  names: Translations;
  descriptions: Translations;
}

/** `input` as the columns it writes (blank translations left out: the page then shows the English text). */
export function textsColumns(input: DeskTextsInput): TextsColumns {
  return { description: input.description, names: translationsOf(input.nameFr, input.nameEs), descriptions: translationsOf(input.descriptionFr, input.descriptionEs) };
}

/** A record's texts as the audit log keeps them (its English name names the record in the log). */
export type TextsRecord = DeskTextsInput & { name: string };

/** A row's stored texts (English columns and `{fr?, es?}` jsonb) as the desk's flat fields. */
export function textsRecord(row: { name: string; description: string | null; names: Translations | null; descriptions: Translations | null }): TextsRecord {
  return {
    name: row.name,
    nameFr: row.names?.fr ?? null,
    nameEs: row.names?.es ?? null,
    description: row.description,
    descriptionFr: row.descriptions?.fr ?? null,
    descriptionEs: row.descriptions?.es ?? null,
  };
}

/** One text save: who, which record (and the promoter its audit row is filed under), how to read it locked, how to write it, what to revalidate after. */
export interface TextsSave {
  userId: string;
  promoterId: number;
  entity: 'promoter' | 'organization' | 'membership_type';
  entityId: number;
  /** The stored record, its row locked (`for update`); null when gone. */
  read: (tx: Tx) => Promise<TextsRecord | null>;
  write: (tx: Tx) => Promise<unknown>;
  /** The tags of the public pages showing the record (computed after the commit). */
  tags: () => Promise<string[]>;
}

/**
 * Runs `save` (see `TextsSave`): true when something changed (then audited and revalidated);
 * false when nothing did or the record is gone (the callers check it exists first).
 */
export async function saveTexts(save: TextsSave): Promise<boolean> {
  const changed = await getDb().transaction(async (tx) => {
    const before = await save.read(tx);
    if (!before) return false;
    await save.write(tx);
    const after = await save.read(tx);
    if (!after || JSON.stringify(before) === JSON.stringify(after)) return false;
    await tx.insert(deskAudit).values({ userId: save.userId, promoterId: save.promoterId, eventId: null, entity: save.entity, entityId: save.entityId, action: 'update', before, after });
    return true;
  });
  if (changed) {
    try {
      await revalidateTags(await save.tags());
    } catch (err) {
      console.error(`[cache] revalidating ${save.entity} ${save.entityId} failed:`, err instanceof Error ? err.message : err);
    }
  }
  return changed;
}
