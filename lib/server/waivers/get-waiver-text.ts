/**
 * The waiver text to show and sign (issue 27 "The waiver text is CMS content per event type and
 * language, versioned; what is signed is the exact version shown, offered in French first on
 * French pages"; GET /api/v1/waivers/text): the CMS's text of that kind in the page's language,
 * else in English (lib/cms/waivers.ts); when the CMS has none or cannot be reached, the built-in
 * text of the messages (`waivers.fallback.<kind>`, in the page's language), so the product works
 * on a fresh machine. Its version is the SHA-256 (hex) of `title + '\n\n' + body` exactly as
 * shown (./waiver-hash.ts): signing checks the page showed the current one.
 */
import 'server-only';
import type { Locale } from '../../config';
import type { WaiverKind, WaiverText } from '../../contracts/waivers';
import { getCmsWaiverText } from '../../cms/waivers';
import { loadMessages } from '../../i18n/messages';
import { waiverVersion } from './waiver-hash';

/** The built-in text of `kind` in `locale` (messages `waivers.fallback.<kind>`). */
export async function fallbackWaiverText(kind: WaiverKind, locale: Locale): Promise<{ title: string; body: string }> {
  const messages = await loadMessages(locale);
  return messages.waivers.fallback[kind];
}

/** The waiver text of `kind` for a page in `locale`, with its version (see the module's docstring). Never throws on a CMS outage. */
export async function getWaiverText(kind: WaiverKind, locale: Locale): Promise<WaiverText> {
  const cms = await getCmsWaiverText(kind, locale);
  const text = cms ?? { locale, ...(await fallbackWaiverText(kind, locale)) };
  return { kind, locale: text.locale, version: waiverVersion(text.title, text.body), title: text.title, body: text.body };
}
