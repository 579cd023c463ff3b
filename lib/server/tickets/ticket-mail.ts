/**
 * The buyer's tickets by email (issue 28 "the ticket goes by email with the waiver PDFs"): one
 * message in the registration's language (messages `tickets.mail`) listing every ticket (the
 * spectator's name, the day, the ticket's short number), saying when it is still to pay at the
 * gate, with each ticket's QR code as a PNG (`ticket-<number>.png`, drawn by `qrcode`) and each
 * spectator's signed waiver PDF attached. Plain-text body and a minimal HTML one (texts escaped).
 */
import 'server-only';
import { escapeUTF8 } from 'entities';
import { createTranslator } from 'next-intl';
import QRCode from 'qrcode';
import type { Locale } from '../../config';
import { formatCents, formatDate } from '../../format';
import { loadMessages } from '../../i18n/messages';
import type { MailAttachment, OutgoingMail } from '../email';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** One ticket as the mail shows it. */
export interface MailedTicket {
  id: string;
  /** What the QR code carries (./ticket-code.ts). */
  code: string;
  name: string;
  day: string;
}

/** What the mail says. */
export interface TicketMailInput {
  locale: Locale;
  to: { name: string; email: string };
  eventName: string;
  tickets: MailedTicket[];
  /** Still to pay at the gate, in cents (0: paid). */
  dueCents: number;
  /** The spectators' signed waivers (file name and PDF bytes). */
  waivers: { fileName: string; pdf: Uint8Array }[];
  /** The issuer's name (the CMS's), else the messages' site name. */
  siteName: string | null;
}

/** A ticket's short number, as printed and as its image's name: the first 8 characters of its id, upper case. */
export function ticketNumber(id: string): string {
  return id.replace(/[^0-9a-f]/gi, '').slice(0, 8).toUpperCase();
}

/** The QR code PNG of `code` (error correction M, 4-module quiet zone, 360 px). */
export async function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 360 });
}

/** The mail carrying the tickets of one order (see the module's docstring). */
export async function ticketMail(input: TicketMailInput): Promise<OutgoingMail> {
  const messages = await loadMessages(input.locale);
  const t = createTranslator({ locale: input.locale, messages, namespace: 'tickets.mail' }) as unknown as Translate;
  const site = input.siteName ?? (createTranslator({ locale: input.locale, messages, namespace: 'meta' }) as unknown as Translate)('siteName');
  const name = input.to.name.trim() || input.to.email;
  const days = [...new Set(input.tickets.map((x) => x.day))].sort().map((d) => formatDate(d, input.locale)).join(', ');
  const lines = input.tickets.map((x) => t('ticket', { name: x.name, day: formatDate(x.day, input.locale), number: ticketNumber(x.id) }));
  const intro = input.dueCents > 0 ? t('unpaid', { event: input.eventName, days, amount: formatCents(input.dueCents, input.locale) }) : t('paid', { event: input.eventName, days });
  const closing = [input.waivers.length > 0 ? t('waivers') : null, t('keep'), t('signature', { site })].filter((p): p is string => p !== null);
  const attachments: MailAttachment[] = [];
  for (const x of input.tickets) attachments.push({ filename: `ticket-${ticketNumber(x.id)}.png`, contentType: 'image/png', contentBase64: (await ticketQrPng(x.code)).toString('base64') });
  for (const w of input.waivers) attachments.push({ filename: w.fileName, contentType: 'application/pdf', contentBase64: Buffer.from(w.pdf).toString('base64') });
  const text = [t('greeting', { name }), intro, lines.map((l) => `- ${l}`).join('\n'), ...closing].join('\n\n');
  const html = [
    `<!doctype html><html lang="${input.locale}"><body>`,
    `<p>${escapeUTF8(t('greeting', { name }))}</p>`,
    `<p>${escapeUTF8(intro)}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeUTF8(l)}</li>`).join('')}</ul>`,
    ...closing.map((p) => `<p>${escapeUTF8(p)}</p>`),
    '</body></html>',
  ].join('\n');
  return {
    to: input.to.name.trim() ? { name: input.to.name.trim(), address: input.to.email } : input.to.email,
    subject: t('subject', { event: input.eventName }),
    text: `${text}\n`,
    html,
    headers: { 'Auto-Submitted': 'auto-generated' },
    attachments,
  };
}
