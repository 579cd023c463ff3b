/**
 * Password reset (password-reset.ts) on a real database: the token's shape and stored hash,
 * the order of the states (used before expired), two concurrent uses of one link (one wins),
 * a mail that cannot be written yet is retried by its job (lib/server/jobs) until it can.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-reset-'));
process.env.OUTBOX_DIR = outbox;
process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
delete process.env.SMTP_URL;

let database: TestDatabase | undefined;
let reset: typeof import('./password-reset');
let jobs: typeof import('../jobs');
let createUser: (email: string) => Promise<string>;
let resetRows: (userId: string) => Promise<{ usedAt: Date | null }[]>;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  reset = await import('./password-reset');
  jobs = await import('../jobs');
  const { getDb, schema } = await import('../db');
  const { getAuth } = await import('./auth');
  const { eq } = await import('drizzle-orm');
  let n = 0;
  createUser = async (email) => {
    const id = `u${++n}`;
    await getDb().insert(schema.users).values({ id, name: 'Test Rider', email });
    const hash = await (await getAuth().$context).password.hash('Secret123');
    await getDb().insert(schema.authAccounts).values({ id: `a${n}`, accountId: id, providerId: 'credential', userId: id, password: hash });
    return id;
  };
  resetRows = (userId) => getDb().select({ usedAt: schema.passwordResets.usedAt }).from(schema.passwordResets).where(eq(schema.passwordResets.userId, userId));
});
afterAll(async () => {
  await jobs?.stopJobs();
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

/** The token of the link in the mail of a request. */
async function tokenOf(outcome: { file?: string }): Promise<string> {
  await jobs.drainJobs();
  // Quoted-printable: soft line breaks and `=3D` undone.
  const raw = fs.readFileSync(outcome.file!, 'utf8').replace(/=\r\n/g, '').replace(/=3D/g, '=');
  return /resetPassword\?token=([A-Za-z0-9_-]{43})/.exec(raw)![1]!;
}

describe('tokens', () => {
  it('are 43 base64url characters, stored as their SHA-256 only', () => {
    const token = reset.newResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reset.newResetToken()).not.toBe(token);
    expect(reset.hashResetToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('states', () => {
  it('says used_token for a used link even after its hour', async () => {
    await createUser('used@example.com');
    const t0 = new Date('2026-03-01T09:00:00Z');
    const token = await tokenOf(await reset.requestPasswordReset('used@example.com', 'en', { ip: '192.0.2.1', now: t0 }));
    await reset.resetPassword({ token, password: 'Another123' }, new Date(t0.getTime() + 60_000));
    expect(await reset.checkResetToken(token, new Date(t0.getTime() + 2 * 3600_000))).toBe('used_token');
    expect(await reset.checkResetToken(token.slice(0, 42))).toBe('undecodable_token');
    expect(await reset.checkResetToken(`${token.slice(0, 42)}+`)).toBe('undecodable_token');
  });

  it('expires exactly at one hour', async () => {
    await createUser('hour@example.com');
    const t0 = new Date('2026-03-01T09:00:00Z');
    const token = await tokenOf(await reset.requestPasswordReset('hour@example.com', 'en', { ip: '192.0.2.2', now: t0 }));
    expect(await reset.checkResetToken(token, new Date(t0.getTime() + 3600_000 - 1))).toBe('valid');
    expect(await reset.checkResetToken(token, new Date(t0.getTime() + 3600_000))).toBe('expired_token');
  });
});

describe('resetPassword', () => {
  it('lets one of two concurrent uses of a link win; the other finds it used', async () => {
    const id = await createUser('twice@example.com');
    const token = await tokenOf(await reset.requestPasswordReset('twice@example.com', 'en', { ip: '192.0.2.3' }));
    const results = await Promise.allSettled([reset.resetPassword({ token, password: 'First1234' }), reset.resetPassword({ token, password: 'Second1234' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'used_token' } });
    expect((await resetRows(id)).every((r) => r.usedAt)).toBe(true);
  });

  it('stores the reset when its mail cannot be written yet; the job retries and the mail arrives once it can', async () => {
    const id = await createUser('nomail@example.com');
    const blocked = path.join(outbox, 'not-a-dir');
    fs.writeFileSync(blocked, '');
    const { serverEnv } = await import('../config/env');
    const env = serverEnv() as { OUTBOX_DIR: string };
    const saved = env.OUTBOX_DIR;
    env.OUTBOX_DIR = blocked;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let outcome: Awaited<ReturnType<typeof reset.requestPasswordReset>>;
    try {
      outcome = await reset.requestPasswordReset('nomail@example.com', 'en', { ip: '192.0.2.4' });
      expect(outcome).toMatchObject({ mailed: true });
      expect(await jobs.runDueJobs()).toBe(1);
      expect((await jobs.listJobs()).find((j) => j.id === outcome.jobId)).toMatchObject({ state: 'retry', attempts: 1 });
    } finally {
      env.OUTBOX_DIR = saved;
      log.mockRestore();
    }
    expect(await resetRows(id)).toHaveLength(1);
    await jobs.drainJobs({ skipDelays: true });
    const token = /resetPassword\?token=([A-Za-z0-9_-]{43})/.exec(
      fs.readFileSync(path.join(outbox, path.basename(outcome.file!)), 'utf8').replace(/=\r\n/g, '').replace(/=3D/g, '='),
    )![1]!;
    expect(await reset.checkResetToken(token)).toBe('valid');
  });
});
