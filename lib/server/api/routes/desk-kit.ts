/**
 * What the desk's route modules share (issue 24; ./desk.ts, ./desk-series.ts, ./desk-classes.ts):
 * the login check, the principal, the audit row's schema and the common replies.
 */
import { z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../../errors';
import { DESK_ENTITIES } from '../../db/schema';
import { requestPrincipal, type PolicyVariables, type Viewer } from '../../policy';
import { ErrorSchema } from '../errors';
import { json } from '../kit';
import type { SessionVariables } from '../session';

export type DeskEnv = { Variables: SessionVariables & PolicyVariables };

/** 401 before anything else when not logged in; the principal in `c.var.principal`; the reply never stored. */
export const loggedIn: MiddlewareHandler<DeskEnv> = async (c, next) => {
  const viewer = await requestPrincipal(c);
  if (viewer === null) throw new AppError('unauthenticated');
  c.set('principal', viewer);
  c.header('Cache-Control', 'private, no-store');
  await next();
};

/** The login `loggedIn` found. */
export const principal = (c: Context<DeskEnv>): Viewer => c.get('principal') ?? null;

/** One desk change (lib/server/desk `DeskAuditRow`). */
export const DeskAuditRowSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    by: z.string(),
    entity: z.enum(DESK_ENTITIES),
    entityId: z.number().int(),
    action: z.enum(['create', 'update']),
    subject: z.string().nullable(),
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  })
  .openapi('DeskAuditRow');

export const unauthenticatedReply = json(ErrorSchema, '`unauthenticated`: not logged in');
export const mediaTypeReply = json(ErrorSchema, '`unsupported_media_type`: the body is not JSON');
