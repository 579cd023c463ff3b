/**
 * The texts of a club (promoter), an organization and a membership type on the promoter's desk
 * (issue 25 "French and Spanish data: descriptions of events, classes, clubs, organizations and
 * membership types per language (the desk edits them; English fallback)"): the about text or
 * description in English, French and Spanish, and the name in French and Spanish. The English
 * name is the record's own (shown read-only on the desk). One schema per kind of record, shared
 * by the desk's form, the API (PUT /ll/api/v1/desk/texts/…) and the domain. Imports nothing from
 * the server.
 *
 * Every field is optional: blank or absent is null (no translation: the pages show the English
 * text). Issue codes as in ./desk.ts: `invalid_<field>` when a field is not text, too long or
 * holds control characters (`invalid_name_fr`, `invalid_description_es` …).
 */
import { z } from 'zod';
import { optionalText } from './desk';

/** Lengths the desk accepts: names, a club's or an organization's about text, a membership type's description. */
export const TEXT_LIMITS = { name: 120, about: 5000, membershipType: 1000 } as const;

const textsInput = (descriptionMax: number) =>
  z.object({
    /** The name in French and Spanish; null: the English name is shown. */
    nameFr: optionalText('name_fr', TEXT_LIMITS.name),
    nameEs: optionalText('name_es', TEXT_LIMITS.name),
    /** The about text (plain paragraphs separated by blank lines) in English. */
    description: optionalText('description', descriptionMax),
    /** The same in French and Spanish; null: the English one is shown. */
    descriptionFr: optionalText('description_fr', descriptionMax),
    descriptionEs: optionalText('description_es', descriptionMax),
  });

/** A club's (promoter's) or an organization's texts: about text up to `TEXT_LIMITS.about` characters. */
export const deskAboutTextsInput = textsInput(TEXT_LIMITS.about);
export type DeskAboutTextsInput = z.infer<typeof deskAboutTextsInput>;

/** A membership type's texts: description up to `TEXT_LIMITS.membershipType` characters. */
export const deskMembershipTypeTextsInput = textsInput(TEXT_LIMITS.membershipType);
export type DeskMembershipTypeTextsInput = z.infer<typeof deskMembershipTypeTextsInput>;

/** The texts of any of the three (same fields; only the description's length differs). */
export type DeskTextsInput = DeskAboutTextsInput;

/** One record's texts as the desk shows them: its English name (read-only) and the editable fields. */
export interface DeskTextsRow extends DeskTextsInput {
  id: number;
  /** The English name (the record's own; not edited here). */
  name: string;
}

/** What GET /desk/texts answers and the desk page shows. */
export interface DeskTexts {
  /** The clubs (promoters) the login works for, by name; `userId` addresses its public page. */
  clubs: (DeskTextsRow & { userId: number })[];
  /** The organizations whose texts the login may edit (policy `classes.edit`), with their membership types in order. */
  organizations: (DeskTextsRow & { membershipTypes: DeskTextsRow[] })[];
}
