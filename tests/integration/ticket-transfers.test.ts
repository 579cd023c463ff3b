/**
 * Giving a ticket to someone else on the real database (issue 28 "Refunds and transfers: … a
 * ticket given to another person needs that person's waiver before it scans"), through the API
 * with login cookies and the desk's gate API:
 * - the old code scans `voided`; the new one `waiver_missing`, then, once the new holder signed by
 *   the emailed link, `admitted`; the new holder's mails (waiver link, ticket) are queued; the
 *   day's count of places is the same before and after; the thank-you page's read shows the old
 *   ticket given and the new one waiting for its waiver; issuing the order's tickets again issues
 *   nothing; the same transfer id sent again writes nothing more;
 * - refusals: a ticket already admitted, a second transfer of one ticket (two at once: one wins),
 *   another buyer (`spectator_not_found`), a new holder at another price, a minor (`adults_only`),
 *   a missing entry (`null_entries`).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { federationDate } from '../../lib/format';
import { dataUrl, signaturePng } from '../../lib/server/waivers/test-png';
import { deskCall, deskLogin, setUpDeskDatabase, withCmsOutOfReach, type Api, type Sql } from './desk-kit';

// The CMS out of reach: the built-in waiver text and brand.
withCmsOutOfReach();

const db = setUpDeskDatabase('ticket_transfers');

let api: Api;
let sql: Sql;
const today = federationDate();
let organizationId: number;
let promoterId: number;
let eventId: number;
let staff: string;
let buyer: { id: string; email: string; cookie: string };
let version: string;
let seq = 0;

const count = async (table: string, where = 'true', params: unknown[] = []) => Number((await sql(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n);
const SETTINGS = { enabled: true, bands: [{ minAge: 0, priceCents: 1000 }, { minAge: 13, priceCents: 2500 }], freeUnderAge: 6, dailyCapacity: 500, selfie: false, payAtGate: true };
const adult = (firstName: string, email: string, birthday = '1985-06-15') => ({ firstName, lastName: 'Relais', gender: 'male', birthday, email, transferId: randomUUID() });

/** A complete registration of `prices.length` people for today, its order paid (tickets issued), each waiver signed; the ids. */
async function paidRegistration(prices: number[], owner = buyer) {
  const created = new Date(Date.now() - 60_000);
  const [reg] = await sql(`insert into spectator_registrations (event_id, day, buyer_user_id, locale, state) values ($1, $2, $3, 'en', 'complete') returning id`, [eventId, today, owner.id]);
  const spectatorIds: string[] = [];
  for (let i = 0; i < prices.length; i++) {
    const [s] = await sql(
      `insert into spectators (registration_id, event_id, day, first_name, last_name, gender, birthday, email, is_buyer, created_at) values ($1, $2, $3, $4, 'Gate', 'female', $5, $6, $7, $8) returning id`,
      [reg!.id, eventId, today, `Fan${++seq}`, prices[i] === 1000 ? '2015-01-01' : '1990-01-01', i === 0 ? owner.email : null, i === 0, new Date(created.getTime() + i)],
    );
    spectatorIds.push(s!.id as string);
    await sql(
      `insert into waiver_documents (kind, event_id, spectator_id, covered_name, signatory_user_id, signatory_name, signatory_role, text_version, text_title, text_body, locale, state, consent_electronic, agreed, certified, ip, user_agent, keep_until)
       values ('spectator', $1, $2, $3, $4, 'Buyer Gate', 'self', 'v1', 'Spectator waiver', 'I accept the risks.', 'en', 'signed', true, true, true, '203.0.113.9', 'test', '2040-01-01')`,
      [eventId, s!.id, `Fan${seq} Gate`, owner.id],
    );
  }
  const total = prices.reduce((a, b) => a + b, 0);
  const [order] = await sql(
    `insert into orders (user_id, organization_id, event_id, promoter_id, province, locale, subtotal_cents, discount_cents, tax_cents, total_cents, taxes, provider, hold_expires_at, created_at)
     values ($1, $2, $3, $4, 'QC', 'en', $5, 0, 0, $5, '[]', 'office', $6, $7) returning id`,
    [owner.id, organizationId, eventId, promoterId, total, new Date(created.getTime() + 15 * 60_000), created],
  );
  for (const price of prices) {
    await sql(
      `insert into order_lines (order_id, kind, description, unit_cents, quantity, subtotal_cents, discount_cents, tax_cents, total_cents, taxes, event_id) values ($1, 'ticket', 'Ticket', $2, 1, $2, 0, 0, $2, '[]', $3)`,
      [order!.id, price, eventId],
    );
  }
  await sql(`update spectator_registrations set order_id = $1 where id = $2`, [order!.id, reg!.id]);
  const { recordPayment } = await import('../../lib/server/checkout/record-payment');
  await recordPayment({ order: order!.id as number, provider: 'office', amountCents: total, recordedBy: 'test' });
  const ticketIds: string[] = [];
  for (const id of spectatorIds) ticketIds.push(((await sql(`select id from tickets where spectator_id = $1`, [id]))[0]!.id as string));
  return { registrationId: reg!.id as string, orderId: order!.id as number, spectatorIds, ticketIds };
}

