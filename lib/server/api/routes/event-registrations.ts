/**
 * Registering for an event (issue 27; spec §1 register for events, §3 Registration, §6 Online
 * registration). Mounted at /ll/api/v1/registrations; a login is needed (401); replies are never
 * stored.
 * - POST / `EventRegistrationInput` → 201 `RegistrationResult` with, when something is to pay,
 *   `order.next` (Stripe's page, or `reserved` to pay at the gate). One transaction with its order;
 *   the same submission id registers once (`duplicate: true`, nothing written).
 * A body failing its contract answers 400 with `issues` (lib/contracts/event-registration.ts codes).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { eventRegistrationInput } from '../../../contracts/event-registration';
import { deskIssues } from '../../../contracts/desk';
import { sendBuyerOn } from '../../checkout/server';
import { registerForEvent } from '../../registrations';
import { ErrorSchema } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionLocale, sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const Body = named(eventRegistrationInput, 'EventRegistrationInput', { description: 'A rider’s (or their guardian’s) registration for an event (lib/contracts/event-registration.ts).' });
const Result = z
  .object({
    classes: z.array(z.object({ registrationId: z.number().int(), classId: z.number().int(), state: z.enum(['registered', 'waiting']), raceNumber: z.string().nullable(), feeCents: z.number().int().nullable(), orderLineId: z.number().int().nullable() })),
    order: z
      .object({
        publicId: z.string(),
        state: z.string(),
        totalCents: z.number().int(),
        provider: z.string(),
        next: z.union([z.object({ kind: z.literal('redirect'), url: z.string() }), z.object({ kind: z.literal('reserved') })]).optional(),
      })
      .nullable(),
    duplicate: z.boolean(),
  })
  .openapi('RegistrationResult');

/** The event registration sub-app (mounted at /ll/api/v1/registrations). */
export function eventRegistrationRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: issuesHook(deskIssues) });
  app.use(sessionUser);
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Register for an event',
      description:
        'Spec §1 register for events, §3 Registration, §6 Online registration; issue 27: one to three classes (a full one joins its waiting list), race number, transponder, answers, the signed waiver, in one transaction with its order; the same submission id registers once.',
      middleware: [loggedIn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: Body } }, required: true } },
      responses: {
        201: json(Result, 'What was registered, and where to pay'),
        400: json(IssuesErrorSchema, 'A field failed its check (`issues`), or `invalid_json`'),
        401: unauthenticatedReply,
        403: json(ErrorSchema, '`email_not_verified`'),
        404: json(ErrorSchema, '`not_found`: no such event, or a person the login may not register'),
        409: json(ErrorSchema, 'A refusal: `registration_closed`, `membership_required`, `race_number_taken`, `waiver_not_signed` …'),
        415: mediaTypeReply,
        503: json(ErrorSchema, '`service_unavailable`: Stripe could not be reached; the order stays reserved'),
      },
    }),
    async (c) => {
      const viewer = principal(c);
      const body = c.req.valid('json');
      const locale = body.locale ?? sessionLocale(c);
      const result = await registerForEvent(viewer, { ...body, locale });
      if (!result.order || result.order.state !== 'reserved') return c.json({ ...result, order: result.order ? { ...result.order, next: { kind: 'reserved' as const } } : null }, 201);
      const next = await sendBuyerOn(viewer, result.order.publicId, locale);
      return c.json({ ...result, order: { ...result.order, next: next.next } }, 201);
    },
  );
  return app;
}
