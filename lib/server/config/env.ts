/**
 * Server configuration read from environment variables, with the embedded defaults that
 * `npm start` uses (see `.env.example`). Parsed once with zod; a bad value fails at start
 * with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { INT4_MAX } from '../../config';

const port = z.coerce.number().int().min(1).max(65535);

const schema = z.object({
  PORT: port.default(3000),
  /** Interface the site listens on; loopback unless told otherwise (0.0.0.0 serves the network). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The site's public origin, the only one the CMS's CORS allows; default http://localhost:PORT. */
  SITE_URL: z.string().url().optional(),
  DB_PORT: port.default(25432),
  DATABASE_URL: z.string().url().optional(),
  DB_DATA_DIR: z.string().default('.data/pg'),
  DB_PASSWORD: z.string().min(1).optional(),
  /** Pooled connections of each site process to the race database (default: `defaultPoolMax()`). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).optional(),
  CMS_PORT: port.default(1337),
  CMS_URL: z.string().url().optional(),
  /** The embedded CMS's own PostgreSQL database; default `ll_cms` on the race database's server. */
  CMS_DATABASE_URL: z.string().url().optional(),
  CMS_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  DEFAULT_PROMOTER_USER_ID: z.coerce.number().int().positive().max(INT4_MAX).default(1),
  /** Proxies in front of the site that append to X-Forwarded-For (0: the site faces visitors). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Shared secret the CMS webhook sends as `Authorization: Bearer …` to revalidate cached content. */
  REVALIDATE_SECRET: z.string().min(16).optional(),
  /** Bearer token that lets a scraper read /ll/api/v1/metrics from elsewhere than this machine (issue 29); unset: loopback only. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Outgoing mail server (`smtp://user:pass@host:587`); unset: messages are only written to OUTBOX_DIR. */
  SMTP_URL: z.string().url().optional(),
  /** Sender address of the site's emails. */
  MAIL_FROM: z.string().min(3).default('FMQR <no-reply@fmqr.ca>'),
  /** Every outgoing email is also written here as an .eml file. */
  OUTBOX_DIR: z.string().default('.data/outbox'),
  /** Recipient of the contact form when the CMS parameter ContactEmail is not set. */
  CONTACT_EMAIL: z.string().email().default('info@fmqr.ca'),
  /** reCAPTCHA secret; when set (with the CMS parameter CaptchaSiteKey) the contact form is verified. */
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /** Stripe secret key (`sk_test_…` / `sk_live_…`, or a restricted `rk_…`); set: Stripe Checkout, unset: pay at the office or gate (issue 26). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)').optional(),
  /** Signing secret of the Stripe webhook endpoint (`whsec_…`); Stripe's events are refused without it. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  /** Tests and development only: the base URL of a Stripe stand-in (`http://127.0.0.1:12111`); unset: Stripe's API. */
  STRIPE_API_BASE: z.string().url().optional(),
});

export type ServerEnv = z.infer<typeof schema>;

let cached: ServerEnv | undefined;

/** The parsed environment. Throws an Error naming the offending variable. */
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}

/**
 * Another process's environment `env`, parsed as `serverEnv` parses this one's (a drill reading
 * the product it targets). Throws an Error naming the offending variable.
 */
export function parseServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/** The metrics scraper's bearer token (`METRICS_TOKEN`, read at each request: it can be changed without a restart); undefined when unset. */
export function metricsToken(): string | undefined {
  const token = process.env.METRICS_TOKEN;
  return token && token.length >= 16 ? token : undefined;
}

/** The file beside the embedded data directory that keeps its generated password (mode 0600). */
export function passwordFile(dataDir: string): string {
  const abs = path.resolve(dataDir);
  return path.join(path.dirname(abs), `${path.basename(abs)}.password`);
}

/**
 * The embedded database's superuser password: `DB_PASSWORD` when set, else the one generated
 * at its first initialisation and kept in `passwordFile(dataDir)` (created here when `create`).
 * @throws Error when the file is missing and `create` is false (the database never started).
 */