/** The signed code of ticket `ticketId`. */
async function codeOf(ticketId: string): Promise<string> {
  const { ticketCode } = await import('../../lib/server/tickets');
  const [t] = await sql(`select id, event_id, to_char(day, 'YYYY-MM-DD') as day from tickets where id = $1`, [ticketId]);
  return ticketCode({ id: t!.id as string, eventId: t!.event_id as number, day: t!.day as string });
}

/** The gate's result for `code` now. */
async function scan(code: string): Promise<string> {
  const reply = await deskCall(api, 'POST', `/desk/events/${eventId}/gate/scans`, { cookie: staff, body: { scans: [{ id: randomUUID(), code, gate: 'North', at: new Date().toISOString(), offline: false }] } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body!.results as { result: string }[])[0]!.result;
}

const transfer = (registrationId: string, ticketId: string, body: unknown, cookie = buyer.cookie) => deskCall(api, 'POST', `/spectators/registrations/${registrationId}/tickets/${ticketId}/transfer`, { cookie, body });

async function takenToday(): Promise<number> {
  const { getDb } = await import('../../lib/server/db');
  const { ticketsTakenOnDay } = await import('../../lib/server/tickets/day-capacity');
  return getDb().transaction((tx) => ticketsTakenOnDay(tx, eventId, today));
}

const mails = async () => (await sql(`select data from pgboss.job where name = 'send-email' order by created_on, id`).catch(() => [])).map((r) => (r.data as { mail: { to: unknown; subject: string; text: string; attachments?: { filename: string }[] } }).mail);

beforeAll(async () => {
  ({ api, sql } = db);
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Relais Federation') returning id`)) as { id: number }[];
  [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (960001, $1, 'Relais Club') returning id`, [organizationId])) as { id: number }[];
  [{ id: eventId }] = (await sql(`insert into events (promoter_id, organization_id, name, start_date, state, spectator_settings) values ($1, $2, 'Relais MX', $3, 'QC', $4) returning id`, [
    promoterId,
    organizationId,
    today,
    JSON.stringify(SETTINGS),
  ])) as { id: number }[];
  staff = (await deskLogin(sql, 'promoter', 960001)).cookie;
  buyer = await deskLogin(sql, 'participant');
  const text = await deskCall(api, 'GET', '/waivers/text?kind=spectator&locale=en');
  expect(text.status).toBe(200);
  version = text.body!.version as string;
});

describe('a ticket given to someone else', () => {
  it('voids the old code, and the new one admits once its holder signed by the emailed link', async () => {
    const reg = await paidRegistration([2500, 2500]);
    const oldCode = await codeOf(reg.ticketIds[1]!);
    const placesBefore = await takenToday();
    const ticketsBefore = await count('tickets');

    const body = adult('Rémi', 'remi.relais@example.org');
    const reply = await transfer(reg.registrationId, reg.ticketIds[1]!, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { ticketId, spectatorId } = reply.body as { ticketId: string; spectatorId: string };
    expect(await count('tickets')).toBe(ticketsBefore + 1);
    expect(await takenToday()).toBe(placesBefore);

    // The same transfer sent again (a reply lost): its first answer, nothing more written.
    const jobs = (await mails()).length;
    const again = await transfer(reg.registrationId, reg.ticketIds[1]!, body);
    expect(again).toMatchObject({ status: 200, body: { ticketId, spectatorId } });
    expect(await count('tickets')).toBe(ticketsBefore + 1);
    expect(await count('spectators', 'registration_id = $1', [reg.registrationId])).toBe(3);
    expect(await count('ticket_transfers')).toBe(1);
    expect((await mails()).length).toBe(jobs);

    // The new holder's mails: the link to sign their waiver, and their ticket with its QR code.
    const [{ signing_id: signingId }] = (await sql(`select signing_id from spectators where id = $1`, [spectatorId])) as { signing_id: string }[];
    const theirs = (await mails()).filter((m) => JSON.stringify(m.to).includes('remi.relais@example.org'));
    expect(theirs.some((m) => m.text.includes(`http://localhost/ll/waiver/${signingId}`))).toBe(true);
    const { ticketNumber } = await import('../../lib/server/tickets/ticket-mail');
    expect(theirs.some((m) => m.subject.startsWith('Your tickets') && m.attachments?.some((a) => a.filename === `ticket-${ticketNumber(ticketId)}.png`))).toBe(true);

    // The thank-you page's read: the old ticket given (no longer transferable), the new one waiting for its waiver.
    const { registrationTickets } = await import('../../lib/server/spectators/registration-tickets');
    const viewer = { userId: buyer.id, role: 'participant' as const, emailVerified: true, promoterIds: [] };
    const shown = (await registrationTickets(viewer, reg.registrationId)).tickets;
    expect(shown.find((x) => x.id === reg.ticketIds[1])).toMatchObject({ standing: 'voided', transferredTo: 'Rémi Relais', transferable: false });
    expect(shown.find((x) => x.id === ticketId)).toMatchObject({ standing: 'paid', transferredTo: null, transferable: true, waiverLinkSentTo: 'remi.relais@example.org' });
    expect(shown.find((x) => x.id === reg.ticketIds[0])).toMatchObject({ standing: 'paid', transferable: true, waiverLinkSentTo: null });

    // Issuing the order's tickets again (a webhook delivered twice) issues nothing.
    const { getDb } = await import('../../lib/server/db');
    const { issueTicketsForOrder } = await import('../../lib/server/tickets');
    const issued = await getDb().transaction((tx) => issueTicketsForOrder(tx, reg.orderId));
    expect(issued.issued).toEqual([]);
    expect(issued.all.map((t) => t.id).sort()).toEqual([...reg.ticketIds].sort());
    expect(await count('tickets')).toBe(ticketsBefore + 1);

    // At the gate: the old code is voided; the new one waits for the waiver, then admits.
    const newCode = await codeOf(ticketId);
    expect(await scan(oldCode)).toBe('voided');
    expect(await scan(newCode)).toBe('waiver_missing');
    const signed = await deskCall(api, 'POST', `/spectators/waivers/${signingId}`, {
      body: { textVersion: version, locale: 'en', consentElectronic: true, agreed: true, certified: true, signaturePng: dataUrl('image/png', signaturePng()) },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(await scan(newCode)).toBe('admitted');
    expect(await scan(oldCode)).toBe('voided');
    expect((await registrationTickets(viewer, reg.registrationId)).tickets.find((x) => x.id === ticketId)).toMatchObject({ waiverLinkSentTo: null, transferable: false });

    // The old holder may be registered again for the day; a given ticket cannot be given twice.
    const { assertPersonFree } = await import('../../lib/server/spectators');
    const [old] = await sql(`select first_name, last_name, to_char(birthday, 'YYYY-MM-DD') as birthday from spectators where id = $1`, [reg.spectatorIds[1]]);
    await expect(assertPersonFree(getDb(), eventId, today, { firstName: old!.first_name as string, lastName: old!.last_name as string, birthday: old!.birthday as string })).resolves.toBeUndefined();
    expect(await transfer(reg.registrationId, reg.ticketIds[1]!, adult('Zoé', 'zoe.relais@example.org'))).toMatchObject({ status: 409, body: { error: 'ticket_not_transferable' } });
  });

  it('refuses a ticket already used at the gate', async () => {
    const reg = await paidRegistration([2500]);
    expect(await scan(await codeOf(reg.ticketIds[0]!))).toBe('admitted');
    expect(await transfer(reg.registrationId, reg.ticketIds[0]!, adult('Ugo', 'ugo.relais@example.org'))).toMatchObject({
      status: 409,
      body: { error: 'ticket_not_transferable', message: 'This ticket can no longer be given to someone else: it was used, refunded, already given, or its day is past.' },
    });
  });

  it('gives one ticket once when two transfers of it arrive together', async () => {
    const reg = await paidRegistration([2500, 2500]);
    const before = await count('ticket_transfers');
    const replies = await Promise.all([transfer(reg.registrationId, reg.ticketIds[1]!, adult('Alix', 'alix.relais@example.org')), transfer(reg.registrationId, reg.ticketIds[1]!, adult('Bao', 'bao.relais@example.org'))]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toMatchObject({ error: 'ticket_not_transferable' });
    expect(await count('ticket_transfers')).toBe(before + 1);
    expect(await count('spectators', 'registration_id = $1', [reg.registrationId])).toBe(3);
  });

  it('refuses another buyer, another price, a minor and a missing entry', async () => {
    const reg = await paidRegistration([2500, 1000]);
    const other = await deskLogin(sql, 'participant');
    expect(await transfer(reg.registrationId, reg.ticketIds[0]!, adult('Nils', 'nils.relais@example.org'), other.cookie)).toMatchObject({ status: 404, body: { error: 'spectator_not_found' } });
    // A child's ticket (10 $) given to an adult (25 $ on the day).
    expect(await transfer(reg.registrationId, reg.ticketIds[1]!, adult('Omar', 'omar.relais@example.org'))).toMatchObject({
      status: 409,
      body: { error: 'ticket_transfer_price', message: 'This ticket was sold at another price: the new holder needs a ticket of their own.' },
    });
    const teen = adult('Tom', 'tom.relais@example.org', `${Number(today.slice(0, 4)) - 16}-01-01`);
    expect(await transfer(reg.registrationId, reg.ticketIds[0]!, teen)).toMatchObject({ status: 409, body: { error: 'adults_only' } });
    const { email: _email, ...noEmail } = adult('Lou', '');
    expect(await transfer(reg.registrationId, reg.ticketIds[0]!, { ...noEmail, email: '' })).toMatchObject({ status: 400, body: { error: 'null_entries' } });
    expect(await transfer(reg.registrationId, reg.ticketIds[0]!, { ...adult('Lou', 'lou.relais@example.org'), transferId: undefined })).toMatchObject({ status: 400, body: { error: 'null_entries' } });
    expect(await count('ticket_transfers', 'from_ticket_id = any($1::uuid[])', [reg.ticketIds])).toBe(0);
  });
});
