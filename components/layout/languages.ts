import type { Language } from '@/lib/contracts/site';
import { isLocale, type Locale } from '@/lib/i18n/routing';

/** The CMS language list (name, ab) reduced to the locales this site serves. */
export function languageOptions(list: Language[]): { locale: Locale; name: string }[] {
  const out: { locale: Locale; name: string }[] = [];
  for (const l of list) {
    const code = l.ab.toLowerCase().slice(0, 2);
    if (isLocale(code) && !out.some((o) => o.locale === code)) out.push({ locale: code, name: l.name });
  }
  return out;
}
