/**
 * The `renewal-reminders` job (issue 26 "Renewal: the account shows when a membership ends; a
 * reminder email 30 days before (job)"), run daily by the queue's schedule (./kinds.ts
 * `JOB_SCHEDULES`). A membership is reminded when, on the federation's today:
 *  - it ends within the next `RENEWAL_REMINDER_DAYS` days (today < valid_until ≤ today + 30);
 *  - its holder has no later membership in the same organization (a renewal already bought);
 *  - it was never reminded (`membership_reminders`, one row per membership) and is no sample row.
 * For each, in one transaction: the reminder's row (`on conflict do nothing`: two runs, or two
 * instances, remind once) and a `send-email` job to the holder's login — a minor's goes to their
 * guardian's — in the account's language (the one it bought the membership in, else its latest
 * order's, else English), naming the membership, its holder, its end, and the link
 * `<SITE_URL>/ll[/fr|/es]/account/membership?type=<type id>` to renew.
 *
 * No `server-only` marker: the worker runs it in the site's server under plain Node.
 */
import { randomUUID } from 'node:crypto';
import { escapeUTF8 } from 'entities';
import { createTranslator } from 'next-intl';
import { sql } from 'drizzle-orm';
import { BASE_PATH, LOCALES, type Locale } from '../../config';
import { federationDate, formatDate } from '../../format';
import { loadMessages } from '../../i18n/messages';
import { localizedPath } from '../../i18n/routing';
import { siteOrigin } from '../config/env';
import { getDb } from '../db';
import { membershipReminders } from '../db/schema';
import { outboxFileName, type OutgoingMail } from '../email';
import { enqueue } from './enqueue';

/** How many days before its end a membership is reminded. */
export const RENEWAL_REMINDER_DAYS = 30;
/** The most memberships one run reminds (the next day's run takes the rest). */
const BATCH = 1000;

/** A run's payload: none from the schedule; `now` (ISO 8601) in tests. */
export interface RenewalRemindersPayload {
  now?: string;
}

/** What a run did: the memberships reminded (`memberships.id`). */
export interface RenewalRemindersResult {
  reminded: number[];
}

