/**
 * Links of a club's or an organization's contact details: a website only as an http(s) address
 * (a stored `javascript:` never becomes a link), a phone as `tel:` digits, an email as
 * `mailto:` (spec §5 Email shape). Pure.
 */
import { EMAIL_PATTERN } from '@/lib/contracts/contact';

/** The website's href (https:// added when the scheme is missing), or null when it is not a web address. */
export function websiteHref(website: string | null): string | null {
  const raw = website?.trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The website as shown: without scheme and trailing slash. */
export function websiteLabel(href: string): string {
  return href.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/** `tel:` with the digits (and a leading +) of `phone`, or null when it has fewer than 7 digits. */
export function phoneHref(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return digits.replace(/\D/g, '').length >= 7 ? `tel:${digits}` : null;
}

/** `mailto:` for a well-formed address, else null. */
export function mailtoHref(email: string | null): string | null {
  const e = email?.trim();
  return e && EMAIL_PATTERN.test(e) ? `mailto:${e}` : null;
}

/** Plain paragraphs separated by blank lines (descriptions), without empty ones. */
export function paragraphs(text: string | null): string[] {
  return (text ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
