/**
 * A mail whose point is one link to follow (issue 27's waiting-list offer, issue 28's waiver link
 * for an adult spectator): the greeting, the body, the link as a button and written out, a closing
 * line, the site's signature, in plain text and minimal HTML (every text escaped), in the mail's
 * language. The texts come from one message namespace (`subject`, `body`, `action`, `linkIntro` and
 * the closing key given); the greeting and signature are the receipts' (`receipts.mail`).
 *
 * No `server-only` marker: the job worker (the offers job) builds offer mails under plain Node.
 */
import { escapeUTF8 } from 'entities';
import { createTranslator } from 'next-intl';
import type { Locale } from '../../config';
import { loadMessages } from '../../i18n/messages';
import type { OutgoingMail } from './compose-mail';

type Translate = (key: string, values?: Record<string, string>) => string;

/** What an action-link mail says: to whom, in which language, from which namespace, with which values and link. */
export interface ActionLinkMailInput {
  locale: Locale;
  to: { name: string; email: string };
  /** The message namespace of its texts (`registrations.offerMail`). */
  namespace: string;
  /** The key of the closing line in that namespace (`lapse`, `ignore`). */
  closing: string;
  /** The values its texts use. */
  values: Record<string, string>;
  /** The absolute address to follow. */
  link: string;
}

/** The mail (see the file's docstring). */
export async function actionLinkMail(input: ActionLinkMailInput): Promise<OutgoingMail> {
  const messages = await loadMessages(input.locale);
  const t = createTranslator({ locale: input.locale, messages, namespace: input.namespace as never }) as unknown as Translate;
  const r = createTranslator({ locale: input.locale, messages, namespace: 'receipts.mail' }) as unknown as Translate;
  const site = (createTranslator({ locale: input.locale, messages, namespace: 'meta' }) as unknown as Translate)('siteName');
  const name = input.to.name.trim() || input.to.email;
  const { values, link } = input;
  const text = [r('greeting', { name }), '', t('body', values), '', t('linkIntro'), link, '', t(input.closing, values), '', r('signature', { site }), ''].join('\n');
  const p = (s: string) => `<p>${escapeUTF8(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${input.locale}"><body>`,
    p(r('greeting', { name })),
    p(t('body', values)),
    `<p><a href="${escapeUTF8(link)}">${escapeUTF8(t('action'))}</a></p>`,
    `<p>${escapeUTF8(t('linkIntro'))}<br>${escapeUTF8(link)}</p>`,
    p(t(input.closing, values)),
    p(r('signature', { site })),
    '</body></html>',
  ].join('\n');
  return {
    to: input.to.name.trim() ? { name: input.to.name.trim(), address: input.to.email } : input.to.email,
    subject: t('subject', values),
    text,
    html,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
