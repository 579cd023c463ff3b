/**
 * The email a contact message becomes (spec §1 contact page; §2 /organizations/{id?}/contact):
 * to the federation's (or the organization's) address, Reply-To the visitor, subject
 * "Contact form: <name>" (for an organization "Contact form (<organization>): <name>"), a
 * plain-text body and a minimal HTML body in which everything the visitor wrote is escaped.
 */
import 'server-only';
import { escapeUTF8 } from 'entities';
import type { OutgoingMail } from '../email';

/** A stored contact message, as the mail shows it. */
export interface ContactMailInput {
  id: number;
  name: string;
  email: string;
  message: string;
  locale: string;
  ip: string;
  createdAt: Date;
}

/**
 * The mail for `message`, addressed to `recipient`; `organization` names the organization
 * written to from its contact page (it heads the fields and the subject).
 */
export function contactMail(message: ContactMailInput, recipient: string, organization?: { id: number; name: string } | null): OutgoingMail {
  const fields: [string, string][] = [
    ...(organization ? ([['Organization', `${organization.name} (#${organization.id})`]] as [string, string][]) : []),
    ['Name', message.name],
    ['Email', message.email],
    ['Language', message.locale],
    ['IP', message.ip],
    ['Received', message.createdAt.toISOString()],
  ];
  const text = `${fields.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${message.message}\n`;
  const html = [
    '<!doctype html><html><body>',
    `<p>${fields.map(([k, v]) => `<strong>${k}:</strong> ${escapeUTF8(v)}`).join('<br>\n')}</p>`,
    `<p style="white-space:pre-wrap">${escapeUTF8(message.message)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: recipient,
    replyTo: { name: message.name, address: message.email },
    subject: organization ? `Contact form (${organization.name}): ${message.name}` : `Contact form: ${message.name}`,
    text,
    html,
    headers: { 'X-Contact-Message-Id': String(message.id) },
  };
}
