/**
 * Spectator tickets and the gate on the real database (issue 28 "Tickets and the gate"; spec §3
 * Spectator and Transaction, §5 Spectator), through the checkout's own payment and refund use cases
 * and the desk's gate API:
 * - a paid order issues one ticket per spectator and ONE email (QR codes and waiver PDFs); issuing
 *   again (a webhook delivered twice, the gate payment of reserved tickets) makes nothing more;
 * - a forged QR code (one byte changed) is refused `invalid`; another event's ticket `wrong_event`,
 *   another day's `wrong_day`; a spectator without a signed waiver `waiver_missing`;
 * - one scan admits once; the same scan sent twice records once; two gates scanning the same ticket
 *   at once admit once; an offline scan of a ticket already admitted is reported as a conflict;
 * - an unpaid ticket (reserved to pay at the gate) scans `unpaid`, is paid at the gate, then admits;
 * - a refunded order, or one refunded ticket line, scans `voided`;
 * - a late payment for an order whose hold expired and whose places went to others is sent back
 *   (`goodsStillFree` counts the day's capacity); with room left it is kept and its tickets issued;
 * - the counts per gate and per hour; a stranger 401, a participant and another promoter's staff 404.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { federationDate } from '../../lib/format';
import { deskCall, deskLogin, setUpDeskDatabase, withCmsOutOfReach, type Api, type Sql } from './desk-kit';

// The CMS out of reach: the receipts' and waivers' built-in brand.
withCmsOutOfReach();

const db = setUpDeskDatabase('tickets');

let api: Api;
let sql: Sql;
const today = federationDate();
const tomorrow = federationDate(new Date(Date.now() + 86_400_000));
let organizationId: number;
let promoterId: number;
let eventId: number;
let otherEventId: number;
let staff: string;
let otherStaff: string;
let participant: string;
let buyer: { id: string; email: string; cookie: string };
let seq = 0;

type Reply = { id: string; result: string; duplicate: boolean; name: string | null; day: string | null; gate: string; scannedAt: string; usedAt?: string; usedGate?: string; conflict?: boolean; order?: string; dueCents?: number };

/** A spectator registration of `n` people for `day` with its order of ticket lines (20 $ each), linked as the spectator registration links them. */
async function ticketOrder(n: number, options: { day?: string; event?: number; signed?: boolean[]; holdMinutes?: number; createdAgoMinutes?: number } = {}) {
  const event = options.event ?? eventId;
  const day = options.day ?? today;
  const created = new Date(Date.now() - (options.createdAgoMinutes ?? 0) * 60_000);
  const holdEnds = new Date(created.getTime() + (options.holdMinutes ?? 15) * 60_000);
  const [reg] = await sql(`insert into spectator_registrations (event_id, day, buyer_user_id, locale) values ($1, $2, $3, 'en') returning id`, [event, day, buyer.id]);
  const spectatorIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const [s] = await sql(
      `insert into spectators (registration_id, event_id, day, first_name, last_name, gender, birthday, email, is_buyer, created_at) values ($1, $2, $3, $4, 'Gate', 'female', '1990-01-01', $5, $6, $7) returning id`,
      [reg!.id, event, day, `Fan${++seq}`, i === 0 ? buyer.email : null, i === 0, new Date(created.getTime() + i)],
    );
    spectatorIds.push(s!.id as string);
    if (options.signed?.[i] ?? true) {
      await sql(
        `insert into waiver_documents (kind, event_id, spectator_id, covered_name, signatory_user_id, signatory_name, signatory_role, text_version, text_title, text_body, locale, state, consent_electronic, agreed, certified, ip, user_agent, keep_until)
         values ('spectator', $1, $2, $3, $4, 'Buyer Gate', 'self', 'v1', 'Spectator waiver', 'I accept the risks.', 'en', 'signed', true, true, true, '203.0.113.9', 'test', '2040-01-01')`,
        [event, s!.id, `Fan${seq} Gate`, buyer.id],
      );
    }
  }
  const total = 2000 * n;
  const [order] = await sql(
    `insert into orders (user_id, organization_id, event_id, promoter_id, province, locale, subtotal_cents, discount_cents, tax_cents, total_cents, taxes, provider, hold_expires_at, created_at)
     values ($1, $2, $3, $4, 'QC', 'en', $5, 0, 0, $5, '[]', 'office', $6, $7) returning id, public_id`,
    [buyer.id, organizationId, event, promoterId, total, holdEnds, created],
  );
  const lines: number[] = [];
  for (let i = 0; i < n; i++) {
    const [line] = await sql(
      `insert into order_lines (order_id, kind, description, unit_cents, quantity, subtotal_cents, discount_cents, tax_cents, total_cents, taxes, event_id) values ($1, 'ticket', 'Adult ticket', 2000, 1, 2000, 0, 0, 2000, '[]', $2) returning id`,
      [order!.id, event],
    );
    lines.push(line!.id as number);
  }
  await sql(`update spectator_registrations set order_id = $1 where id = $2`, [order!.id, reg!.id]);
  return { registrationId: reg!.id as string, orderId: order!.id as number, publicId: order!.public_id as string, spectatorIds, lines, total };
}

