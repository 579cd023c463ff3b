/**
 * The messages a purchase page hands its client button, by error code (issue 26): the error
 * catalogue's (`errors.<code>`), else the API's generic ones (`apiErrors.<code>`). Server-side.
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';

/** The codes a purchase or a payment can answer with, beyond a field's issue. */
export const CHECKOUT_CALL_ERRORS = [
  'order_not_payable',
  'membership_age_mismatch',
  'membership_class_age_mismatch',
  'invalid_membership_class',
  'invalid_membership_type',
  'family_needs_guardian',
  'promo_unknown',
  'promo_expired',
  'promo_used_up',
  'promo_used_by_you',
  'promo_not_applicable',
  'promo_not_started',
  'invalid_province',
  'invalid_provider',
  'email_not_verified',
  'service_unavailable',
  'unauthenticated',
  'rate_limited',
  'not_found',
] as const;

/** `code → message` in `locale` for each of `codes` that has one. */
export async function checkoutErrorTexts(locale: Locale, codes: readonly string[] = CHECKOUT_CALL_ERRORS): Promise<Record<string, string>> {
  const t = await getTranslations({ locale });
  const texts: Record<string, string> = {};
  for (const code of codes) {
    for (const key of [`errors.${code}`, `apiErrors.${code}`]) {
      if (t.has(key as never)) {
        texts[code] = t(key as never);
        break;
      }
    }
  }
  return texts;
}
