/**
 * A spectator's waiver signed by the emailed link and at the gate, on the real database (issue 28
 * "each adult signs their own waiver, on the same phone or by an emailed link to
 * /waiver/{documentUUID}"; "a missing waiver is signed there"; spec §2 /waiver/{documentUUID?}, §4
 * Waiver, §8 Spectator), through the domain reads the pages render and the API the forms post to:
 * - what /waiver/{signingId} shows: an unknown, malformed or minor's link 'The record was not
 *   found'; an adult's not signed (the text, who signs, where the PDF goes), then signed once they
 *   sign by the link;
 * - at the gate, the official's tablet: the scanner says `waiver_missing`, the adult signs with the
 *   official as witness (the document names the spectator as signatory, the official as witness,
 *   the audit line says `gate`; the PDF goes to the spectator), the ticket then admits; a minor's is
 *   signed by the buyer as guardian; a large body (a selfie) is not cut by the API's 1 MB limit;
 * - a stranger 401, a participant and another promoter's staff 404 (nothing recorded); a rejected
 *   waiver cannot be signed at the gate.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { federationDate } from '../../lib/format';
import { dataUrl, signaturePng } from '../../lib/server/waivers/test-png';
import { deskCall, deskLogin, setUpDeskDatabase, withCmsOutOfReach, type Api, type Sql } from './desk-kit';

// The CMS out of reach: the built-in waiver text and brand, no minor's own signature asked.
withCmsOutOfReach();

const db = setUpDeskDatabase('spectator-waiver-pages');

let api: Api;
let sql: Sql;
const today = federationDate();
let organizationId: number;
let promoterId: number;
let eventId: number;
let version: string;
let official: Awaited<ReturnType<typeof deskLogin>>;
let staff: Awaited<ReturnType<typeof deskLogin>>;
let otherStaff: string;
let participant: string;
let buyer: Awaited<ReturnType<typeof deskLogin>>;
let seq = 0;

const signature = (over: Record<string, unknown> = {}) => ({ textVersion: version, locale: 'en', consentElectronic: true, agreed: true, certified: true, signaturePng: dataUrl('image/png', signaturePng()), ...over });
const gateSign = (spectatorId: string, cookie?: string, body: unknown = signature(), event = eventId) => deskCall(api, 'POST', `/desk/events/${event}/gate/spectators/${spectatorId}/waivers`, { cookie, body });
const documents = async (spectatorId: string) =>
  sql(`select id, state, signatory_role, signatory_name, signatory_user_id, witness_user_id, covered_name from waiver_documents where spectator_id = $1 order by signed_at`, [spectatorId]);
const sendEmails = async () => (await sql(`select data from pgboss.job where name = 'send-email' order by created_on, id`).catch(() => [])).map((r) => (r.data as { mail: { to: { address: string }; subject: string } }).mail);

/**
 * A registration of the buyer for today with its spectators (`adults` other adults with an email,
 * `minors` children), a paid order with one ticket line each, and their tickets.
 */
async function registration(options: { adults?: number; minors?: number } = {}) {
  const [reg] = await sql(`insert into spectator_registrations (event_id, day, buyer_user_id, locale) values ($1, $2, $3, 'en') returning id`, [eventId, today, buyer.id]);
  const people: { id: string; signingId: string; name: string; email: string | null }[] = [];
  const add = async (first: string, birthday: string, email: string | null, isBuyer: boolean) => {
    const [s] = await sql(
      `insert into spectators (registration_id, event_id, day, first_name, last_name, gender, birthday, email, is_buyer, user_id, created_at) values ($1, $2, $3, $4, 'Barrière', 'female', $5, $6, $7, $8, $9) returning id, signing_id`,
      [reg!.id, eventId, today, first, birthday, email, isBuyer, isBuyer ? buyer.id : null, new Date(Date.now() + people.length)],
    );
    people.push({ id: s!.id as string, signingId: s!.signing_id as string, name: `${first} Barrière`, email });
  };
  await add(`Buyer${++seq}`, '1980-04-05', buyer.email, true);
  for (let i = 0; i < (options.adults ?? 1); i++) await add(`Adult${++seq}`, '1985-06-07', `adult${seq}.${randomUUID().slice(0, 6)}@example.org`, false);
  const kidBorn = `${Number(today.slice(0, 4)) - 9}-01-01`;
  for (let i = 0; i < (options.minors ?? 0); i++) await add(`Kid${++seq}`, kidBorn, null, false);
  const total = 2000 * people.length;
  const [order] = await sql(
    `insert into orders (user_id, organization_id, event_id, promoter_id, province, locale, subtotal_cents, discount_cents, tax_cents, total_cents, taxes, provider, hold_expires_at)
     values ($1, $2, $3, $4, 'QC', 'en', $5, 0, 0, $5, '[]', 'office', $6) returning id`,
    [buyer.id, organizationId, eventId, promoterId, total, new Date(Date.now() + 15 * 60_000)],
  );
  for (let i = 0; i < people.length; i++) {
    await sql(`insert into order_lines (order_id, kind, description, unit_cents, quantity, subtotal_cents, discount_cents, tax_cents, total_cents, taxes, event_id) values ($1, 'ticket', 'Adult ticket', 2000, 1, 2000, 0, 0, 2000, '[]', $2)`, [order!.id, eventId]);
  }
  await sql(`update spectator_registrations set order_id = $1 where id = $2`, [order!.id, reg!.id]);
  const { recordPayment } = await import('../../lib/server/checkout/record-payment');
  await recordPayment({ order: order!.id as number, provider: 'office', amountCents: total, recordedBy: 'test' });
  return { registrationId: reg!.id as string, people };
}

