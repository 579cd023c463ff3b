/**
 * Jobs (lib/server/jobs; DESIGN.md "Work after a change is a job in the same transaction";
 * issue 22) on a real PostgreSQL database and a temporary OUTBOX_DIR: a job enqueued in a
 * transaction that rolls back never runs; a committed one is run by the worker and writes its
 * .eml; a job whose outbox cannot be written is retried with backoff and succeeds once it can;
 * `npm run jobs -- list | retry ID` show and re-queue a failed job.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLogLines } from '../support/log-lines';
import { useTestDatabase, type TestDatabase } from './setup';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'll-jobs-'));
const outbox = path.join(root, 'outbox');
process.env.OUTBOX_DIR = outbox;
process.env.MAIL_FROM = 'Federation <no-reply@federation.test>';
delete process.env.SMTP_URL;

let database: TestDatabase | undefined;
let jobs: typeof import('../../lib/server/jobs');
let getDb: typeof import('../../lib/server/db').getDb;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  jobs = await import('../../lib/server/jobs');
  ({ getDb } = await import('../../lib/server/db'));
});
afterAll(async () => {
  await jobs?.stopJobs();
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

const emlFiles = () => (fs.existsSync(outbox) && fs.statSync(outbox).isDirectory() ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort() : []);

let n = 0;
/** A mail to a fresh address, and its outbox file name. */
function payload() {
  const i = ++n;
  return { mail: { to: `rider${i}@example.com`, subject: `Test mail ${i}`, text: `Hello number ${i}\n` }, file: `test-${i}.eml` };
}

/** Commits one `send-email` job; answers its id and payload. */
async function enqueueCommitted() {
  const p = payload();
  const id = await getDb().transaction((tx) => jobs.enqueue(tx, 'send-email', p));
  return { id, ...p };
}

/** The listed job `id`. */
async function job(id: string) {
  return (await jobs.listJobs({ limit: 1000 })).find((j) => j.id === id);
}

/** Puts a plain file where the outbox directory should be (until `unblock`). */
function blockOutbox() {
  fs.rmSync(outbox, { recursive: true, force: true });
  fs.writeFileSync(outbox, 'a file where the outbox directory should be');
}
function unblockOutbox() {
  if (fs.existsSync(outbox) && fs.statSync(outbox).isFile()) fs.rmSync(outbox);
}

/** `npm run jobs -- …` against the test database. */
function jobsCli(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts', ...args], {
    env: { ...process.env, DATABASE_URL: database!.url },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

describe('enqueue', () => {
  it('in a transaction that rolls back stores no job: nothing ever runs', async () => {
    const p = payload();
    let enqueued: string | undefined;
    await expect(
      getDb().transaction(async (tx) => {
        enqueued = await jobs.enqueue(tx, 'send-email', p);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(enqueued).toMatch(/^[0-9a-f-]{36}$/);
    await jobs.drainJobs({ skipDelays: true });
    expect(await job(enqueued!)).toBeUndefined();
    expect(emlFiles()).not.toContain(p.file);
  });

  it('in a committed transaction is run by the worker, which writes the .eml', async () => {
    jobs.startJobWorker();
    try {
      const { id, file } = await enqueueCommitted();
      await vi.waitFor(() => expect(emlFiles()).toContain(file), { timeout: 15_000, interval: 100 });
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      expect(raw).toMatch(/^Subject: Test mail \d+$/m);
      expect(raw).toContain('Hello number');
      await vi.waitFor(async () => expect(await job(id)).toMatchObject({ state: 'completed', attempts: 1, lastError: null }), { timeout: 5000 });
    } finally {
      await jobs.stopJobs();
    }
  });
});

describe('retries', () => {
  it('retries, with backoff, a job whose outbox cannot be written, and writes the .eml once it can', async () => {
    const log = captureLogLines();
    blockOutbox();
    try {
      const { id, file } = await enqueueCommitted();
      expect(await jobs.runDueJobs()).toBe(1);
      const waiting = await job(id);
      expect(waiting).toMatchObject({ state: 'retry', attempts: 1, maxAttempts: 6 });
      expect(waiting!.lastError).toMatch(/EEXIST|ENOTDIR/);
      // Backoff: the next attempt is 30–60 s away, and nothing runs before it.
      expect(waiting!.startAfter.getTime() - Date.now()).toBeGreaterThan(25_000);
      expect(await jobs.runDueJobs()).toBe(0);
      expect(log.lines().filter((l) => l.level === 'error')).toEqual([expect.objectContaining({ service: 'jobs', msg: 'job failed', job: 'send-email', jobId: id, attempt: 1 })]);

      unblockOutbox();
      await jobs.drainJobs({ skipDelays: true });
      expect(emlFiles()).toContain(file);
      expect(await job(id)).toMatchObject({ state: 'completed', attempts: 2, lastError: null });
    } finally {
      unblockOutbox();
      log.stop();
    }
  });
});

describe('npm run jobs', () => {
  it('lists a job that ran out of retries with its last error, re-queues it, and refuses what is not failed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    blockOutbox();
    let failed: Awaited<ReturnType<typeof enqueueCommitted>>;
    try {
      failed = await enqueueCommitted();
      await jobs.drainJobs({ skipDelays: true });
      expect(await job(failed.id)).toMatchObject({ state: 'failed', attempts: 6 });
    } finally {
      unblockOutbox();
      log.mockRestore();
    }

    const list = jobsCli('list', '--state', 'failed');
    expect(list.code).toBe(0);
    const line = list.stdout.split('\n').find((l) => l.startsWith(failed.id));
    expect(line).toMatch(/ send-email +failed +6\/6 +\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ +.*(EEXIST|ENOTDIR)/);

    const retried = jobsCli('retry', failed.id);
    expect(retried).toMatchObject({ code: 0, stdout: `Re-queued send-email job ${failed.id}: the site's worker runs it shortly.` });
    expect(await job(failed.id)).toMatchObject({ state: 'retry', maxAttempts: 7 });
    await jobs.drainJobs({ skipDelays: true });
    expect(emlFiles()).toContain(failed.file);
    expect(await job(failed.id)).toMatchObject({ state: 'completed', attempts: 7 });

    expect(jobsCli('retry', failed.id)).toMatchObject({ code: 1, stderr: `Job ${failed.id} is completed, not failed: nothing to retry.` });
  }, 180_000);
});
