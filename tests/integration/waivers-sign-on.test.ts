/**
 * Waivers with the federation's settings and texts, and at sign-on, on the real database (issue 27
 * "Waivers": "The waiver text is CMS content per event type and language"; "a minor's waiver signed
 * by the guardian, and by the minor too when the federation's setting says so"; "sign a missing
 * waiver on the official's tablet"). The content service is a small HTTP server answering like
 * Strapi (the parameters and the waiver texts; Strapi itself is not started by the tests):
 *
 * - an enduro event shows and seals the enduro text, in French when there is one, else in English,
 *   and a page that showed the general text is refused;
 * - with `WaiverMinorSignature` on, a guardian's signature needs the minor's too, which is sealed
 *   with its hash, drawn in the PDF and listed by the document; with it off, one sent is refused;
 * - the event's promoter staff take a signature in person: the guardian is the signatory, the
 *   official the witness (audit line, document, PDF), the PDF mailed to the guardian; another
 *   promoter's staff get `not_found`, a rider with no account `no_signatory_account`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataUrl, signaturePng, testPng } from '../../lib/server/waivers/test-png';
import { sha256Hex } from '../../lib/server/waivers/waiver-hash';
import { deskCall, deskLogin, type Api } from './desk-kit';
import { useTestDatabase, type TestDatabase } from './setup';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-waivers-sign-on-outbox-'));
let database: TestDatabase;
let pool: pg.Pool;
let api: Api;
let cms: http.Server;
let waivers: typeof import('../../lib/server/waivers');
let policy: typeof import('../../lib/server/policy');
let jobs: typeof import('../../lib/server/jobs');
const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Record<string, unknown>[];

/** What the content service holds: the federation's minor-signature setting and the waiver texts by locale. */
const content = { minorSignature: 'false' };
const TEXTS = {
  general: {
    en: { Title: 'Participant waiver (general)', Body: 'General release of liability.' },
    'fr-CA': { Title: 'Renonciation du participant (générale)', Body: 'Exonération générale de responsabilité.' },
  },
  enduro: {
    en: { Title: 'Enduro participant waiver', Body: 'Enduro: open course, route sheets, sweep riders.' },
    'fr-CA': { Title: 'Renonciation du participant – enduro', Body: 'Enduro : parcours ouvert, feuilles de route, serre-files.' },
  },
  // English only: a French page shows the English quad text.
  quad: { en: { Title: 'Quad participant waiver', Body: 'Quad: rollover risks.' } },
} as const;

function strapi(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://cms');
  const reply = (data: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ data, meta: {} }));
  };
  if (url.pathname === '/api/parameters') return reply([{ id: 1, documentId: 'p1', Name: 'WaiverMinorSignature', Value: content.minorSignature }]);
  if (url.pathname === '/api/waivers') {
    const locale = url.searchParams.get('locale') ?? 'en';
    const entries = Object.entries(TEXTS).flatMap(([discipline, byLocale], i) => {
      const text = (byLocale as Record<string, { Title: string; Body: string }>)[locale];
      return text ? [{ id: i + 1, documentId: `w${i}`, Kind: 'entry', Discipline: discipline === 'general' ? null : discipline, ...text }] : [];
    });
    return reply(url.searchParams.get('filters[Kind][$eq]') === 'entry' ? entries : []);
  }
  res.writeHead(404, { 'Content-Type': 'application/json' });
  res.end('{"data":null}');
}

/** A guardian (logged in) with a minor of their own. */
async function family(last: string) {
  const login = await deskLogin(sql, 'participant');
  await sql(`update users set name = $1 where id = $2`, [`Ana ${last}`, login.id]);
  const [p] = await sql(`insert into participants (first_name, last_name) values ('Ana', $1) returning id`, [last]);
  const [profile] = await sql(`insert into participant_profiles (participant_id, user_id, first_name, last_name, gender, birthday, email) values ($1, $2, 'Ana', $3, 'female', '1985-03-04', $4) returning id`, [p!.id, login.id, last, login.email]);
  const [m] = await sql(`insert into participants (first_name, last_name) values ('Léo', $1) returning id`, [last]);
  await sql(`insert into participant_profiles (participant_id, guardian_id, relationship, first_name, last_name, gender, birthday) values ($1, $2, 'mother', 'Léo', $3, 'male', '2014-08-01')`, [m!.id, profile!.id, last]);
  return { ...login, participantId: p!.id as number, minorId: m!.id as number };
}