/** Pays `order` in full at the office (the checkout's own payment: fulfilment issues the tickets). */
async function pay(order: { orderId: number; total: number }) {
  const { recordPayment } = await import('../../lib/server/checkout/record-payment');
  return recordPayment({ order: order.orderId, provider: 'office', amountCents: order.total, recordedBy: 'test' });
}

/** Issues the tickets of a reserved order, as the spectator registration does when the buyer pays at the gate. */
async function reserveAtGate(orderId: number) {
  const { getDb } = await import('../../lib/server/db');
  const { issueTicketsForOrder } = await import('../../lib/server/tickets');
  return getDb().transaction((tx) => issueTicketsForOrder(tx, orderId));
}

/** The codes of the tickets of `spectatorIds`, in their order. */
async function codes(spectatorIds: string[]): Promise<string[]> {
  const { ticketCode } = await import('../../lib/server/tickets');
  const out: string[] = [];
  for (const id of spectatorIds) {
    const [t] = await sql(`select id, event_id, to_char(day, 'YYYY-MM-DD') as day from tickets where spectator_id = $1`, [id]);
    expect(t, `a ticket for spectator ${id}`).toBeDefined();
    out.push(await ticketCode({ id: t!.id as string, eventId: t!.event_id as number, day: t!.day as string }));
  }
  return out;
}

const scanOf = (code: string, over: Partial<{ id: string; gate: string; at: string; offline: boolean }> = {}) => ({ id: randomUUID(), code, gate: 'North', at: new Date().toISOString(), offline: false, ...over });

