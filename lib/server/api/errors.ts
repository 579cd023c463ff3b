/**
 * The API's error replies (spec §8 and §5 Server error keys): `{ error, message, statusCode }`
 * with `error` a code of `lib/errors.ts` and `message` the spec's text; the OpenAPI schema of
 * that reply, the id parameter rule and the validation hook shared by every sub-app.
 *
 * One key per kind of fault, whatever the route: a malformed id (path parameter, or a body or
 * query field named `id` / `…Id`) is `invalid_id`, a missing one `null_id`; another field is
 * `invalid_<field>` / `null_<field>`; the message names the thing ('The provided race id is
 * invalid', 'Please provide the classes'). Routes and the hook throw `AppError`; the app's
 * one `onError` replies.
 */
import { z } from '@hono/zod-openapi';
import { INT4_MAX } from '../../config';
import { ID_PATTERN } from '../../contracts/ids';
import { AppError, errorBody, idMessages, type ErrorCode, type IdKind } from '../../errors';

export { idMessages, type IdKind };

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: 'invalid_id', description: 'The error code (lib/errors.ts; spec §5 Server error keys)' }),
    message: z.string().openapi({ example: 'The provided event id is invalid', description: 'The spec’s text (§8)' }),
    statusCode: z.number().int().openapi({ example: 400 }),
  })
  .openapi('Error');

export type ApiError = z.infer<typeof ErrorSchema>;

/** `{ error, message, statusCode }` with an explicit status (see `errorBody` in lib/errors.ts). */
export function apiError<S extends 400 | 403 | 404 | 405 | 413 | 500 | 503>(statusCode: S, error: ErrorCode, message: string) {
  return errorBody(error, message, statusCode) satisfies ApiError;
}

/**
 * A path parameter holding a positive whole-number id (the rule of `parseId` in
 * lib/contracts/ids.ts: plain digits, no leading zero, at most 2147483647); `kind` picks the
 * error text. A malformed one answers 400 `invalid_id`.
 */
export function idParam(kind: IdKind, name = 'id') {
  return z
    .string()
    .regex(ID_PATTERN, idMessages[kind].invalid)
    .transform(Number)
    .refine((n) => n <= INT4_MAX, idMessages[kind].invalid)
    .openapi({ param: { name, in: 'path' }, example: '1', description: `The ${kind} id (a positive whole number)` });
}

/** Throws the spec's 'Please provide the X id' (400 `null_id`) for a call made without its id. */
export function missingId(kind: IdKind): never {
  throw new AppError('null_id', idMessages[kind].missing);
}

/** Throws 404 `not_found`: an unknown record, or one hidden with its event. */
export function notFound(message: string): never {
  throw new AppError('not_found', message);
}

type Issue = { path: PropertyKey[]; message: string };
type HookResult = { target?: string; data?: unknown } & ({ success: true } | { success: false; error: { issues: Issue[] } });

const isIdField = (name: string) => name === 'id' || /[a-z]Id$/.test(name);
/** `promoterId` → 'promoter id', `classes` → 'classes'. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
/** Our own messages are the spec's texts; zod's defaults ('Invalid input: …') are replaced. */
const isSpecText = (message: string | undefined) => !!message && /^(The provided|Please provide)/.test(message);

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The code and message of a failed parameter, query or body check. */
export function validationError(result: Extract<HookResult, { success: false }>): AppError {
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const last = path.length ? String(path[path.length - 1]) : '';
  const raw = valueAt(result.data, path);
  const missing = path.length > 0 && (raw === undefined || raw === null || raw === '');
  const isId = result.target === 'param' || isIdField(last);
  const subject = isId ? 'id' : path.length ? path.map(String).join('_').replace(/\W+/g, '_') : 'request';
  // A schema's own spec text decides between 'Please provide' (null_) and 'The provided … is invalid'.
  if (isSpecText(issue?.message)) return new AppError(`${issue!.message.startsWith('Please provide') ? 'null' : 'invalid'}_${subject}`, issue!.message);
  const code: ErrorCode = `${missing ? 'null' : 'invalid'}_${subject}`;
  const thing = path.length ? words(last) : 'request';
  return new AppError(code, missing ? `Please provide the ${thing}` : `The provided ${thing} is invalid`);
}

/**
 * The zod-openapi validation hook shared by every sub-app: a failed parameter, query or body
 * check throws a 400 `AppError` (see `validationError`), which the app's `onError` answers.
 */
export function validationHook(result: HookResult): void {
  if (!result.success) throw validationError(result);
}
