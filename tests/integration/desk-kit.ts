/**
 * What the desk's integration tests share (issue 24): a seeded database of their own with the API
 * app over it (`setUpDeskDatabase`); logins of a role (staff of a promoter when asked), made in the
 * real auth tables and signed in through better-auth; and a JSON call to the API app as the site
 * server would pass it (host, same-origin, a client address).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

export type Api = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
export type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export const PASSWORD = 'Secret123';
let n = 0;

/** A login of `role`, logged in; staff of promoter `promoterUserId` (its public user id) when given. */
export async function deskLogin(sql: Sql, role: string, promoterUserId?: number): Promise<{ id: string; email: string; cookie: string }> {
  const { getAuth } = await import('../../lib/server/accounts/auth');
  const { grantPromoter } = await import('../../lib/server/policy');
  const hash = await (await getAuth().$context).password.hash(PASSWORD);
  const id = randomUUID();
  const email = `desk.${role}.${++n}.${id.slice(0, 8)}@example.org`;
  await sql(`insert into users (id, name, email, role, email_verified) values ($1, $2, $3, $4, true)`, [id, `Desk ${role} ${n}`, email, role]);
  await sql(`insert into auth_accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [randomUUID(), id, hash]);
  if (promoterUserId !== undefined) await grantPromoter(email, promoterUserId);
  const signedIn = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  return { id, email, cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0]! };
}

let ip = 0;

/** `method route` (under /api/v1) with a JSON body and a login's cookie; the reply's status and JSON body. */
export async function deskCall(api: Api, method: string, route: string, init: { body?: unknown; cookie?: string } = {}): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const headers: Record<string, string> = { host: 'localhost', origin: 'http://localhost', 'x-forwarded-for': `198.51.100.${++ip % 250}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const res = await api.request(`/api/v1${route}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** What `setUpDeskDatabase` hands a test file once its `beforeAll` ran. */
export interface DeskDatabase {
  api: Api;
  sql: Sql;
  /** The cache tags the API published (the bus, captured), in order. */
  published: string[];
  /** The database's connection string (for a connection of a test's own). */
  url: string;
}

/**
 * The CMS out of reach for this test file (`CMS_URL` on a closed port from its first hook, the
 * environment put back after its last): pages and mails use their built-in texts and brand.
 * Call it at the top of the file.
 */
export function withCmsOutOfReach(): void {
  beforeAll(() => {
    vi.stubEnv('CMS_URL', 'http://127.0.0.1:9');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
}

/**
 * A seeded database of its own for a desk test file, the API app over it, a SQL helper and the
 * tags published, set up in a `beforeAll` and dropped in an `afterAll` (with the jobs, the pool
 * and a mail outbox of its own). Call it at the top of the file, before the file's own hooks.
 */
export function setUpDeskDatabase(name: string): DeskDatabase {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), `ll-${name}-outbox-`));
  process.env.OUTBOX_DIR = outbox;
  process.env.SITE_URL = 'http://localhost';
  process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
  const ctx = { published: [] as string[] } as DeskDatabase;
  let database: TestDatabase | undefined;
  let pool: import('pg').Pool | undefined;
  beforeAll(async () => {
    database = await useTestDatabase('seeded');
    const { createApiApp } = await import('../../lib/server/api/app');
    const pg = await import('pg');
    ctx.url = database.url;
    ctx.api = createApiApp() as unknown as Api;
    pool = new pg.default.Pool({ connectionString: database.url, max: 3 });
    ctx.sql = async (text, params = []) => (await pool!.query(text, params)).rows;
    (await import('../../lib/server/cache')).setTagPublisher(async (names) => void ctx.published.push(...names));
  });
  afterAll(async () => {
    (await import('../../lib/server/cache')).setTagPublisher(null);
    await (await import('../../lib/server/jobs')).stopJobs();
    await pool?.end();
    await database?.drop();
    fs.rmSync(outbox, { recursive: true, force: true });
  });
  return ctx;
}