/** The number of images drawn in waiver `id`'s PDF as `cookie` downloads it (an image's transparency mask not counted apart). */
async function imageCount(id: string, cookie: string): Promise<number> {
  const res = await api.request(`/api/v1/waivers/${id}/pdf`, { headers: { host: 'localhost', cookie } });
  const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
  const images = pdf.context.enumerateIndirectObjects().filter(([, obj]) => obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  const masks = new Set(images.map(([, obj]) => String((obj as PDFRawStream).dict.get(PDFName.of('SMask')))));
  return images.filter(([ref]) => !masks.has(String(ref))).length;
}

const minorPng = () => testPng(300, 100, (x, y) => (Math.abs(y - 30 - Math.round(x / 10)) < 3 ? [20, 20, 120, 255] : null), 2);

let promoterA: number;
let promoterB: number;
let mxEvent: number;
let enduroEvent: number;
let ana: Awaited<ReturnType<typeof family>>;
let general: { version: string; title: string };
/** A guardian's signature without the minor's (the enduro one). */
let guardianOnly: string;
let staffA: Awaited<ReturnType<typeof deskLogin>>;
let staffB: Awaited<ReturnType<typeof deskLogin>>;

const signing = (over: Record<string, unknown> = {}) => ({
  eventId: mxEvent,
  kind: 'entry',
  participantId: ana.minorId,
  signatoryRole: 'guardian',
  textVersion: general.version,
  locale: 'en',
  consentElectronic: true,
  agreed: true,
  certified: true,
  signaturePng: dataUrl('image/png', signaturePng()),
  ...over,
});

beforeAll(async () => {
  cms = http.createServer(strapi);
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('CMS_URL', `http://127.0.0.1:${(cms.address() as AddressInfo).port}`);
  // Another file of this worker may have marked the CMS down for 15 s.
  Object.assign(globalThis, { __llCmsDownUntil: 0, __llCmsDown: false });
  vi.stubEnv('OUTBOX_DIR', outbox);
  vi.stubEnv('SITE_URL', 'http://localhost');
  vi.stubEnv('BETTER_AUTH_SECRET', 'test-secret-test-secret-test-secret-0123');
  vi.stubEnv('MAIL_FROM', 'Federation <no-reply@federation.test>');
  vi.stubEnv('SMTP_URL', undefined);
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  waivers = await import('../../lib/server/waivers');
  policy = await import('../../lib/server/policy');
  jobs = await import('../../lib/server/jobs');
  api = (await import('../../lib/server/api/app')).createApiApp() as unknown as Api;
  const promoters = await sql(`insert into promoters (user_id, name) values (9201, 'Promoter A'), (9202, 'Promoter B') returning id, user_id`);
  [promoterA, promoterB] = promoters.map((r) => r.user_id as number) as [number, number];
  const evs = await sql(
    `insert into events (promoter_id, name, start_date, discipline, registration_settings) values ($1, 'Motocross de Saint-Roch', '2026-07-12', 'motocross', '{}'), ($1, 'Enduro des Appalaches', '2026-08-09', 'enduro', '{}') returning id`,
    [promoters[0]!.id],
  );
  [mxEvent, enduroEvent] = evs.map((r) => r.id as number) as [number, number];
  ana = await family('Tremblay');
  staffA = await deskLogin(sql, 'promoter', promoterA);
  staffB = await deskLogin(sql, 'promoter', promoterB);
  await sql(`update users set name = 'Marc Official' where id = $1`, [staffA.id]);
  const reply = await deskCall(api, 'GET', `/waivers/text?kind=entry&locale=en&eventId=${mxEvent}`);
  expect(reply.status).toBe(200);
  general = reply.body as typeof general;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await jobs?.stopJobs();
  await pool?.end();
  await database?.drop();
  await new Promise<void>((resolve) => cms.close(() => resolve()));
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('the text of the event’s discipline', () => {
  it('is the discipline’s in the page’s language, else in English, else the general text', async () => {
    expect(general).toMatchObject({ title: TEXTS.general.en.Title, discipline: null });
    const enduroFr = await deskCall(api, 'GET', `/waivers/text?kind=entry&locale=fr&eventId=${enduroEvent}`);
    expect(enduroFr.body).toMatchObject({ title: TEXTS.enduro['fr-CA'].Title, body: TEXTS.enduro['fr-CA'].Body, locale: 'fr', discipline: 'enduro' });
    const quadFr = await deskCall(api, 'GET', '/waivers/text?kind=entry&locale=fr&discipline=quad');
    expect(quadFr.body).toMatchObject({ title: TEXTS.quad.en.Title, locale: 'en', discipline: 'quad' });
    const roadEs = await deskCall(api, 'GET', '/waivers/text?kind=entry&locale=es&discipline=road');
    expect(roadEs.body).toMatchObject({ title: TEXTS.general.en.Title, locale: 'en', discipline: null });
    expect((await deskCall(api, 'GET', '/waivers/text?kind=entry&eventId=2147483000')).status).toBe(404);
    expect((await deskCall(api, 'GET', '/waivers/text?kind=entry&discipline=trials')).body).toMatchObject({ error: 'invalid_discipline' });
  });

  it('is the version signing checks: the general text is refused at an enduro event, the enduro one sealed', async () => {
    const wrong = await deskCall(api, 'POST', '/waivers', { body: signing({ eventId: enduroEvent }), cookie: ana.cookie });
    expect(wrong).toMatchObject({ status: 409, body: { error: 'waiver_text_changed' } });
    const text = (await deskCall(api, 'GET', `/waivers/text?kind=entry&locale=fr&eventId=${enduroEvent}`)).body!;
    const signed = await deskCall(api, 'POST', '/waivers', { body: signing({ eventId: enduroEvent, locale: 'fr', textVersion: text.version }), cookie: ana.cookie });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    guardianOnly = signed.body!.id as string;
    const [doc] = await sql(`select text_title, text_body, text_version from waiver_documents where id = $1`, [signed.body!.id]);
    expect(doc).toEqual({ text_title: TEXTS.enduro['fr-CA'].Title, text_body: TEXTS.enduro['fr-CA'].Body, text_version: sha256Hex(`${TEXTS.enduro['fr-CA'].Title}\n\n${TEXTS.enduro['fr-CA'].Body}`) });
  });
});

describe('the minor’s own signature', () => {
  it('when the federation asks for it, is required beside the guardian’s, sealed with its hash and drawn in the PDF', async () => {
    content.minorSignature = 'true';
    const missing = await deskCall(api, 'POST', '/waivers', { body: signing(), cookie: ana.cookie });
    expect(missing).toMatchObject({ status: 400, body: { error: 'null_minor_signature' } });
    const blank = await deskCall(api, 'POST', '/waivers', { body: signing({ minorSignaturePng: dataUrl('image/png', testPng(300, 100, () => null)) }), cookie: ana.cookie });
    expect(blank).toMatchObject({ status: 400, body: { error: 'invalid_minor_signature_image' } });
    const notPng = await deskCall(api, 'POST', '/waivers', { body: signing({ minorSignaturePng: 'data:image/jpeg;base64,AAAA' }), cookie: ana.cookie });
    expect(notPng.status).toBe(400);
    expect(notPng.body!.issues).toEqual([{ path: ['minorSignaturePng'], code: 'invalid_minor_signature_image' }]);

    const signed = await deskCall(api, 'POST', '/waivers', { body: signing({ minorSignaturePng: dataUrl('image/png', minorPng()) }), cookie: ana.cookie });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const id = signed.body!.id as string;
    const [doc] = await sql(`select minor_signature_png, minor_signature_sha256, signature_sha256, witness_user_id from waiver_documents where id = $1`, [id]);
    expect(doc).toMatchObject({ minor_signature_sha256: sha256Hex(minorPng()), signature_sha256: sha256Hex(signaturePng()), witness_user_id: null });
    expect((doc!.minor_signature_png as Buffer).equals(minorPng())).toBe(true);

    const view = await deskCall(api, 'GET', `/waivers/${id}`, { cookie: ana.cookie });
    expect(view.body).toMatchObject({ minorSignatureSha256: sha256Hex(minorPng()), minorSignaturePng: dataUrl('image/png', minorPng()), witnessName: null });
    // One image more than the guardian's signature alone: the minor's beside it.
    expect(await imageCount(id, ana.cookie)).toBe((await imageCount(guardianOnly, ana.cookie)) + 1);

    // An adult signing for themself is never asked for one, and one sent is refused.
    const self = await deskCall(api, 'POST', '/waivers', { body: signing({ participantId: ana.participantId, signatoryRole: 'self', minorSignaturePng: dataUrl('image/png', minorPng()) }), cookie: ana.cookie });
    expect(self).toMatchObject({ status: 400, body: { error: 'invalid_minor_signature_image' } });
  });

  it('when the federation does not ask for it, one sent is refused and the guardian signs alone', async () => {
    content.minorSignature = 'false';
    const sent = await deskCall(api, 'POST', '/waivers', { body: signing({ minorSignaturePng: dataUrl('image/png', minorPng()) }), cookie: ana.cookie });
    expect(sent).toMatchObject({ status: 400, body: { error: 'invalid_minor_signature_image' } });
    const alone = await deskCall(api, 'POST', '/waivers', { body: signing(), cookie: ana.cookie });
    expect(alone.status, JSON.stringify(alone.body)).toBe(201);
    expect((await sql(`select minor_signature_sha256 from waiver_documents where id = $1`, [alone.body!.id]))[0]).toEqual({ minor_signature_sha256: null });
  });
});

describe('a signature taken at sign-on on the official’s tablet', () => {
  it('names the guardian as signatory and the event’s staff as witness, and mails the PDF to the guardian', async () => {
    const context = await waivers.getSigningContext(await policy.loadPrincipal(staffA.id), mxEvent, ana.minorId, 'fr');
    expect(context).toMatchObject({
      eventId: mxEvent,
      participantId: ana.minorId,
      coveredName: 'Léo Tremblay',
      signatoryRole: 'guardian',
      signatoryName: 'Ana Tremblay',
      witnessed: true,
      selfieRequired: false,
      minorSignatureRequired: false,
      text: { title: TEXTS.general['fr-CA'].Title, locale: 'fr' },
    });
    const before = Number((await sql(`select count(*)::int as n from pgboss.job where name = 'send-email'`))[0]!.n);
    const signed = await deskCall(api, 'POST', '/waivers', { body: signing({ locale: 'fr', textVersion: context.text.version }), cookie: staffA.cookie });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const id = signed.body!.id as string;
    const [doc] = await sql(`select signatory_user_id, signatory_name, signatory_role, witness_user_id, covered_name from waiver_documents where id = $1`, [id]);
    expect(doc).toEqual({ signatory_user_id: ana.id, signatory_name: 'Ana Tremblay', signatory_role: 'guardian', witness_user_id: staffA.id, covered_name: 'Léo Tremblay' });
    const [audit] = await sql(`select actor, detail from waiver_audit where document_id = $1 and action = 'signed'`, [id]);
    expect(audit).toMatchObject({ actor: staffA.id, detail: { witness: staffA.id, place: 'sign-on', signatory: ana.id } });
    const mails = await sql(`select data from pgboss.job where name = 'send-email' order by created_on, id`);
    expect(mails).toHaveLength(before + 1);
    expect((mails.at(-1)!.data as { mail: { to: unknown } }).mail.to).toEqual({ name: 'Ana Tremblay', address: ana.email });
    // The guardian reads it and sees who witnessed it; so does the event's staff.
    expect((await deskCall(api, 'GET', `/waivers/${id}`, { cookie: ana.cookie })).body).toMatchObject({ signatoryRole: 'guardian', witnessName: 'Marc Official' });
    expect((await deskCall(api, 'GET', `/waivers/${id}`, { cookie: staffA.cookie })).status).toBe(200);
  });

  it('is refused to another promoter’s staff, for a role the person has no account for, and for a rider with no account at all', async () => {
    const count = async () => Number((await sql(`select count(*)::int as n from waiver_documents`))[0]!.n);
    const before = await count();
    expect(await deskCall(api, 'POST', '/waivers', { body: signing(), cookie: staffB.cookie })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    await expect(waivers.getSigningContext(await policy.loadPrincipal(staffB.id), mxEvent, ana.minorId, 'en')).rejects.toMatchObject({ code: 'not_found' });
    expect(await deskCall(api, 'POST', '/waivers', { body: signing({ signatoryRole: 'self' }), cookie: staffA.cookie })).toMatchObject({ status: 400, body: { error: 'invalid_signatory_role' } });
    const [p] = await sql(`insert into participants (first_name, last_name) values ('Paul', 'Papier') returning id`);
    await sql(`insert into participant_profiles (participant_id, first_name, last_name, gender, birthday) values ($1, 'Paul', 'Papier', 'male', '1980-01-01')`, [p!.id]);
    const noAccount = await deskCall(api, 'POST', '/waivers', { body: signing({ participantId: p!.id, signatoryRole: 'self' }), cookie: staffA.cookie });
    expect(noAccount).toMatchObject({ status: 409, body: { error: 'no_signatory_account' } });
    expect(await count()).toBe(before);

    // An adult with their own account signs as themself before the official.
    const adult = await deskCall(api, 'POST', '/waivers', { body: signing({ participantId: ana.participantId, signatoryRole: 'self' }), cookie: staffA.cookie });
    expect(adult.status, JSON.stringify(adult.body)).toBe(201);
    expect((await sql(`select signatory_user_id, witness_user_id from waiver_documents where id = $1`, [adult.body!.id]))[0]).toEqual({ signatory_user_id: ana.id, witness_user_id: staffA.id });
  });
});
