/**
 * The account mails of issue 22, in the visitor's language (en, fr, es; messages namespace
 * `auth.accountMail.<kind>`), each a plain-text body and a minimal HTML body:
 *  - `verify`: a new account's (or a resend's) link `<origin>/ll[/fr|/es]/verify-email?token=…`;
 *  - `changeEmail`: to the NEW address, the link that makes it the login's email;
 *  - `changeNotice`: to the OLD address, that a change to the new one was asked (no link: the
 *    change happens only if the new address follows its own; else contact the federation).
 * Names are escaped in the HTML; the token (a better-auth JWT: base64url parts and dots) is
 * safe in a URL as it is. Verification links are valid 24 hours (`EMAIL_VERIFICATION_TTL_S`).
 *
 * `enqueueAccountMail` renders one and enqueues it as a `send-email` job in the caller's
 * transaction (lib/server/jobs; DESIGN.md "Work after a change is a job in the same
 * transaction"), as the reset mail is (./password-reset.ts): once committed, the worker writes
 * the .eml to the outbox (OUTBOX_DIR) and hands it to SMTP when configured, retrying on failure.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { escapeUTF8 } from 'entities';
import { createTranslator } from 'next-intl';
import { BASE_PATH, type Locale } from '../../config';
import { loadMessages } from '../../i18n/messages';
import { localizedPath } from '../../i18n/routing';
import { siteOrigin } from '../config/env';
import { outboxDir, outboxFileName, type OutgoingMail } from '../email';
import { enqueue, type Tx } from '../jobs';

/**
 * The absolute verification link of `token` on the /verify-email page of `locale`; `next` (a site
 * path, e.g. the spectator steps that opened the account) is where that page then leads.
 */
export function verifyLink(token: string, locale: Locale, origin: string = siteOrigin(), next?: string): string {
  const after = next ? `&next=${encodeURIComponent(next)}` : '';
  return `${origin}${BASE_PATH}${localizedPath(locale, '/verify-email')}?token=${encodeURIComponent(token)}${after}`;
}

export type AccountMailKind = 'verify' | 'changeEmail' | 'changeNotice';

/** What a mail needs: its kind, recipient, the account's name, the language, and the token (not for a notice) or the new address (a notice). */
export interface AccountMailInput {
  kind: AccountMailKind;
  to: string;
  name: string;
  locale: Locale;
  token?: string;
  /** The address asked for (changeEmail, changeNotice). */
  newEmail?: string;
  origin?: string;
  /** A verification link's continuation (a site path: ../../../components/account/auth/next-path.ts). */
  next?: string;
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** The mail of `input` (see the module's docstring). */
export async function accountMail(input: AccountMailInput): Promise<OutgoingMail> {
  const messages = await loadMessages(input.locale);
  const t = createTranslator({ locale: input.locale, messages, namespace: `auth.accountMail.${input.kind}` }) as unknown as Translate;
  const common = createTranslator({ locale: input.locale, messages, namespace: 'auth.accountMail' }) as unknown as Translate;
  const site = (createTranslator({ locale: input.locale, messages, namespace: 'meta' }) as unknown as Translate)('siteName');
  const name = input.name.trim() || input.to;
  const values = { site, newEmail: input.newEmail ?? '' };
  const link = input.token ? verifyLink(input.token, input.locale, input.origin, input.next) : null;
  const lines = [common('greeting', { name }), '', t('body', values), ''];
  if (link) lines.push(t('linkIntro'), link, '', common('validity'));
  lines.push(t('ignore', values), '', common('signature', { site }), '');
  const p = (s: string) => `<p>${escapeUTF8(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${input.locale}"><body>`,
    p(common('greeting', { name })),
    p(t('body', values)),
    ...(link
      ? [`<p><a href="${escapeUTF8(link)}">${escapeUTF8(t('action'))}</a></p>`, `<p>${escapeUTF8(t('linkIntro'))}<br>${escapeUTF8(link)}</p>`, p(common('validity'))]
      : []),
    p(t('ignore', values)),
    p(common('signature', { site })),
    '</body></html>',
  ].join('\n');
  return {
    to: input.name.trim() ? { name: input.name.trim(), address: input.to } : input.to,
    subject: t('subject', values),
    text: lines.join('\n'),
    html,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** A queued account mail: where its .eml will be (absolute path) and its `send-email` job's id. */
export interface QueuedMail {
  file: string;
  jobId: string;
}

/**
 * Renders the mail of `input` and enqueues its `send-email` job in `tx` (see the module's
 * docstring): nothing is written or sent until `tx` commits.
 * @throws Error when the mail cannot be rendered or the job not stored (`tx` then rolls back).
 */
export async function enqueueAccountMail(tx: Tx, input: AccountMailInput): Promise<QueuedMail> {
  const mail = await accountMail(input);
  const file = outboxFileName(new Date(), `${input.kind}-${randomUUID()}`);
  const jobId = await enqueue(tx, 'send-email', { mail, file });
  return { file: path.join(outboxDir(), file), jobId };
}
