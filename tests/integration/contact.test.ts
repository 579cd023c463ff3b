/**
 * POST /ll/api/v1/contact (spec §1 contact page, §5 Email) through the Hono app, against a real
 * PostgreSQL database and a temporary OUTBOX_DIR: stored row, .eml in the outbox (written by the
 * `send-email` job: `drainJobs()` runs the queue), field codes, rate limit, honeypot, media type
 * and size, an outbox that cannot be written (the mail waits and is retried). No SMTP server
 * and no network: SMTP_URL is unset, and the captcha is only checked for a missing token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';
import { captureLogLines } from '../support/log-lines';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-outbox-'));
process.env.OUTBOX_DIR = outbox;
process.env.CONTACT_EMAIL = 'contact@federation.test';
process.env.MAIL_FROM = 'Federation <no-reply@federation.test>';
process.env.CAPTCHA_SECRET_KEY = 'test-secret';
delete process.env.SMTP_URL;

/** The CMS parameters the domain reads (the CMS is not running in tests). */
const settings = vi.hoisted(() => ({ contactEmail: null as string | null, captchaSiteKey: null as string | null }));
vi.mock('../../lib/cms', () => ({ getSiteSettings: async () => ({ ...settings }) }));

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let countRows: () => Promise<number>;
let jobs: typeof import('../../lib/server/jobs');
let rows: () => Promise<{ id: number; name: string; email: string; message: string; locale: string; ip: string; sentAt: Date | null; emlFile: string | null }[]>;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  const { createApiApp } = await import('../../lib/server/api/app');
  const { getDb, schema } = await import('../../lib/server/db');
  api = createApiApp();
  jobs = await import('../../lib/server/jobs');
  rows = () => getDb().select().from(schema.contactMessages).orderBy(schema.contactMessages.id);
  countRows = async () => (await rows()).length;
});
afterAll(async () => {
  await jobs?.stopJobs();
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});
beforeEach(() => {
  settings.contactEmail = null;
  settings.captchaSiteKey = null;
});

const emlFiles = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort() : []);

let ipCounter = 0;
/** A fresh client address per test, so only the test's own messages count against the IP limit. */
const freshIp = () => `203.0.113.${++ipCounter}`;

