/**
 * Waivers on the real database (issue 27 "Waivers"; spec §4 Waiver; DESIGN.md "Signed things never
 * change"): a guardian signs their minor's event waiver through the API and the document keeps the
 * exact text, its version and the images' hashes, kept until the minor is 18 plus the limitation
 * period, and its PDF (with its audit page) goes to the guardian by email; a page that showed an
 * older text, a missing consent, a missing selfie and someone else's child are refused; another
 * promoter's staff cannot read it while the event's promoter staff can (and are recorded); the
 * database refuses to change it; a rejected waiver cannot be signed again; the retention job deletes
 * an expired waiver and leaves its audit line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../lib/server/waivers/waiver-hash';
import { dataUrl, signaturePng, testJpeg } from '../../lib/server/waivers/test-png';
import { deskCall, deskLogin, type Api } from './desk-kit';
import { useTestDatabase, type TestDatabase } from './setup';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-waivers-outbox-'));
let database: TestDatabase;
let pool: pg.Pool;
let api: Api;
let waivers: typeof import('../../lib/server/waivers');
let jobs: typeof import('../../lib/server/jobs');
const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Record<string, unknown>[];

/** The `send-email` jobs queued so far, their mail. */
async function mails(): Promise<{ to: unknown; subject: string; text: string; attachments?: { filename: string; contentType: string; contentBase64: string }[] }[]> {
  const rows = await sql(`select data from pgboss.job where name = 'send-email' order by created_on, id`);
  return rows.map((r) => (r.data as { mail: never }).mail);
}

/** A guardian (logged in) with a minor of their own; `minorBirthday` YYYY-MM-DD. */
async function family(last: string, minorBirthday: string) {
  const login = await deskLogin(sql, 'participant');
  await sql(`update users set name = $1 where id = $2`, [`Ana ${last}`, login.id]);
  const [p] = await sql(`insert into participants (first_name, last_name) values ('Ana', $1) returning id`, [last]);
  const [profile] = await sql(`insert into participant_profiles (participant_id, user_id, first_name, last_name, gender, birthday, email) values ($1, $2, 'Ana', $3, 'female', '1985-03-04', $4) returning id`, [p!.id, login.id, last, login.email]);
  const [m] = await sql(`insert into participants (first_name, last_name) values ('Léo', $1) returning id`, [last]);
  await sql(`insert into participant_profiles (participant_id, guardian_id, relationship, first_name, last_name, gender, birthday) values ($1, $2, 'mother', 'Léo', $3, 'male', $4)`, [m!.id, profile!.id, last, minorBirthday]);
  return { ...login, participantId: p!.id as number, minorId: m!.id as number };
}

let promoterA: { id: number; userId: number };
let promoterB: { id: number; userId: number };
let eventId: number;
let selfieEventId: number;
let ana: Awaited<ReturnType<typeof family>>;
let text: { version: string; title: string; body: string; locale: string };

/** A complete signing body for `who`'s minor at `event`. */
const signing = (over: Record<string, unknown> = {}) => ({
  eventId,
  kind: 'entry',
  participantId: ana.minorId,
  signatoryRole: 'guardian',
  textVersion: text.version,
  locale: 'en',
  consentElectronic: true,
  agreed: true,
  certified: true,
  signaturePng: dataUrl('image/png', signaturePng()),
  ...over,
});