/** The scanner's answer for spectator `spectatorId`'s ticket at the North gate. */
async function scan(spectatorId: string): Promise<string> {
  const { ticketCode } = await import('../../lib/server/tickets');
  const [t] = await sql(`select id, event_id, to_char(day, 'YYYY-MM-DD') as day from tickets where spectator_id = $1`, [spectatorId]);
  expect(t, `a ticket for spectator ${spectatorId}`).toBeDefined();
  const code = await ticketCode({ id: t!.id as string, eventId: t!.event_id as number, day: t!.day as string });
  const reply = await deskCall(api, 'POST', `/desk/events/${eventId}/gate/scans`, { cookie: official.cookie, body: { scans: [{ id: randomUUID(), code, gate: 'North', at: new Date().toISOString(), offline: false }] } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body!.results as { result: string }[])[0]!.result;
}

beforeAll(async () => {
  ({ api, sql } = db);
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Barrière Federation') returning id`)) as { id: number }[];
  [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values (960001, $1, 'Barrière Club') returning id`, [organizationId])) as { id: number }[];
  await sql(`insert into promoters (user_id, organization_id, name) values (960002, $1, 'Other Barrière Club')`, [organizationId]);
  [{ id: eventId }] = (await sql(`insert into events (promoter_id, organization_id, name, start_date, state, spectator_settings) values ($1, $2, 'Barrière MX', $3, 'QC', $4) returning id`, [
    promoterId,
    organizationId,
    today,
    JSON.stringify({ enabled: true, dailyCapacity: 500, selfie: false, payAtGate: true }),
  ])) as { id: number }[];
  official = await deskLogin(sql, 'official');
  staff = await deskLogin(sql, 'promoter', 960001);
  otherStaff = (await deskLogin(sql, 'promoter', 960002)).cookie;
  participant = (await deskLogin(sql, 'participant')).cookie;
  buyer = await deskLogin(sql, 'participant');
  const text = await deskCall(api, 'GET', '/waivers/text?kind=spectator&locale=en');
  expect(text.status).toBe(200);
  version = text.body!.version as string;
});

describe('/waiver/{signingId}: what the emailed link shows', () => {
  it('answers ‘The record was not found’ for an unknown, a malformed and a minor’s link', async () => {
    const { getSpectatorWaiverByLink } = await import('../../lib/server/spectators');
    const { people } = await registration({ adults: 0, minors: 1 });
    for (const id of [randomUUID(), 'not-a-uuid', people[1]!.signingId]) {
      await expect(getSpectatorWaiverByLink(id, 'en'), id).rejects.toMatchObject({ code: 'spectator_not_found' });
      expect(await deskCall(api, 'GET', `/spectators/waivers/${id}`)).toMatchObject({ status: 404, body: { error: 'spectator_not_found', message: 'The record was not found' } });
    }
  });

  it('shows an adult’s waiver not signed with its text, then signed once they sign by the link', async () => {
    const { getSpectatorWaiverByLink } = await import('../../lib/server/spectators');
    const { people } = await registration({ adults: 1 });
    const adult = people[1]!;
    const before = await getSpectatorWaiverByLink(adult.signingId.toUpperCase(), 'fr');
    expect(before).toMatchObject({ eventId, eventName: 'Barrière MX', day: today, coveredName: adult.name, signatoryName: adult.name, email: adult.email, state: 'not_signed', canceled: false, selfieRequired: false, minorSignatureRequired: false });
    expect(before.text).toMatchObject({ kind: 'spectator', locale: 'fr' });
    expect(before.text.body.length).toBeGreaterThan(20);

    const signed = await deskCall(api, 'POST', `/spectators/waivers/${adult.signingId}`, { body: signature() });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(await getSpectatorWaiverByLink(adult.signingId, 'en')).toMatchObject({ state: 'signed' });
    expect(await documents(adult.id)).toMatchObject([{ state: 'signed', signatory_role: 'self', signatory_name: adult.name, witness_user_id: null }]);
  });
});

describe('the gate: a missing waiver signed on the official’s tablet', () => {
  it('signs an adult’s waiver with the official as witness, after which the ticket admits', async () => {
    const { getGateSigningContext } = await import('../../lib/server/spectators/get-gate-signing-context');
    const { people } = await registration({ adults: 1 });
    const adult = people[1]!;
    expect(await scan(adult.id)).toBe('waiver_missing');
    const mailsBefore = (await sendEmails()).length;

    const { loadPrincipal } = await import('../../lib/server/policy/load-principal');
    const viewer = await loadPrincipal(official.id);
    expect(await getGateSigningContext(viewer, eventId, adult.id, 'en')).toMatchObject({ spectatorId: adult.id, coveredName: adult.name, signatoryName: adult.name, signatoryRole: 'self', email: adult.email, state: 'not_signed' });

    const signed = await gateSign(adult.id, official.cookie);
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const [doc] = await documents(adult.id);
    expect(doc).toMatchObject({ id: signed.body!.id, state: 'signed', signatory_role: 'self', signatory_name: adult.name, signatory_user_id: null, witness_user_id: official.id, covered_name: adult.name });
    const [audit] = await sql(`select actor, detail from waiver_audit where document_id = $1 and action = 'signed'`, [doc!.id]);
    expect(audit).toMatchObject({ actor: official.id, detail: { witness: official.id, place: 'gate', spectatorId: adult.id } });
    const mails = (await sendEmails()).slice(mailsBefore);
    expect(mails.map((m) => m.to.address)).toEqual([adult.email]);

    expect((await getGateSigningContext(viewer, eventId, adult.id, 'en')).state).toBe('signed');
    expect(await scan(adult.id)).toBe('admitted');
  });

  it('has the buyer sign a minor’s waiver as parent or guardian, witnessed by the event’s staff', async () => {
    const { people } = await registration({ adults: 0, minors: 1 });
    const [parent, kid] = people;
    const signed = await gateSign(kid!.id, staff.cookie);
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(await documents(kid!.id)).toMatchObject([{ signatory_role: 'guardian', signatory_name: parent!.name, signatory_user_id: buyer.id, witness_user_id: staff.id, covered_name: kid!.name }]);
  });

  it('takes a body over the API’s 1 MB JSON limit (a selfie) to the signing checks', async () => {
    const { people } = await registration({ adults: 1 });
    const big = dataUrl('image/jpeg', Buffer.alloc(900 * 1024, 7));
    const reply = await gateSign(people[1]!.id, official.cookie, signature({ selfieJpeg: big }));
    expect(reply.status).not.toBe(413);
    expect(reply.body).toMatchObject({ error: 'invalid_selfie' });
    expect(await documents(people[1]!.id)).toEqual([]);
  });

  it('is closed to a stranger (401), a participant and another promoter’s staff (404), recording nothing', async () => {
    const { getGateSigningContext } = await import('../../lib/server/spectators/get-gate-signing-context');
    const { loadPrincipal } = await import('../../lib/server/policy/load-principal');
    const { people } = await registration({ adults: 1 });
    const adult = people[1]!;
    expect(await gateSign(adult.id)).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect(await gateSign(adult.id, participant)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await gateSign(adult.id, otherStaff)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await gateSign(randomUUID(), official.cookie)).toMatchObject({ status: 404, body: { error: 'spectator_not_found' } });
    await expect(getGateSigningContext(null, eventId, adult.id, 'en')).rejects.toMatchObject({ code: 'unauthenticated' });
    const participantViewer = await loadPrincipal(buyer.id);
    await expect(getGateSigningContext(participantViewer, eventId, adult.id, 'en')).rejects.toMatchObject({ code: 'not_found' });
    expect(await documents(adult.id)).toEqual([]);
  });

  it('refuses a rejected waiver: it cannot be signed at the gate', async () => {
    const { getGateSigningContext } = await import('../../lib/server/spectators/get-gate-signing-context');
    const { loadPrincipal } = await import('../../lib/server/policy/load-principal');
    const { people } = await registration({ adults: 1 });
    const adult = people[1]!;
    await sql(
      `insert into waiver_documents (kind, event_id, spectator_id, covered_name, signatory_name, signatory_role, text_version, text_title, text_body, locale, state, consent_electronic, agreed, certified, ip, user_agent, keep_until)
       values ('spectator', $1, $2, $3, $3, 'self', 'v1', 'Spectator waiver', 'I accept the risks.', 'en', 'rejected', true, true, true, '203.0.113.9', 'test', '2040-01-01')`,
      [eventId, adult.id, adult.name],
    );
    expect((await getGateSigningContext(await loadPrincipal(official.id), eventId, adult.id, 'en')).state).toBe('rejected');
    expect(await gateSign(adult.id, official.cookie)).toMatchObject({ status: 409, body: { error: 'waiver_rejected', message: 'This waiver was rejected and cannot be signed' } });
    expect(await documents(adult.id)).toMatchObject([{ state: 'rejected' }]);
    expect(await scan(adult.id)).toBe('waiver_missing');
  });
});
