/**
 * What every API route shares (DESIGN.md layout: "lib/server/api/kit.ts … route files never
 * import each other"; issue 22): the OpenAPI reply helpers, the JSON body rules (415 for a body
 * not declared JSON; 400 for text that is not well-formed Unicode), the 400 reply of failed
 * field checks with their `issues`, the client's address, `no-store`, and the transaction type.
 *
 * `Retry-After` is not set here: a refusal throws an `AppError` carrying `retryAfterS` and the
 * app's one `onError` (./app.ts) sets the header.
 */
import { z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { accountIssues } from '../../contracts/account';
import { AppError, errorBody } from '../../errors';
import type { Db } from '../db';
import { ErrorSchema, validationError, type validationHook } from './errors';

/** A Drizzle transaction of the race database (what `getDb().transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An OpenAPI reply: `schema` as `application/json`, with its description. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** The OpenAPI 429 reply, with its `Retry-After` header (s). */
export const tooManyReply = (description: string) => ({
  ...json(ErrorSchema, description),
  headers: z.object({ 'Retry-After': z.string().openapi({ description: 'Seconds until an attempt would be accepted' }) }),
});

/** One field's fault: `path` the field (`['login','email']`), `code` the contract's. */
export const IssueSchema = z
  .object({ path: z.array(z.union([z.string(), z.number()])), code: z.string().openapi({ example: 'invalid_email' }) })
  .openapi('FieldIssue');

/** An error reply with `issues` (one per failed field): `{ error, message, statusCode, issues }`. */
export const IssuesErrorSchema = ErrorSchema.extend({
  issues: z.array(IssueSchema).optional().openapi({ description: 'One entry per failed field, with the contract’s code' }),
}).openapi('IssuesError');

export type Issue = { path: (string | number)[]; code: string };

/** `application/json` or `application/*+json`, with parameters. */
export const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** 415 `unsupported_media_type` for a body that is not declared JSON (before anything reads it). */
export const requireJson: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) return c.json(errorBody('unsupported_media_type'), 415);
  await next();
};

/** Every reply of a sub-app is personal or one-off: `Cache-Control: no-store` unless the route set one. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.get('Cache-Control')) c.header('Cache-Control', 'no-store');
};

/** A UTF-16 surrogate with no partner: JSON may carry one (`"\ud800"`), Unicode text may not. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or key) in `value` holding an unpaired surrogate, or null. */
export function unpairedSurrogateAt(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = unpairedSurrogateAt(value[i], [...path, i]);
      if (at) return at;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return [...path, key];
      const at = unpairedSurrogateAt(item, [...path, key]);
      if (at) return at;
    }
  }
  return null;
}

/**
 * The JSON body rule of every route (mounted once, in ./app.ts; issue 22): a body declared JSON
 * whose text holds an unpaired surrogate (`"\ud800"`, which no database, hash or mail can carry)
 * answers 400 `invalid_request` naming the field, before any route reads it. A query string
 * holding a NUL (`%00`: PostgreSQL keeps none in text; issue 29, found by the fuzzer) answers the
 * same. (A NUL in a JSON field is each route's to refuse with its field's code.) It reads a copy of
 * the body (within the app's 1 MB limit), so a route's own smaller limit still applies; malformed
 * JSON is left to the validator (400 `invalid_json`).
 */
export const wellFormedJson: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    let body: unknown;
    try {
      // A copy: the route's own body limit and validator still read the request as sent.
      body = JSON.parse(await c.req.raw.clone().text());
    } catch (err) {
      if (err instanceof SyntaxError) return next();
      throw err;
    }
    const at = unpairedSurrogateAt(body);
    if (at) {
      const field = at.length ? at.join('.') : 'body';
      throw new AppError('invalid_request', `The request is invalid: ${field} holds text that is not valid Unicode (an unpaired surrogate)`);
    }
  }
  // Issue 29 (found by the fuzzer): PostgreSQL keeps no NUL in text; a query holding one is refused before a route reads it.
  if (/%00/.test(new URL(c.req.url).search)) throw new AppError('invalid_request', 'The request is invalid: a query parameter holds a NUL character');
  await next();
};

type HookResult = Parameters<typeof validationHook>[0];

/** The 400 reply of failed field checks: `error` the first issue's code, `issues` them all. */
export function issuesReply(c: Context, issues: Issue[], prefix = 'The request is invalid') {
  const code = issues[0]?.code ?? 'invalid_request';
  const message = `${prefix}: ${issues.map((i) => `${i.path.join('.') || 'body'} (${i.code})`).join(', ')}`;
  return c.json({ error: code, message, statusCode: 400 as const, issues }, 400);
}

/**
 * A validation hook whose failed JSON body answers 400 with `issues` (`toIssues` maps the zod
 * error to the contract's codes); a failed path parameter or query throws the API's usual error
 * (`invalid_id` …, ./errors.ts). The reply is never stored.
 */
export function issuesHook(toIssues: (error: { issues: { path: PropertyKey[]; message: string }[] }) => Issue[], prefix?: string) {
  return (result: HookResult, c: Context) => {
    if (result.success) return undefined;
    if (result.target !== 'json') throw validationError(result);
    c.header('Cache-Control', 'no-store');
    return issuesReply(c, toIssues(result.error), prefix);
  };
}

/** The validation hook of the account calls (registration, users/current): the account contract's codes as `issues`. */
export const accountHook = issuesHook(accountIssues);

/**
 * The visitor's address as the site server set it: X-Forwarded-For holds exactly one address
 * there (lib/server/http/site-server.ts clientAddress, TRUSTED_PROXY_HOPS); the first hop, at
 * most 64 characters, else 'unknown'. Rate limits count by it.
 */
export function clientIp(c: Context | string | undefined): string {
  const header = typeof c === 'object' ? c.req.header('x-forwarded-for') : c;
  const first = header?.split(',')[0]?.trim();
  return first ? first.slice(0, 64) : 'unknown';
}
