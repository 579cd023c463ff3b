/** Outgoing email: built once, written to the outbox whole, the same bytes sent over SMTP. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeMail, deliverMail, outboxFileName, sendMail, writeOutbox } from './index';
import { startTestSmtp, type TestSmtp } from './test-smtp';

let dir: string;
let smtp: TestSmtp;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-mail-'));
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const mail = {
  from: 'Site <no-reply@example.org>',
  to: 'office@example.org',
  replyTo: { name: 'Ann Rider', address: 'ann@example.com' },
  subject: 'Contact form: Ann Rider',
  text: 'Hello <b>there</b>\nSecond line',
  html: '<p>Hello &lt;b&gt;there&lt;/b&gt;</p>',
};

/** The unfolded header block of a raw message. */
function headers(raw: string): string {
  return raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
}

describe('composeMail', () => {
  it('builds one raw message with CRLF line ends, the headers and both bodies, and its envelope', async () => {
    const composed = await composeMail(mail);
    const raw = composed.raw.toString('utf8');
    expect(raw).not.toMatch(/[^\r]\n/);
    const head = headers(raw);
    expect(head).toMatch(/^From: Site <no-reply@example\.org>$/m);
    expect(head).toMatch(/^To: office@example\.org$/m);
    expect(head).toMatch(/^Reply-To: Ann Rider <ann@example\.com>$/m);
    expect(head).toMatch(/^Subject: Contact form: Ann Rider$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toContain('Hello <b>there</b>\r\nSecond line');
    expect(raw).toContain('<p>Hello &lt;b&gt;there&lt;/b&gt;</p>');
    expect(composed.envelope).toEqual({ from: 'no-reply@example.org', to: ['office@example.org'] });
  });
});

describe('outbox', () => {
  it('names files by ISO timestamp and id, safe on every file system', () => {
    expect(outboxFileName(new Date('2026-11-22T14:05:09.123Z'), 42)).toBe('2026-11-22T14-05-09-123Z-42.eml');
  });

  it('writes the file whole, creating the directory, and leaves nothing else', async () => {
    const target = path.join(dir, 'a', 'b');
    const file = await writeOutbox(Buffer.from('x\r\n'), 'one.eml', target);
    expect(file).toBe(path.join(target, 'one.eml'));
    expect(fs.readdirSync(target)).toEqual(['one.eml']);
  });

  it('fails, leaving nothing, when the directory cannot be made', async () => {
    const blocker = path.join(dir, 'blocker');
    fs.writeFileSync(blocker, 'a file where the outbox should be');
    await expect(writeOutbox(Buffer.from('x'), 'two.eml', path.join(blocker, 'outbox'))).rejects.toThrow();
    await expect(writeOutbox(Buffer.from('x'), 'two.eml', blocker)).rejects.toThrow();
    await expect(writeOutbox(Buffer.from('x'), '../escape.eml', dir)).rejects.toThrow(/Not an outbox file name/);
  });
});

describe('sendMail', () => {
  it('writes the .eml and sends the very same bytes through SMTP', async () => {
    const sent = await sendMail(mail, { id: 7, smtpUrl: smtp.url, outboxDir: path.join(dir, 'out1') });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.error).toBeNull();
    expect(path.basename(sent.file)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-7\.eml$/);
    const eml = fs.readFileSync(sent.file, 'latin1');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toEqual({ from: 'no-reply@example.org', to: ['office@example.org'], data: eml });
  });

  it('without SMTP_URL only writes the outbox', async () => {
    const sent = await sendMail(mail, { smtpUrl: null, outboxDir: path.join(dir, 'out2') });
    expect(sent).toMatchObject({ sentAt: null, error: 'not_configured' });
    expect(fs.existsSync(sent.file)).toBe(true);
  });

  it('logs a refused or unreachable SMTP server and keeps the .eml', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    smtp.refuse = true;
    try {
      const refused = await sendMail(mail, { smtpUrl: smtp.url, outboxDir: path.join(dir, 'out3') });
      expect(refused.sentAt).toBeNull();
      expect(refused.error).toMatch(/550/);
      expect(fs.existsSync(refused.file)).toBe(true);
      const unreachable = await deliverMail(await composeMail(mail), { smtpUrl: 'smtp://127.0.0.1:9' });
      expect(unreachable.sentAt).toBeNull();
      expect(log).toHaveBeenCalledTimes(2);
    } finally {
      smtp.refuse = false;
      log.mockRestore();
    }
  });

  it('sends nothing when the outbox cannot be written', async () => {
    const before = smtp.received.length;
    const blocker = path.join(dir, 'blocker2');
    fs.writeFileSync(blocker, '');
    await expect(sendMail(mail, { smtpUrl: smtp.url, outboxDir: blocker })).rejects.toThrow();
    expect(smtp.received).toHaveLength(before);
  });
});