/** One membership to remind, with what its mail says. */
export interface RenewalDue {
  membershipId: number;
  typeId: number;
  typeName: string;
  organizationName: string;
  number: string;
  validUntil: string;
  holder: string;
  to: { name: string; email: string };
  locale: Locale;
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** The renewal link of membership type `typeId` on the account page of `locale` (absolute). */
export function renewalLink(typeId: number, locale: Locale, origin: string = siteOrigin()): string {
  return `${origin}${BASE_PATH}${localizedPath(locale, '/account/membership')}?type=${typeId}`;
}

/** The reminder mail of `due` (plain text and minimal HTML, texts escaped), in `due.locale`. */
export async function renewalMail(due: RenewalDue, origin?: string): Promise<OutgoingMail> {
  const messages = await loadMessages(due.locale);
  const t = createTranslator({ locale: due.locale, messages, namespace: 'receipts' }) as unknown as Translate;
  const site = (createTranslator({ locale: due.locale, messages, namespace: 'meta' }) as unknown as Translate)('siteName');
  const values = { type: due.typeName, holder: due.holder, organization: due.organizationName, number: due.number, date: formatDate(due.validUntil, due.locale) };
  const link = renewalLink(due.typeId, due.locale, origin);
  const name = due.to.name.trim() || due.to.email;
  const text = [t('mail.greeting', { name }), '', t('renewalMail.body', values), '', t('renewalMail.linkIntro'), link, '', t('renewalMail.ignore'), '', t('mail.signature', { site }), ''].join('\n');
  const p = (s: string) => `<p>${escapeUTF8(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${due.locale}"><body>`,
    p(t('mail.greeting', { name })),
    p(t('renewalMail.body', values)),
    `<p><a href="${escapeUTF8(link)}">${escapeUTF8(t('renewalMail.action'))}</a></p>`,
    `<p>${escapeUTF8(t('renewalMail.linkIntro'))}<br>${escapeUTF8(link)}</p>`,
    p(t('renewalMail.ignore')),
    p(t('mail.signature', { site })),
    '</body></html>',
  ].join('\n');
  return {
    to: due.to.name.trim() ? { name: due.to.name.trim(), address: due.to.email } : due.to.email,
    subject: t('renewalMail.subject', values),
    text,
    html,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

const asLocale = (value: unknown): Locale => ((LOCALES as readonly string[]).includes(String(value)) ? (value as Locale) : 'en');

interface DueRow extends Record<string, unknown> {
  membership_id: number;
  type_id: number;
  type_name: string;
  type_names: unknown;
  organization_name: string;
  organization_names: unknown;
  number: string;
  valid_until: string;
  first_name: string;
  last_name: string;
  email: string;
  account_name: string;
  locale: string | null;
}

/** The memberships to remind on the federation's day `today` (YYYY-MM-DD), each with its recipient (see the module's docstring). */
export async function dueRenewals(today: string): Promise<RenewalDue[]> {
  const { rows } = await getDb().execute<DueRow>(sql`
    select m.id as membership_id, m.membership_type_id as type_id, m.number, m.valid_until::text as valid_until,
           t.name as type_name, t.names as type_names, o.name as organization_name, o.names as organization_names,
           p.first_name, p.last_name,
           coalesce(u.email, gu.email) as email, coalesce(u.name, gu.name) as account_name,
           coalesce(bought.locale, (select o2.locale from orders o2 where o2.user_id = coalesce(u.id, gu.id) order by o2.created_at desc, o2.id desc limit 1)) as locale
      from memberships m
      join membership_types t on t.id = m.membership_type_id
      join organizations o on o.id = m.organization_id
      join participant_profiles p on p.participant_id = m.participant_id
      left join users u on u.id = p.user_id
      left join participant_profiles gp on gp.id = p.guardian_id and p.user_id is null
      left join users gu on gu.id = gp.user_id
      left join order_lines ol on ol.id = m.order_line_id
      left join orders bought on bought.id = ol.order_id
     where m.valid_until > ${today}::date
       and m.valid_until <= ${today}::date + ${RENEWAL_REMINDER_DAYS}::int
       and not m.is_sample
       and coalesce(u.email, gu.email) is not null
       and not exists (select 1 from ${membershipReminders} r where r.membership_id = m.id)
       and not exists (
         select 1 from memberships later
          where later.participant_id = m.participant_id and later.organization_id = m.organization_id
            and later.id <> m.id and later.valid_until > m.valid_until)
     order by m.valid_until, m.id
     limit ${BATCH}`);
  return rows.map((r) => {
    const locale = asLocale(r.locale);
    const translated = (names: unknown, fallback: string) => ((names as Record<string, string> | null)?.[locale]?.trim() || fallback);
    return {
      membershipId: r.membership_id,
      typeId: r.type_id,
      typeName: translated(r.type_names, r.type_name),
      organizationName: translated(r.organization_names, r.organization_name),
      number: r.number,
      validUntil: r.valid_until,
      holder: `${r.first_name} ${r.last_name}`.trim(),
      to: { name: r.account_name ?? '', email: r.email },
      locale,
    };
  });
}

/**
 * Runs the reminders of the federation's today (or `payload.now`'s); see the module's docstring.
 * @throws Error when the database fails (the reminders not yet written are tried at the next run).
 */
export async function sendRenewalReminders(payload: RenewalRemindersPayload | null = null): Promise<RenewalRemindersResult> {
  const now = payload?.now ? new Date(payload.now) : new Date();
  const reminded: number[] = [];
  for (const due of await dueRenewals(federationDate(now))) {
    const mail = await renewalMail(due);
    const sent = await getDb().transaction(async (tx) => {
      const [row] = await tx.insert(membershipReminders).values({ membershipId: due.membershipId, sentAt: now }).onConflictDoNothing().returning({ id: membershipReminders.membershipId });
      if (!row) return false;
      await enqueue(tx, 'send-email', { mail, file: outboxFileName(now, `renewal-${due.membershipId}-${randomUUID().slice(0, 8)}`) });
      return true;
    });
    if (sent) reminded.push(due.membershipId);
  }
  return { reminded };
}
