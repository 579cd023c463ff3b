/**
 * sendContactMessage with SMTP configured (a local test SMTP server), its mail sent by the
 * `send-email` job (lib/server/jobs; `drainJobs()` runs the queue): the outbox .eml and the SMTP
 * copy are the same bytes and `sent_at` is stamped; a refused send is logged, keeps the row with
 * `sent_at` null and the .eml, and is retried: the next attempt sends the very same .eml.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';
import { startTestSmtp, type TestSmtp } from '../email/test-smtp';

vi.mock('../../cms', () => ({ getSiteSettings: async () => ({ contactEmail: null, captchaSiteKey: null }) }));

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-contact-'));
let smtp: TestSmtp;
let database: TestDatabase | undefined;
let send: typeof import('./send-contact-message').sendContactMessage;
let jobs: typeof import('../jobs');
let row: (id: number) => Promise<{ sentAt: Date | null; emlFile: string | null } | undefined>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.OUTBOX_DIR = outbox;
  process.env.CONTACT_EMAIL = 'contact@federation.test';
  delete process.env.CAPTCHA_SECRET_KEY;
  database = await useTestDatabase('empty');
  ({ sendContactMessage: send } = await import('./send-contact-message'));
  jobs = await import('../jobs');
  const { getDb, schema } = await import('../db');
  const { eq } = await import('drizzle-orm');
  row = async (id) => (await getDb().select().from(schema.contactMessages).where(eq(schema.contactMessages.id, id)))[0];
});
afterAll(async () => {
  await jobs?.stopJobs();
  await database?.drop();
  await smtp.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

const input = { name: 'Ann Rider', email: 'ann@example.com', message: 'When does the season start?' };

describe('sendContactMessage with SMTP', () => {
  it('sends the very bytes of the .eml and stamps sent_at', async () => {
    const result = await send(input, { locale: 'es', ip: '198.51.100.1' });
    expect(path.dirname(result.emlFile)).toBe(outbox);
    expect(smtp.received).toHaveLength(0);
    await jobs.drainJobs();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['contact@federation.test']);
    expect(smtp.received[0]!.data).toBe(fs.readFileSync(result.emlFile, 'latin1'));
    const stored = await row(result.id);
    expect(stored?.sentAt).toBeInstanceOf(Date);
    expect(stored?.emlFile).toBe(path.basename(result.emlFile));
  });

  it('keeps the message with sent_at null when the SMTP server refuses it, logs it, and sends the same .eml on the retry', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    smtp.refuse = true;
    const before = smtp.received.length;
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send({ ...input, email: 'bob@example.com' }, { locale: 'en', ip: '198.51.100.2' });
      expect(await jobs.runDueJobs()).toBe(1);
      expect(fs.existsSync(result.emlFile)).toBe(true);
      expect(await row(result.id)).toMatchObject({ sentAt: null, emlFile: path.basename(result.emlFile) });
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/SMTP send .* failed \(kept in the outbox\)/));
      expect((await jobs.listJobs()).find((j) => j.id === result.jobId)).toMatchObject({ state: 'retry', attempts: 1 });
    } finally {
      smtp.refuse = false;
      log.mockRestore();
    }
    const eml = fs.readFileSync(result.emlFile, 'latin1');
    await jobs.drainJobs({ skipDelays: true });
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)!.data).toBe(eml);
    expect(fs.readFileSync(result.emlFile, 'latin1')).toBe(eml);
    expect((await row(result.id))?.sentAt).toBeInstanceOf(Date);
  });
});
