/**
 * The password-reset email (spec §2 /forgotPassword, /resetPassword; §4 Password reset: the
 * link is valid one hour and usable once; §9 the email is expected within 15 minutes), in the
 * language the visitor asked in (en, fr, es; messages namespace `auth.mail`): a plain-text
 * body and a minimal HTML body, both with the link
 * `<site origin>/ll[/fr|/es]/resetPassword?token=<43 characters>`. The account's name is
 * escaped in the HTML; the token is base64url, safe in a URL as it is.
 */
import 'server-only';
import { escapeUTF8 } from 'entities';
import { createTranslator } from 'next-intl';
import { BASE_PATH, type Locale } from '../../config';
import { loadMessages } from '../../i18n/messages';
import { localizedPath } from '../../i18n/routing';
import { siteOrigin } from '../config/env';
import type { OutgoingMail } from '../email';

/** The absolute reset link of `token` on the page of `locale`. */
export function resetLink(token: string, locale: Locale, origin: string = siteOrigin()): string {
  return `${origin}${BASE_PATH}${localizedPath(locale, '/resetPassword')}?token=${encodeURIComponent(token)}`;
}

/** What the mail needs: the account's address and name, the token, the language. */
export interface ResetMailInput {
  to: string;
  name: string;
  token: string;
  locale: Locale;
  /** The site's origin (default `siteOrigin()`: SITE_URL). */
  origin?: string;
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** The reset email of `input` (see the module's docstring). */
export async function resetMail(input: ResetMailInput): Promise<OutgoingMail> {
  const messages = await loadMessages(input.locale);
  const t = createTranslator({ locale: input.locale, messages, namespace: 'auth.mail' }) as unknown as Translate;
  const site = (createTranslator({ locale: input.locale, messages, namespace: 'meta' }) as unknown as Translate)('siteName');
  const link = resetLink(input.token, input.locale, input.origin);
  const name = input.name.trim() || input.to;
  const text = [
    t('greeting', { name }),
    '',
    t('body', { site }),
    '',
    t('linkIntro'),
    link,
    '',
    t('validity'),
    t('ignore'),
    '',
    t('signature', { site }),
    '',
  ].join('\n');
  const p = (s: string) => `<p>${escapeUTF8(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${input.locale}"><body>`,
    p(t('greeting', { name })),
    p(t('body', { site })),
    `<p><a href="${escapeUTF8(link)}">${escapeUTF8(t('action'))}</a></p>`,
    `<p>${escapeUTF8(t('linkIntro'))}<br>${escapeUTF8(link)}</p>`,
    p(t('validity')),
    p(t('ignore')),
    p(t('signature', { site })),
    '</body></html>',
  ].join('\n');
  return {
    to: input.name.trim() ? { name: input.name.trim(), address: input.to } : input.to,
    subject: t('subject'),
    text,
    html,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