beforeAll(async () => {
  vi.stubEnv('OUTBOX_DIR', outbox);
  vi.stubEnv('SITE_URL', 'http://localhost');
  vi.stubEnv('BETTER_AUTH_SECRET', 'test-secret-test-secret-test-secret-0123');
  vi.stubEnv('MAIL_FROM', 'Federation <no-reply@federation.test>');
  // No CMS: the built-in texts of the messages, the default retention, the site's icon.
  vi.stubEnv('CMS_URL', 'http://127.0.0.1:9');
  vi.stubEnv('SMTP_URL', undefined);
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  waivers = await import('../../lib/server/waivers');
  jobs = await import('../../lib/server/jobs');
  api = (await import('../../lib/server/api/app')).createApiApp() as unknown as Api;
  const promoters = await sql(`insert into promoters (user_id, name) values (9101, 'Promoter A'), (9102, 'Promoter B') returning id, user_id`);
  [promoterA, promoterB] = promoters.map((r) => ({ id: r.id as number, userId: r.user_id as number })) as [typeof promoterA, typeof promoterB];
  const evs = await sql(
    `insert into events (promoter_id, name, start_date, registration_settings) values ($1, 'Motocross de Saint-Roch', '2026-07-12', '{}'), ($1, 'Enduro with selfie', '2026-08-09', '{"waiverSelfie": true}') returning id`,
    [promoterA.id],
  );
  [eventId, selfieEventId] = evs.map((r) => r.id as number) as [number, number];
  ana = await family('Tremblay', '2016-08-01');
  const reply = await deskCall(api, 'GET', '/waivers/text?kind=entry&locale=en');
  expect(reply.status).toBe(200);
  text = reply.body as typeof text;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await jobs?.stopJobs();
  await pool?.end();
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('the waiver text', () => {
  it('is versioned by the SHA-256 of its title and body, in the page’s language (French first on French pages)', async () => {
    expect(text.version).toBe(sha256Hex(`${text.title}\n\n${text.body}`));
    expect(text.body).toContain('Release of liability');
    const fr = (await deskCall(api, 'GET', '/waivers/text?kind=entry&locale=fr')).body!;
    expect(fr.title).toMatch(/Renonciation/);
    expect(fr.version).not.toBe(text.version);
    expect((await deskCall(api, 'GET', '/waivers/text?kind=other')).status).toBe(400);
  });
});

describe('signing', () => {
  let id: string;

  it('as a guardian for their minor seals the text shown, the hashes and the retention, and mails the PDF with its audit page', async () => {
    const reply = await deskCall(api, 'POST', '/waivers', { body: signing(), cookie: ana.cookie });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    id = reply.body!.id as string;
    const [doc] = await sql(`select *, keep_until::text as keep, covered_birthday::text as born from waiver_documents where id = $1`, [id]);
    expect(doc).toMatchObject({
      kind: 'entry',
      event_id: eventId,
      participant_id: ana.minorId,
      covered_name: 'Léo Tremblay',
      signatory_user_id: ana.id,
      signatory_name: 'Ana Tremblay',
      signatory_role: 'guardian',
      text_version: text.version,
      text_title: text.title,
      text_body: text.body,
      locale: 'en',
      state: 'signed',
      consent_electronic: true,
      agreed: true,
      certified: true,
      signature_sha256: sha256Hex(signaturePng()),
      selfie_sha256: null,
      born: '2016-08-01',
      // 18 on 2034-08-01, plus the 3-year limitation period.
      keep: '2037-08-01',
    });
    expect((doc!.signature_png as Buffer).equals(signaturePng())).toBe(true);
    expect(doc!.ip).toMatch(/^198\.51\.100\./);
    expect(await sql(`select action, actor from waiver_audit where document_id = $1 order by id`, [id])).toEqual([
      { action: 'signed', actor: ana.id },
      { action: 'mailed', actor: null },
    ]);
    expect(await waivers.waiverStateOf(eventId, ana.minorId)).toBe('signed');
    expect(await waivers.waiverStateOf(eventId, ana.participantId)).toBe('not_signed');

    const [mail] = await mails();
    expect(mail).toMatchObject({ to: { name: 'Ana Tremblay', address: ana.email }, subject: 'Your signed waiver for Motocross de Saint-Roch' });
    expect(mail!.attachments).toEqual([{ filename: `waiver-${id.slice(0, 8)}.pdf`, contentType: 'application/pdf', contentBase64: expect.any(String) }]);
    const pdf = await PDFDocument.load(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64'));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getTitle()).toBe(`Signed waiver ${id}`);

    await jobs.drainJobs({ skipDelays: true });
    const emls = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(emls).toHaveLength(1);
    expect(fs.readFileSync(path.join(outbox, emls[0]!), 'utf8')).toMatch(/Content-Disposition: attachment; filename=waiver-[0-9a-f]{8}\.pdf/);
  });

  it('refuses a page that showed another version of the text, a missing consent, a blank pad, a missing selfie and someone else’s child', async () => {
    const before = Number((await sql(`select count(*)::int as n from waiver_documents`))[0]!.n);
    const changed = await deskCall(api, 'POST', '/waivers', { body: signing({ textVersion: sha256Hex('an older text') }), cookie: ana.cookie });
    expect(changed).toMatchObject({ status: 409, body: { error: 'waiver_text_changed' } });
    const unchecked = await deskCall(api, 'POST', '/waivers', { body: signing({ agreed: false }), cookie: ana.cookie });
    expect(unchecked.status).toBe(400);
    expect(unchecked.body!.issues).toEqual([{ path: ['agreed'], code: 'null_agreed' }]);
    const noConsent = await deskCall(api, 'POST', '/waivers', { body: signing({ consentElectronic: undefined, certified: false }), cookie: ana.cookie });
    expect((noConsent.body!.issues as { code: string }[]).map((i) => i.code).sort()).toEqual(['null_certified', 'null_consent_electronic']);
    const blank = await deskCall(api, 'POST', '/waivers', { body: signing({ signaturePng: 'data:image/png;base64,' + Buffer.alloc(64).toString('base64') }), cookie: ana.cookie });
    expect(blank).toMatchObject({ status: 400, body: { error: 'invalid_signature_image' } });
    const noSelfie = await deskCall(api, 'POST', '/waivers', { body: signing({ eventId: selfieEventId }), cookie: ana.cookie });
    expect(noSelfie).toMatchObject({ status: 400, body: { error: 'null_selfie' } });
    const asSelf = await deskCall(api, 'POST', '/waivers', { body: signing({ signatoryRole: 'self' }), cookie: ana.cookie });
    expect(asSelf).toMatchObject({ status: 400, body: { error: 'invalid_signatory_role' } });
    const other = await family('Gagnon', '2014-02-02');
    expect((await deskCall(api, 'POST', '/waivers', { body: signing(), cookie: other.cookie })).status).toBe(404);
    expect((await deskCall(api, 'POST', '/waivers', { body: signing() })).status).toBe(401);
    expect(Number((await sql(`select count(*)::int as n from waiver_documents`))[0]!.n)).toBe(before);

    // With the selfie the event asks for, it is sealed with its hash.
    const withSelfie = await deskCall(api, 'POST', '/waivers', { body: signing({ eventId: selfieEventId, selfieJpeg: dataUrl('image/jpeg', testJpeg()) }), cookie: ana.cookie });
    expect(withSelfie.status, JSON.stringify(withSelfie.body)).toBe(201);
    expect((await sql(`select selfie_sha256 from waiver_documents where id = $1`, [withSelfie.body!.id]))[0]!.selfie_sha256).toBe(sha256Hex(testJpeg()));
  });

  it('is read by the signatory and the event’s promoter staff (recorded), never by another promoter’s staff or another family', async () => {
    const staffA = await deskLogin(sql, 'promoter', promoterA.userId);
    const staffB = await deskLogin(sql, 'promoter', promoterB.userId);
    const other = await family('Roy', '2015-05-05');
    const mine = await deskCall(api, 'GET', `/waivers/${id}`, { cookie: ana.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id, state: 'signed', coveredName: 'Léo Tremblay', textVersion: text.version, signaturePng: dataUrl('image/png', signaturePng()) });
    expect((await deskCall(api, 'GET', `/waivers/${id}`, { cookie: staffB.cookie })).status).toBe(404);
    expect((await deskCall(api, 'GET', `/waivers/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await deskCall(api, 'GET', `/waivers/${id}`)).status).toBe(401);
    expect((await deskCall(api, 'GET', `/waivers/not-a-uuid`, { cookie: staffA.cookie })).status).toBe(404);
    expect((await deskCall(api, 'GET', `/waivers/${id}`, { cookie: staffA.cookie })).status).toBe(200);
    expect(await sql(`select actor from waiver_audit where document_id = $1 and action = 'viewed'`, [id])).toEqual([{ actor: staffA.id }]);

    const res = await api.request(`/api/v1/waivers/${id}/pdf`, { headers: { host: 'localhost', cookie: ana.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(new Uint8Array(await res.arrayBuffer()))).getPageCount()).toBeGreaterThanOrEqual(2);
    expect((await api.request(`/api/v1/waivers/${id}/pdf`, { headers: { host: 'localhost', cookie: staffB.cookie } })).status).toBe(404);
  });

  it('is never changed: the database refuses an update, and a deletion before its retention ends', async () => {
    await expect(sql(`update waiver_documents set covered_name = 'Someone else' where id = $1`, [id])).rejects.toThrow(/never changed/);
    await expect(sql(`delete from waiver_documents where id = $1`, [id])).rejects.toThrow(/kept until/);
    await expect(sql(`update waiver_audit set action = 'x' where document_id = $1`, [id])).rejects.toThrow();
  });

  it('once rejected by the event’s promoter staff, cannot be signed again, and the signed document stays as it was', async () => {
    const staffA = await deskLogin(sql, 'promoter', promoterA.userId);
    const staffB = await deskLogin(sql, 'promoter', promoterB.userId);
    expect((await deskCall(api, 'POST', `/waivers/${id}/reject`, { body: { reason: 'Not the guardian' }, cookie: staffB.cookie })).status).toBe(404);
    expect((await deskCall(api, 'POST', `/waivers/${id}/reject`, { body: { reason: 'Not the guardian' }, cookie: ana.cookie })).status).toBe(404);
    const rejected = await deskCall(api, 'POST', `/waivers/${id}/reject`, { body: { reason: 'Not the guardian' }, cookie: staffA.cookie });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(201);
    expect(rejected.body!.id).not.toBe(id);
    expect(await waivers.waiverStateOf(eventId, ana.minorId)).toBe('rejected');
    const rows = await sql(`select id, state, text_version, signature_sha256 from waiver_documents where event_id = $1 and participant_id = $2 order by signed_at`, [eventId, ana.minorId]);
    expect(rows).toEqual([
      { id, state: 'signed', text_version: text.version, signature_sha256: sha256Hex(signaturePng()) },
      { id: rejected.body!.id, state: 'rejected', text_version: text.version, signature_sha256: null },
    ]);
    const again = await deskCall(api, 'POST', '/waivers', { body: signing(), cookie: ana.cookie });
    expect(again).toMatchObject({ status: 409, body: { error: 'waiver_rejected', message: 'This waiver was rejected and cannot be signed' } });
  });
});

describe('the retention job', () => {
  it('deletes a waiver kept until before today with its images and leaves an audit line without personal data', async () => {
    const insert = (keep: string) =>
      sql(
        `insert into waiver_documents (kind, event_id, covered_name, signatory_user_id, signatory_name, signatory_role, text_version, text_title, text_body, locale, state, consent_electronic, agreed, certified, signature_png, signature_sha256, ip, user_agent, keep_until)
         values ($1, $2, 'Old Rider', null, 'Old Rider', 'self', 'v', 't', 'b', 'en', 'signed', true, true, true, '\\x89504e47'::bytea, 'h', '203.0.113.9', 'UA', $3) returning id`,
        ['entry', eventId, keep],
      );
    const [expired] = await insert('2020-01-01');
    const [kept] = await insert('2099-01-01');
    const result = await jobs.runWaiverRetention();
    expect(result.deleted).toEqual([expired!.id]);
    expect(await sql(`select id from waiver_documents where id in ($1, $2)`, [expired!.id, kept!.id])).toEqual([{ id: kept!.id }]);
    expect(await sql(`select action, actor, detail from waiver_audit where document_id = $1`, [expired!.id])).toEqual([{ action: 'deleted', actor: null, detail: { eventId, kind: 'entry', reason: 'retention' } }]);
    // Run again: nothing more to delete.
    expect((await jobs.runWaiverRetention()).deleted).toEqual([]);
  });
});
