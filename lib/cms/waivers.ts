/**
 * The waiver texts and retention settings in the CMS (issue 27 "The waiver text is CMS content per
 * event type and language, versioned"; "kept as long as the federation's retention setting says"):
 *
 * - `getCmsWaiverText(kind, locale, discipline?)`: the collection type `waivers`
 *   (cms/src/api/waiver: `Kind` `entry` | `spectator`, optional `Discipline` (one of
 *   EVENT_DISCIPLINES: the text of that kind of event), `Title`, `Body` in Markdown; localized en,
 *   fr-CA, es). Picks, in order: that kind and discipline in the page's language, then in English;
 *   then the kind's entry without a discipline in the page's language, then in English. Answers
 *   null when the CMS has none or cannot be reached (the caller then uses the messages' built-in
 *   text). One fetch per language (every discipline of the kind), tag `cms:waivers`.
 * - `getWaiverSettings()`: the site parameters `WaiverRetentionYears` (default 7) and
 *   `WaiverLimitationYears` (default 3), whole years 1 … 100 (anything else: the default), and
 *   `WaiverMinorSignature` (`true` / `false`, absent or anything else: false): whether a minor signs
 *   their waiver beside their guardian (issue 27 "and by the minor too when the federation's
 *   setting says so"). `getWaiverRetention()` is its retention part. Tag `cms:parameters`.
 */
import 'server-only';
import { z } from 'zod';
import type { EventDiscipline } from '../contracts/events';
import type { WaiverKind } from '../contracts/waivers';
import { contentLocale, DEFAULT_LOCALE, type Locale } from '../i18n/routing';
import { cmsGet } from './client';
import { parseEntries } from './parse';
import { DEFAULT_WAIVER_LIMITATION_YEARS, DEFAULT_WAIVER_RETENTION_YEARS } from '../server/waivers/keep-until';
import { parameterSchema } from './schemas';

/** The tag of the waiver texts' fetches. */
export const WAIVER_TEXTS_TAG = 'cms:waivers';

export const waiverEntrySchema = z.object({
  Kind: z.string(),
  Discipline: z
    .string()
    .nullish()
    .transform((v) => v || null),
  Title: z.string().trim().min(1),
  Body: z.string().trim().min(1),
});
type WaiverEntry = z.infer<typeof waiverEntrySchema>;

/** A waiver text as the CMS holds it, the language it was found in and the discipline it is for (null: the kind's general text). */
export interface CmsWaiverText {
  locale: Locale;
  title: string;
  body: string;
  discipline: EventDiscipline | null;
}

/** The entries of `kind` in `locale` (every discipline), or [] when none or the CMS is down. */
async function entriesIn(kind: WaiverKind, locale: Locale): Promise<WaiverEntry[]> {
  const data = await cmsGet(`/api/waivers?filters[Kind][$eq]=${encodeURIComponent(kind)}&pagination[pageSize]=50&locale=${contentLocale(locale)}`, [WAIVER_TEXTS_TAG]);
  return (parseEntries('waiver', waiverEntrySchema, data) ?? []).filter((e) => e.Kind === kind);
}

/** The entry of `discipline` (null: the one without a discipline) among `entries`, as a text in `locale`. */
function pick(entries: WaiverEntry[], discipline: EventDiscipline | null, locale: Locale): CmsWaiverText | null {
  const found = entries.find((e) => (e.Discipline ?? null) === discipline);
  return found ? { locale, title: found.Title, body: found.Body, discipline } : null;
}

/**
 * The CMS's waiver text of `kind` for `discipline` (null or absent: the general one) in `locale`,
 * with the fallbacks of the module's docstring; null when it has none.
 */
export async function getCmsWaiverText(kind: WaiverKind, locale: Locale, discipline: EventDiscipline | null = null): Promise<CmsWaiverText | null> {
  const here = await entriesIn(kind, locale);
  const english = locale === DEFAULT_LOCALE ? here : null;
  const inEnglish = async () => english ?? (await entriesIn(kind, DEFAULT_LOCALE));
  if (discipline) {
    const own = pick(here, discipline, locale) ?? pick(await inEnglish(), discipline, DEFAULT_LOCALE);
    if (own) return own;
  }
  return pick(here, null, locale) ?? (locale === DEFAULT_LOCALE ? null : pick(await inEnglish(), null, DEFAULT_LOCALE));
}

/** Retention of waivers, in whole years. */
export interface WaiverRetention {
  retentionYears: number;
  limitationYears: number;
}

export const DEFAULT_WAIVER_RETENTION: WaiverRetention = { retentionYears: DEFAULT_WAIVER_RETENTION_YEARS, limitationYears: DEFAULT_WAIVER_LIMITATION_YEARS };

const years = z.coerce.number().int().min(1).max(100);

/** The retention parameters of `entries` (see the module's docstring). */
export function waiverRetentionFrom(entries: { Name: string; Value: string }[]): WaiverRetention {
  const pick = (name: string, fallback: number) => {
    const raw = entries.find((e) => e.Name === name)?.Value.trim();
    const parsed = raw ? years.safeParse(raw) : null;
    return parsed?.success ? parsed.data : fallback;
  };
  return {
    retentionYears: pick('WaiverRetentionYears', DEFAULT_WAIVER_RETENTION.retentionYears),
    limitationYears: pick('WaiverLimitationYears', DEFAULT_WAIVER_RETENTION.limitationYears),
  };
}

/** The federation's waiver settings: the retention, and whether a minor signs beside their guardian. */
export interface WaiverSettings extends WaiverRetention {
  minorSignature: boolean;
}

/** The waiver settings of the parameters `entries` (see the module's docstring): `WaiverMinorSignature` is on only when it says `true`. */
export function waiverSettingsFrom(entries: { Name: string; Value: string }[]): WaiverSettings {
  const minor = entries.find((e) => e.Name === 'WaiverMinorSignature')?.Value.trim().toLowerCase();
  return { ...waiverRetentionFrom(entries), minorSignature: minor === 'true' };
}

/** The federation's waiver settings (CMS parameters, else the defaults: 7 and 3 years, no minor's signature). */
export async function getWaiverSettings(): Promise<WaiverSettings> {
  const data = await cmsGet('/api/parameters?pagination[pageSize]=100', ['cms:parameters']);
  return waiverSettingsFrom(parseEntries('parameter', parameterSchema, data) ?? []);
}

/** The federation's retention of waivers (CMS parameters, else the defaults). */
export async function getWaiverRetention(): Promise<WaiverRetention> {
  const { retentionYears, limitationYears } = await getWaiverSettings();
  return { retentionYears, limitationYears };
}
