/**
 * Server configuration read from environment variables, with the embedded defaults that
 * `npm start` uses (see `.env.example`). Parsed once with zod; a bad value fails at start
 * with a message naming the variable.
 */
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);

const schema = z.object({
  PORT: port.default(3000),
  DB_PORT: port.default(55432),
  DATABASE_URL: z.string().url().optional(),
  DB_DATA_DIR: z.string().default('.data/pgdata'),
  CMS_PORT: port.default(1337),
  CMS_URL: z.string().url().optional(),
  CMS_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  DEFAULT_PROMOTER_USER_ID: z.coerce.number().int().positive().default(1),
});

export type ServerEnv = z.infer<typeof schema>;

let cached: ServerEnv | undefined;

/** The parsed environment. Throws an Error naming the offending variable. */
export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  cached = parsed.data;
  return cached;
}

/** Connection string of the race database: `DATABASE_URL`, else the embedded PGlite socket. */
export function databaseUrl(env: ServerEnv = serverEnv()): string {
  return env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${env.DB_PORT}/postgres`;
}

/** Base URL of the content service: `CMS_URL`, else the embedded Strapi. */
export function cmsUrl(env: ServerEnv = serverEnv()): string {
  return (env.CMS_URL ?? `http://127.0.0.1:${env.CMS_PORT}`).replace(/\/$/, '');
}
