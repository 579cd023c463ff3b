/**
 * The texts of the iCalendar files in one language (spec §2 Route variants: en, fr, es), from
 * the site's messages (messages/parts/calendarViews.*.json, namespace `calendarViews`): the
 * calendar names, the discipline names and the registration status lines.
 */
import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '../../config';
import { EVENT_DISCIPLINES } from '../../contracts/events';
import { elide } from '../../format';
import { loadMessages } from '../../i18n/messages';
import type { IcsTexts } from './ical';

/** A translator of one namespace (the merged messages are not typed by key). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The `calendarViews` translator of `locale` outside a page (API routes, tests). */
export async function calendarTranslator(locale: Locale): Promise<Translate> {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace: 'calendarViews' }) as unknown as Translate;
}

/** The iCalendar texts of `locale`, and the feed names. */
export async function icsTexts(locale: Locale): Promise<IcsTexts & { siteName: (host: string) => string; ownerName: (name: string) => string }> {
  const t = await calendarTranslator(locale);
  return {
    discipline: (d) => ((EVENT_DISCIPLINES as readonly string[]).includes(d) ? t(`disciplines.${d}`) : d),
    status: (s) => t(`status.${s}`),
    promoter: (name) => t('ical.promoter', { name }),
    siteName: (host) => t('ical.siteName', { host }),
    ownerName: (name) => t('ical.ownerName', { name, elide: elide(name) }),
  };
}