export function embeddedPassword(dataDir: string, create = false): string {
  if (process.env.DB_PASSWORD) return process.env.DB_PASSWORD;
  const file = passwordFile(dataDir);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  if (!create) throw new Error(`The embedded database has no password file yet (${file}): start it once with npm start`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

/** `postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres` */
export function embeddedUrl(dbPort: number, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/postgres`;
}

/** Connection string of the race database: `DATABASE_URL`, else the embedded PostgreSQL. */
export function databaseUrl(env: ServerEnv = serverEnv()): string {
  return env.DATABASE_URL ?? embeddedUrl(env.DB_PORT, embeddedPassword(env.DB_DATA_DIR));
}

/** The database name the embedded CMS keeps its content in, beside the race data. */
export const CMS_DATABASE_NAME = 'll_cms';

/**
 * Connection string of the embedded CMS's database: `CMS_DATABASE_URL`, else the database
 * `ll_cms` on the race database's server (created by `npm start`).
 */
export function cmsDatabaseUrl(env: ServerEnv = serverEnv()): string {
  if (env.CMS_DATABASE_URL) return env.CMS_DATABASE_URL;
  const url = new URL(databaseUrl(env));
  url.pathname = `/${CMS_DATABASE_NAME}`;
  return url.toString();
}

/**
 * The default size of a site process's database pool: 4 connections per core of this machine,
 * at least 8 and at most 20. PostgreSQL does its best work with a few active connections per
 * core, and every instance of the site shares its `max_connections` (100 by default, 3 kept for
 * superusers) with the bus, the jobs and the scripts: 20 leaves room for four instances.
 */
export function defaultPoolMax(cores: number = os.availableParallelism?.() ?? os.cpus().length): number {
  return Math.min(20, Math.max(8, 4 * cores));
}

/** Connections of the site's database pool: `DB_POOL_MAX`, else `defaultPoolMax()`. */
export function dbPoolMax(env: ServerEnv = serverEnv()): number {
  return env.DB_POOL_MAX ?? defaultPoolMax();
}

/** A connection string safe to print: the password is replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:***@');
}

/** Base URL of the content service: `CMS_URL`, else the embedded Strapi. */
export function cmsUrl(env: ServerEnv = serverEnv()): string {
  return (env.CMS_URL ?? `http://127.0.0.1:${env.CMS_PORT}`).replace(/\/$/, '');
}

/** The site's public origin (`SITE_URL`, default http://localhost:PORT). */
export function siteOrigin(env: ServerEnv = serverEnv()): string {
  return new URL(env.SITE_URL ?? `http://localhost:${env.PORT}`).origin;
}

/** Where `npm start` keeps the generated webhook secret when REVALIDATE_SECRET is not set. */
export const REVALIDATE_SECRET_FILE = '.data/revalidate.secret';

/**
 * The CMS webhook's shared secret: `REVALIDATE_SECRET`, else the one kept in
 * `.data/revalidate.secret` (generated there, mode 0600, when `create`); null when neither.
 */
export function revalidateSecret(create = false): string | null {
  const given = process.env.REVALIDATE_SECRET;
  if (given) return given;
  const file = path.resolve(REVALIDATE_SECRET_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim() || null;
  if (!create) return null;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** How the site talks to Stripe (issue 26): its secret key and, in tests, the stand-in to talk to instead. */
export interface StripeSettings {
  secretKey: string;
  /** `STRIPE_API_BASE` parsed: protocol, host and port of the API; null: Stripe's own (https://api.stripe.com). */
  api: { protocol: 'http' | 'https'; host: string; port: number } | null;
}

/**
 * Stripe's settings from `STRIPE_SECRET_KEY` and `STRIPE_API_BASE`, or null when no key is set
 * (the site then takes payment at the office or gate).
 * @throws Error when `STRIPE_API_BASE` is not an http(s) URL.
 */
export function stripeSettings(env: Pick<ServerEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'> = serverEnv()): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  if (!env.STRIPE_API_BASE) return { secretKey: env.STRIPE_SECRET_KEY, api: null };
  const url = new URL(env.STRIPE_API_BASE);
  const protocol = url.protocol.replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https') throw new Error(`Invalid environment variable STRIPE_API_BASE: not an http(s) URL (${env.STRIPE_API_BASE})`);
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  return { secretKey: env.STRIPE_SECRET_KEY, api: { protocol, host: url.hostname.replace(/^\[|\]$/g, ''), port } };
}
