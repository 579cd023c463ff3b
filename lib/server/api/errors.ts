/**
 * The API's error replies (spec §8 and §5 Server error keys): `{ error, message, statusCode }`
 * with `error` an `invalid_*`, `null_*`, `not_found` or `internal_server_error` key and
 * `message` the spec's text.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: 'invalid_id' }),
    message: z.string().openapi({ example: 'The provided event id is invalid' }),
    statusCode: z.number().int().openapi({ example: 400 }),
  })
  .openapi('Error');

export type ApiError = z.infer<typeof ErrorSchema>;

/** `{ error, message, statusCode }` */
export function apiError<S extends 400 | 403 | 404 | 500>(statusCode: S, error: string, message: string) {
  return { error, message, statusCode } satisfies ApiError;
}

/** The spec's id messages: 'The provided X is invalid' / 'Please provide the X'. */
export const idMessages = {
  event: { invalid: 'The provided event id is invalid', missing: 'Please provide the event id' },
  race: { invalid: 'The provided race id is invalid', missing: 'Please provide the race id' },
  promoter: { invalid: 'The provided promoter id is invalid', missing: 'Please provide the promoter id' },
  series: { invalid: 'The provided series id is invalid', missing: 'Please provide the series id' },
  user: { invalid: 'The provided user id is invalid', missing: 'Please provide the user id' },
} as const;

export type IdKind = keyof typeof idMessages;

/** A path parameter holding a positive whole-number id; `kind` picks the error text. */
export function idParam(kind: IdKind, name = 'id') {
  return z
    .string()
    .regex(/^[1-9]\d{0,9}$/, idMessages[kind].invalid)
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, idMessages[kind].invalid)
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
