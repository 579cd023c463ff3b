/**
 * The API's error replies (spec §8 and §5 Server error keys): `{ error, message, statusCode }`
 * with `error` a code of `lib/errors.ts` and `message` the spec's text; the OpenAPI schema of
 * that reply, the id parameter rule and the validation hook shared by every sub-app.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { INT4_MAX } from '../../config';
import { errorBody, idMessages, type ErrorCode, type IdKind } from '../../errors';

export { idMessages, type IdKind };

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: 'invalid_id' }),
    message: z.string().openapi({ example: 'The provided event id is invalid' }),
    statusCode: z.number().int().openapi({ example: 400 }),
  })
  .openapi('Error');

export type ApiError = z.infer<typeof ErrorSchema>;

/** `{ error, message, statusCode }` with an explicit status (see `errorBody` in lib/errors.ts). */
export function apiError<S extends 400 | 403 | 404 | 413 | 500 | 503>(statusCode: S, error: ErrorCode, message: string) {
  return errorBody(error, message, statusCode) satisfies ApiError;
}

/** A path parameter holding a positive whole-number id; `kind` picks the error text. */
export function idParam(kind: IdKind, name = 'id') {
  return z
    .string()
    .regex(/^[1-9]\d{0,9}$/, idMessages[kind].invalid)
    .transform(Number)
    .refine((n) => n <= INT4_MAX, idMessages[kind].invalid)
    .openapi({ param: { name, in: 'path' }, example: '1' });
}

type HookResult = { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * The zod-openapi validation hook shared by every sub-app: a failed parameter or body check
 * answers 400 with the rule's own message (the spec's text) and an `invalid_<field>` key.
 */
export function validationHook(result: HookResult, c: Context) {
  if (result.success) return;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'request';
  const message = issue?.message && !issue.message.startsWith('Invalid') ? issue.message : `The provided ${field} is invalid`;
  return c.json(apiError(400, `invalid_${field.replace(/\W+/g, '_')}`, message), 400);
}