async function scan(scans: ReturnType<typeof scanOf>[], cookie = staff, event = eventId): Promise<Reply[]> {
  const reply = await deskCall(api, 'POST', `/desk/events/${event}/gate/scans`, { cookie, body: { scans } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body!.results as Reply[];
}

// The queue's tables exist once the first job was enqueued.
const sendEmails = async () => (await sql(`select data from pgboss.job where name = 'send-email' order by created_on, id`).catch(() => [])).map((r) => (r.data as { mail: { to: unknown; subject: string; text: string; attachments?: { filename: string; contentType: string; contentBase64: string }[] } }).mail);
const ticketMails = async () => (await sendEmails()).filter((m) => m.subject.startsWith('Your tickets'));

beforeAll(async () => {
  ({ api, sql } = db);
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Ticket Federation') returning id`)) as { id: number }[];
  [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (970001, $1, 'Ticket Club') returning id`, [organizationId])) as { id: number }[];
  const [{ id: otherPromoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (970002, $1, 'Other Ticket Club') returning id`, [organizationId])) as { id: number }[];
  const settings = JSON.stringify({ enabled: true, dailyCapacity: 500 });
  const insertEvent = `insert into events (promoter_id, organization_id, name, start_date, end_date, state, spectator_settings) values ($1, $2, $3, $4, $5, 'QC', $6) returning id`;
  [{ id: eventId }] = (await sql(insertEvent, [promoterId, organizationId, 'Ticket MX', today, tomorrow, settings])) as { id: number }[];
  [{ id: otherEventId }] = (await sql(insertEvent, [otherPromoterId, organizationId, 'Other Ticket MX', today, today, settings])) as { id: number }[];
  staff = (await deskLogin(sql, 'promoter', 970001)).cookie;
  otherStaff = (await deskLogin(sql, 'promoter', 970002)).cookie;
  participant = (await deskLogin(sql, 'participant')).cookie;
  buyer = await deskLogin(sql, 'participant');
});

describe('tickets of a paid order', () => {
  it('issues one ticket per spectator and one email with the QR codes and waiver PDFs; issuing again makes nothing more', async () => {
    const before = (await ticketMails()).length;
    const order = await ticketOrder(2);
    const paid = await pay(order);
    expect(paid.action).toBe('keep');
    expect(await sql(`select order_line_id from tickets where spectator_id = any($1::uuid[]) order by order_line_id`, [order.spectatorIds])).toEqual(order.lines.map((id) => ({ order_line_id: id })));
    const mails = (await ticketMails()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toMatchObject({ address: buyer.email });
    expect(mails[0]!.subject).toBe('Your tickets for Ticket MX');
    const files = mails[0]!.attachments!.map((a) => a.filename);
    expect(files.filter((f) => /^ticket-[0-9A-F]{8}\.png$/.test(f))).toHaveLength(2);
    expect(files.filter((f) => /^waiver-[0-9a-f]{8}\.pdf$/.test(f))).toHaveLength(2);
    const png = Buffer.from(mails[0]!.attachments!.find((a) => a.contentType === 'image/png')!.contentBase64, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    // Fulfilment run again (a webhook delivered twice) and the gate path: no second ticket, no second email.
    const again = await reserveAtGate(order.orderId);
    expect(again.issued).toEqual([]);
    expect(again.all).toHaveLength(2);
    expect(Number((await sql(`select count(*)::int as n from tickets where spectator_id = any($1::uuid[])`, [order.spectatorIds]))[0]!.n)).toBe(2);
    expect((await ticketMails()).length).toBe(before + 1);
  });
});

describe('the gate', () => {
  it('refuses a forged code, another event’s ticket and another day’s; a missing waiver is said', async () => {
    const order = await ticketOrder(2, { signed: [true, false] });
    await pay(order);
    const [good, unsigned] = await codes(order.spectatorIds);
    const i = good!.length - 10;
    const forged = good!.slice(0, i) + (good![i] === 'A' ? 'B' : 'A') + good!.slice(i + 1);
    const other = await ticketOrder(1, { event: otherEventId });
    await pay(other);
    const [otherCode] = await codes(other.spectatorIds);
    const later = await ticketOrder(1, { day: tomorrow });
    await pay(later);
    const [laterCode] = await codes(later.spectatorIds);

    const replies = await scan([scanOf(forged), scanOf('not a ticket'), scanOf(otherCode!), scanOf(laterCode!), scanOf(unsigned!)]);
    expect(replies.map((r) => r.result)).toEqual(['invalid', 'invalid', 'wrong_event', 'wrong_day', 'waiver_missing']);
    expect(replies[0]).toMatchObject({ name: null, day: null });
    expect(replies[4]).toMatchObject({ day: today, spectatorId: order.spectatorIds[1] });
    expect(replies[4]!.name).toMatch(/^Fan\d+ Gate$/);
    // Every scan is recorded, the refused ones too.
    expect(Number((await sql(`select count(*)::int as n from ticket_scans where device_scan_id = any($1::uuid[])`, [replies.map((r) => r.id)]))[0]!.n)).toBe(5);
    // The forged code would admit if it were not forged: the original admits.
    expect((await scan([scanOf(good!)]))[0]!.result).toBe('admitted');
  });

  it('admits once: a second scan says when and where; the same scan sent twice records once', async () => {
    const order = await ticketOrder(1);
    await pay(order);
    const [code] = await codes(order.spectatorIds);
    const first = scanOf(code!, { gate: 'North' });
    expect((await scan([first]))[0]).toMatchObject({ result: 'admitted', duplicate: false });
    // The batch sent again (a reply lost): the first answer, nothing recorded twice.
    const again = await scan([first]);
    expect(again[0]).toMatchObject({ result: 'admitted', duplicate: true, gate: 'North' });
    expect(Number((await sql(`select count(*)::int as n from ticket_scans where device_scan_id = $1`, [first.id]))[0]!.n)).toBe(1);
    const second = (await scan([scanOf(code!, { gate: 'South' })]))[0]!;
    expect(second).toMatchObject({ result: 'already_used', usedGate: 'North', conflict: false });
    expect(new Date(second.usedAt!).getTime()).toBe(new Date(first.at).getTime());
  });

  it('admits once when several gates scan the same ticket at the same moment', async () => {
    const order = await ticketOrder(1);
    await pay(order);
    const [code] = await codes(order.spectatorIds);
    const gates = ['North', 'South', 'Pits', 'East'];
    const replies = (await Promise.all(gates.map((gate) => scan([scanOf(code!, { gate })])))).map((r) => r[0]!);
    expect(replies.map((r) => r.result).sort()).toEqual(['admitted', 'already_used', 'already_used', 'already_used']);
    const winner = replies.find((r) => r.result === 'admitted')!;
    for (const r of replies.filter((x) => x !== winner)) expect(r).toMatchObject({ usedGate: winner.gate, conflict: false });
    const rows = await sql(`select result from ticket_scans s join tickets t on t.id = s.ticket_id where t.spectator_id = $1`, [order.spectatorIds[0]]);
    expect(rows.filter((r) => r.result === 'admitted')).toHaveLength(1);
    expect(rows).toHaveLength(4);
  });

  it('answers already_used when another gate’s admission commits while this scan is being judged (the unique index decides)', async () => {
    const pg = (await import('pg')).default;
    const order = await ticketOrder(1);
    await pay(order);
    const [code] = await codes(order.spectatorIds);
    const [ticket] = await sql(`select id from tickets where spectator_id = $1`, [order.spectatorIds[0]]);
    // Another gate's admission, written but not committed yet: this scan cannot see it and tries to admit.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`insert into ticket_scans (ticket_id, event_id, device_scan_id, gate, result, scanned_at, scanned_by) values ($1, $2, $3, 'East', 'admitted', now(), 'other')`, [ticket!.id, eventId, randomUUID()]);
      const pending = scan([scanOf(code!, { gate: 'West' })]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('commit');
      expect((await pending)[0]).toMatchObject({ result: 'already_used', usedGate: 'East' });
    } finally {
      await other.end();
    }
    const rows = await sql(`select result from ticket_scans where ticket_id = $1 order by id`, [ticket!.id]);
    expect(rows.map((r) => r.result)).toEqual(['admitted', 'already_used']);
  });

  it('reports an offline scan of a ticket already admitted as a conflict, with both gates and times', async () => {
    const order = await ticketOrder(1);
    await pay(order);
    const [code] = await codes(order.spectatorIds);
    const online = scanOf(code!, { gate: 'North' });
    expect((await scan([online]))[0]!.result).toBe('admitted');
    const offlineAt = new Date(Date.now() - 60_000).toISOString();
    const offline = (await scan([scanOf(code!, { gate: 'Pits', at: offlineAt, offline: true })]))[0]!;
    expect(offline).toMatchObject({ result: 'already_used', conflict: true, gate: 'Pits', usedGate: 'North' });
    expect(new Date(offline.scannedAt).getTime()).toBe(new Date(offlineAt).getTime());
    const [row] = await sql(`select result, offline from ticket_scans where device_scan_id = $1`, [offline.id]);
    expect(row).toEqual({ result: 'already_used', offline: true });
  });

  it('an unpaid ticket scans unpaid, is paid at the gate, then admits; the second payment click records nothing', async () => {
    const before = (await ticketMails()).length;
    const order = await ticketOrder(2, { holdMinutes: 30 * 24 * 60 });
    const reserved = await reserveAtGate(order.orderId);
    expect(reserved.issued).toHaveLength(2);
    const mails = (await ticketMails()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('to pay at the gate');
    const [code] = await codes(order.spectatorIds);
    const unpaid = (await scan([scanOf(code!)]))[0]!;
    expect(unpaid).toMatchObject({ result: 'unpaid', order: order.publicId, dueCents: 4000 });

    expect((await deskCall(api, 'POST', `/desk/events/${otherEventId}/gate/pay`, { cookie: otherStaff, body: { order: order.publicId } })).status).toBe(404);
    // A federation official scans at the gate but does not take the promoter's money (the page sends the spectator to the promoter's staff).
    const official = (await deskLogin(sql, 'official')).cookie;
    expect((await scan([scanOf(code!)], official))[0]!).toMatchObject({ result: 'unpaid', dueCents: 4000 });
    expect((await deskCall(api, 'POST', `/desk/events/${eventId}/gate/pay`, { cookie: official, body: { order: order.publicId } })).status).toBe(404);
    const paid = await deskCall(api, 'POST', `/desk/events/${eventId}/gate/pay`, { cookie: staff, body: { order: order.publicId } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ order: order.publicId, recorded: true, paidCents: 4000, dueCents: 0, state: 'paid' });
    const twice = await deskCall(api, 'POST', `/desk/events/${eventId}/gate/pay`, { cookie: staff, body: { order: order.publicId } });
    expect(twice.body).toMatchObject({ recorded: false, paidCents: 4000 });
    expect(Number((await sql(`select count(*)::int as n from payments where order_id = $1`, [order.orderId]))[0]!.n)).toBe(1);
    expect((await scan([scanOf(code!)]))[0]!.result).toBe('admitted');
    // Paying issued no second ticket email (the receipt goes on its own).
    expect((await ticketMails()).length).toBe(before + 1);
  });

  it('a refunded order, or one refunded ticket line, scans voided', async () => {
    const { recordRefund } = await import('../../lib/server/checkout/record-refund');
    const { ticketLineRefundKey } = await import('../../lib/server/tickets');
    const whole = await ticketOrder(1);
    await pay(whole);
    await recordRefund('checkout', { order: whole.orderId, amountCents: whole.total, reason: 'Event day cancelled', idempotencyKey: `test-${randomUUID()}` });
    const [wholeCode] = await codes(whole.spectatorIds);

    const part = await ticketOrder(2);
    await pay(part);
    await recordRefund('checkout', { order: part.orderId, amountCents: 2000, reason: 'One spectator cannot come', idempotencyKey: ticketLineRefundKey(part.lines[1]!) });
    const [kept, refunded] = await codes(part.spectatorIds);

    const replies = await scan([scanOf(wholeCode!), scanOf(refunded!), scanOf(kept!)]);
    expect(replies.map((r) => r.result)).toEqual(['voided', 'voided', 'admitted']);
  });

  it('counts admissions per gate and per hour, and the tickets sold and unpaid', async () => {
    const counts = await deskCall(api, 'GET', `/desk/events/${eventId}/gate/counts?day=${today}`, { cookie: staff });
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
    const body = counts.body as { perGate: { gate: string; admitted: number }[]; perHour: { hour: string; admitted: number }[]; totals: { sold: number; admitted: number; unpaid: number } };
    const admitted = Number((await sql(`select count(*)::int as n from ticket_scans s join tickets t on t.id = s.ticket_id where s.event_id = $1 and s.result = 'admitted' and t.day = $2`, [eventId, today]))[0]!.n);
    expect(admitted).toBeGreaterThan(3);
    expect(body.totals.admitted).toBe(admitted);
    expect(body.perGate.reduce((n, g) => n + g.admitted, 0)).toBe(admitted);
    expect(body.perGate.map((g) => g.gate)).toContain('North');
    expect(body.perHour.reduce((n, h) => n + h.admitted, 0)).toBe(admitted);
    expect(body.perHour[0]!.hour).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
    // Two voided tickets are not sold; the rest are, all paid by now.
    const issued = Number((await sql(`select count(*)::int as n from tickets where event_id = $1 and day = $2`, [eventId, today]))[0]!.n);
    expect(body.totals.sold).toBe(issued - 2);
    expect(body.totals.unpaid).toBe(0);
  });

  it('is closed to a stranger (401), a participant and another promoter’s staff (404), recording nothing', async () => {
    const order = await ticketOrder(1);
    await pay(order);
    const [code] = await codes(order.spectatorIds);
    const attempt = scanOf(code!);
    expect((await deskCall(api, 'POST', `/desk/events/${eventId}/gate/scans`, { body: { scans: [attempt] } })).status).toBe(401);
    for (const cookie of [participant, otherStaff]) {
      expect((await deskCall(api, 'POST', `/desk/events/${eventId}/gate/scans`, { cookie, body: { scans: [attempt] } })).status).toBe(404);
      expect((await deskCall(api, 'GET', `/desk/events/${eventId}/gate/counts`, { cookie })).status).toBe(404);
      expect((await deskCall(api, 'POST', `/desk/events/${eventId}/gate/pay`, { cookie, body: { order: order.publicId } })).status).toBe(404);
    }
    expect(Number((await sql(`select count(*)::int as n from ticket_scans where device_scan_id = $1`, [attempt.id]))[0]!.n)).toBe(0);
    // A scan without its gate is refused whole: nothing recorded.
    const bad = await deskCall(api, 'POST', `/desk/events/${eventId}/gate/scans`, { cookie: staff, body: { scans: [{ ...attempt, gate: '' }] } });
    expect(bad.status).toBe(400);
    expect(Number((await sql(`select count(*)::int as n from ticket_scans where device_scan_id = $1`, [attempt.id]))[0]!.n)).toBe(0);
  });
});

describe('the late-payment rule for tickets (goodsStillFree)', () => {
  it('sends back a payment whose hold expired and whose places went to others; keeps one with room left', async () => {
    const { recordPayment } = await import('../../lib/server/checkout/record-payment');
    const [{ id: smallEvent }] = (await sql(`insert into events (promoter_id, organization_id, name, start_date, end_date, state, spectator_settings) values ($1, $2, 'Small MX', $3, $3, 'QC', $4) returning id`, [promoterId, organizationId, today, JSON.stringify({ enabled: true, dailyCapacity: 3 })])) as { id: number }[];
    // Ana held 2 places 20 minutes ago; her 15-minute hold ran out and Bea bought 2 of the 3.
    const late = await ticketOrder(2, { event: smallEvent, createdAgoMinutes: 20 });
    const bea = await ticketOrder(2, { event: smallEvent });
    await pay(bea);
    const sentBack = await recordPayment({ order: late.orderId, provider: 'stripe', amountCents: late.total, providerTransactionId: `pi_${randomUUID()}` });
    expect(sentBack).toMatchObject({ action: 'refund', reason: 'late_goods_taken' });
    expect(Number((await sql(`select count(*)::int as n from tickets where spectator_id = any($1::uuid[])`, [late.spectatorIds]))[0]!.n)).toBe(0);

    // Cleo's 1 place, late too, still fits: kept, her ticket issued.
    const cleo = await ticketOrder(1, { event: smallEvent, createdAgoMinutes: 20 });
    const kept = await recordPayment({ order: cleo.orderId, provider: 'stripe', amountCents: cleo.total, providerTransactionId: `pi_${randomUUID()}` });
    expect(kept).toMatchObject({ action: 'keep', reason: 'late_goods_free' });
    expect(Number((await sql(`select count(*)::int as n from tickets where spectator_id = any($1::uuid[])`, [cleo.spectatorIds]))[0]!.n)).toBe(1);

    const { getDb } = await import('../../lib/server/db');
    const { ticketsTakenOnDay } = await import('../../lib/server/tickets');
    expect(await getDb().transaction((tx) => ticketsTakenOnDay(tx, smallEvent, today))).toBe(3);
  });
});
