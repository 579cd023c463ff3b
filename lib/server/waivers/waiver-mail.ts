/**
 * The signatory's copy of a signed waiver (issue 27 "a PDF of it with an audit page, emailed to the
 * signatory through the job queue"): a plain-text body and a minimal HTML one (texts escaped) in
 * the language it was signed in (messages `waivers.mail`), the PDF attached as
 * `waiver-<first 8 of the document id>.pdf`.
 */
import 'server-only';
import { escapeUTF8 } from 'entities';
import { createTranslator } from 'next-intl';
import type { Locale } from '../../config';
import { formatDateTime } from '../../format';
import { loadMessages } from '../../i18n/messages';
import type { OutgoingMail } from '../email';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The PDF's file name of document `id` (ASCII: safe in a header). */
export function waiverFileName(id: string): string {
  return `waiver-${id.slice(0, 8).replace(/[^0-9a-f]/gi, '')}.pdf`;
}

/** What the mail says. */
export interface WaiverMailInput {
  id: string;
  locale: Locale;
  to: { name: string; email: string };
  title: string;
  eventName: string;
  coveredName: string;
  signedAt: Date;
  /** The issuer's name (the CMS's), else the messages' site name. */
  siteName: string | null;
}

/** The mail carrying waiver PDF `pdf` (see the module's docstring). */
export async function waiverMail(input: WaiverMailInput, pdf: Uint8Array): Promise<OutgoingMail> {
  const messages = await loadMessages(input.locale);
  const t = createTranslator({ locale: input.locale, messages, namespace: 'waivers.mail' }) as unknown as Translate;
  const site = input.siteName ?? (createTranslator({ locale: input.locale, messages, namespace: 'meta' }) as unknown as Translate)('siteName');
  const name = input.to.name.trim() || input.to.email;
  const paragraphs = [
    t('greeting', { name }),
    t('body', { title: input.title, covered: input.coveredName, event: input.eventName, date: formatDateTime(input.signedAt, input.locale) }),
    t('keep'),
    t('signature', { site }),
  ];
  return {
    to: input.to.name.trim() ? { name: input.to.name.trim(), address: input.to.email } : input.to.email,
    subject: t('subject', { event: input.eventName }),
    text: `${paragraphs.join('\n\n')}\n`,
    html: [`<!doctype html><html lang="${input.locale}"><body>`, ...paragraphs.map((p) => `<p>${escapeUTF8(p)}</p>`), '</body></html>'].join('\n'),
    headers: { 'Auto-Submitted': 'auto-generated' },
    attachments: [{ filename: waiverFileName(input.id), contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') }],
  };
}