async function send(body: unknown, init: { ip?: string; contentType?: string | null } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': `${init.ip ?? freshIp()}, 10.0.0.1` };
  if (init.contentType !== null) headers['content-type'] = init.contentType ?? 'application/json';
  const res = await api.request('/api/v1/contact', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const good = (over: Record<string, unknown> = {}) => ({
  name: '  Ann Rider ',
  email: ' Ann.Rider@Example.COM ',
  message: 'Hello,\nwhen does the Pine Hill enduro start?',
  website: '',
  locale: 'fr',
  ...over,
});

/** The unfolded headers of an .eml file, by lower-cased name. */
function emlHeaders(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const out = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    out.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return out;
}

/** Undoes quoted-printable soft breaks and escapes (the HTML part is sent that way). */
const decodeQuotedPrintable = (text: string) => text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('a good message', () => {
  it('answers 201, stores the row and writes one .eml to the configured recipient', async () => {
    const before = emlFiles();
    const res = await send(good(), { ip: '198.51.100.7' });
    expect(res).toMatchObject({ status: 201, body: { ok: true } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    await jobs.drainJobs();

    const [row] = await rows();
    expect(row).toMatchObject({ name: 'Ann Rider', email: 'ann.rider@example.com', message: 'Hello,\nwhen does the Pine Hill enduro start?', locale: 'fr', ip: '198.51.100.7', sentAt: null });
    const added = emlFiles().filter((f) => !before.includes(f));
    expect(added).toEqual([row!.emlFile]);
    expect(row!.emlFile).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${row!.id}\\.eml$`));

    const raw = fs.readFileSync(path.join(outbox, row!.emlFile!), 'utf8');
    const headers = emlHeaders(raw);
    expect(headers.get('to')).toBe('contact@federation.test');
    expect(headers.get('from')).toBe('Federation <no-reply@federation.test>');
    expect(headers.get('reply-to')).toBe('Ann Rider <ann.rider@example.com>');
    expect(headers.get('subject')).toBe('Contact form: Ann Rider');
    expect(headers.get('x-contact-message-id')).toBe(String(row!.id));
    expect(raw).toContain('Hello,\r\nwhen does the Pine Hill enduro start?');
    expect(raw).toContain('Email: ann.rider@example.com');
    expect(raw).toContain('Language: fr');
  });

  it('goes to the CMS parameter ContactEmail when it is set, escaped in the HTML part', async () => {
    settings.contactEmail = 'office@federation.test';
    const res = await send(good({ email: 'kid@example.org', message: 'Is <script>alert(1)</script> & co allowed?' }));
    expect(res.status).toBe(201);
    await jobs.drainJobs();
    const row = (await rows()).at(-1)!;
    const raw = fs.readFileSync(path.join(outbox, row.emlFile!), 'utf8');
    expect(emlHeaders(raw).get('to')).toBe('office@federation.test');
    const html = decodeQuotedPrintable(raw.slice(raw.indexOf('Content-Type: text/html')));
    expect(html).toContain('<p style="white-space:pre-wrap">Is &lt;script&gt;alert(1)&lt;/script&gt; &amp; co allowed?</p>');
    expect(html).not.toContain('<script>');
  });

  it('defaults the language to English', async () => {
    expect((await send(good({ email: 'en@example.org', locale: undefined }))).status).toBe(201);
    expect((await rows()).at(-1)!.locale).toBe('en');
  });
});

describe('bad input', () => {
  it('answers 400 with one code per field, stores nothing and writes no file', async () => {
    const [n, files] = [await countRows(), emlFiles()];
    const empty = await send({ name: ' ', email: '', message: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'null_name', statusCode: 400 });
    expect(empty.body.issues).toEqual([
      { path: ['name'], code: 'null_name' },
      { path: ['email'], code: 'null_email' },
      { path: ['message'], code: 'null_message' },
    ]);

    const wrong = await send({ name: 'A', email: 'ann@example.c0m', message: 'x'.repeat(5001), locale: 'de' });
    expect(wrong.body.issues).toEqual([
      { path: ['name'], code: 'name_too_short' },
      { path: ['email'], code: 'invalid_email' },
      { path: ['message'], code: 'message_too_long' },
      { path: ['locale'], code: 'invalid_locale' },
    ]);
    const short = await send({ name: 'x'.repeat(101), email: 'ann@@example.com', message: 'too short' });
    expect(short.body.issues.map((i: { code: string }) => i.code)).toEqual(['name_too_long', 'invalid_email', 'message_too_short']);
    const nul = await send({ name: 'Ann\u0007', email: 'ann@example.com', message: 'Hello\u0000 there, friends' });
    expect(nul.body.issues).toEqual([
      { path: ['name'], code: 'invalid_name' },
      { path: ['message'], code: 'invalid_message' },
    ]);
    const types = await send({ name: 5, email: ['a'], message: {} });
    expect(types.body.issues.map((i: { code: string }) => i.code)).toEqual(['invalid_name', 'invalid_email', 'invalid_message']);
    for (const body of ['[]', 'null', '"text"']) expect((await send(body)).status).toBe(400);

    expect(await countRows()).toBe(n);
    expect(emlFiles()).toEqual(files);
  });

  it('refuses a filled honeypot with 400', async () => {
    const n = await countRows();
    const res = await send(good({ email: 'bot@example.org', website: 'http://spam.example' }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: ['website'], code: 'invalid_website' }]);
    expect(await countRows()).toBe(n);
  });

  it('answers 400 invalid_json for a malformed body, 415 for one that is not JSON, 413 over 20 KB', async () => {
    expect(await send('{"name": ')).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
    expect(await send('name=Ann', { contentType: 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415, body: { error: 'unsupported_media_type', statusCode: 415 } });
    expect(await send(JSON.stringify(good()), { contentType: 'text/plain' })).toMatchObject({ status: 415 });
    expect(await send(JSON.stringify(good()), { contentType: null })).toMatchObject({ status: 415 });
    expect(await send(good({ message: 'x'.repeat(21 * 1024) }))).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
  });

  it('requires the captcha when the site key and the secret are both set', async () => {
    settings.captchaSiteKey = 'site-key';
    const n = await countRows();
    expect(await send(good({ email: 'robot@example.org' }))).toMatchObject({ status: 400, body: { error: 'null_captcha', statusCode: 400 } });
    expect(await countRows()).toBe(n);
  });

  it('answers 405 for another method', async () => {
    const res = await api.request('/api/v1/contact');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('rate limit', () => {
  it('refuses the 4th message from one address within 10 minutes with 429 and Retry-After, and writes no 4th file', async () => {
    const email = 'busy@example.org';
    for (let i = 0; i < 3; i++) expect((await send(good({ email, message: `Message number ${i + 1} for you` }))).status).toBe(201);
    await jobs.drainJobs();
    const files = emlFiles();
    const n = await countRows();
    const res = await send(good({ email: 'BUSY@example.org', message: 'Message number 4 for you' }));
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: 'rate_limited', statusCode: 429 });
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(590);
    expect(retry).toBeLessThanOrEqual(600);
    expect(await countRows()).toBe(n);
    await jobs.drainJobs();
    expect(emlFiles()).toEqual(files);
    // Another address is not held back.
    expect((await send(good({ email: 'calm@example.org' }))).status).toBe(201);
  });

  it('counts one IP separately from the addresses', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 3; i++) expect((await send(good({ email: `rider${i}@example.org` }), { ip })).status).toBe(201);
    const res = await send(good({ email: 'rider9@example.org' }), { ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(590);
  });

  it('lets at most 3 of 6 simultaneous messages from one address through', async () => {
    const email = 'burst@example.org';
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(good({ email }))));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect((await rows()).filter((r) => r.email === email)).toHaveLength(3);
  });
});

describe('an outbox that cannot be written', () => {
  it('still answers 201 and stores the message; its mail is retried and written once the outbox is back', async () => {
    await jobs.drainJobs();
    const aside = `${outbox}-aside`;
    fs.renameSync(outbox, aside);
    fs.writeFileSync(outbox, 'a file where the outbox directory should be');
    const log = captureLogLines();
    let id: number;
    try {
      const res = await send(good({ email: 'late@example.org' }));
      expect(res).toMatchObject({ status: 201, body: { ok: true } });
      const row = (await rows()).at(-1)!;
      expect(row).toMatchObject({ email: 'late@example.org', emlFile: null, sentAt: null });
      id = row.id;
      // The worker's attempt fails and is logged; the job waits to retry.
      expect(await jobs.runDueJobs()).toBe(1);
      // One structured line (lib/server/log): the job, its attempt, the error without personal data.
      expect(log.lines().filter((l) => l.level === 'error')).toEqual([expect.objectContaining({ service: 'jobs', msg: 'job failed', job: 'send-email', attempt: 1, err: expect.stringMatching(/EEXIST|ENOTDIR/) })]);
      expect(JSON.stringify(log.lines())).not.toContain('late@example.org');
      expect((await jobs.listJobs({ state: 'retry' })).length).toBe(1);
    } finally {
      log.stop();
      fs.rmSync(outbox, { force: true });
      fs.renameSync(aside, outbox);
    }
    await jobs.drainJobs({ skipDelays: true });
    const row = (await rows()).find((r) => r.id === id)!;
    expect(row.emlFile).toMatch(new RegExp(`-${id}\\.eml$`));
    expect(fs.readFileSync(path.join(outbox, row.emlFile!), 'utf8')).toContain('Email: late@example.org');
  });
});

describe('the OpenAPI document', () => {
  it('documents POST /contact', async () => {
    const doc = await (await api.request('/api/v1/openapi.json')).json();
    const entry = Object.entries(doc.paths as Record<string, { post?: { responses: Record<string, unknown> } }>).find(([p]) => p.endsWith('/contact'));
    expect(entry?.[1].post?.responses).toHaveProperty('429');
    expect(doc.components.schemas).toHaveProperty('ContactMessage');
  });
});
