/**
 * Registering for an event (issue 27; spec §1 register for events, §3 Registration, §6 Online
 * registration). Mounted at /ll/api/v1/registrations; a login is needed (401); replies are never
 * stored.
 * - POST / `EventRegistrationInput` → 201 `RegistrationResult` with, when something is to pay,
 *   `order.next` (Stripe's page, or `reserved` to pay at the gate). One transaction with its order;
 *   the same submission id registers once (`duplicate: true`, nothing written).
 * - POST /{id}/cancel (no body) → 200 `CancelledRegistration` `{ registrationId, state: 'cancelled',
 *   percent, refundedCents, duplicate }`: the rider (or the guardian of a minor rider) within the
 *   event's refund policy, the event's promoter staff and federation admins always (100 %); the
 *   place returns to the class and the next on its waiting list is offered it. Cancelling again
 *   refunds nothing (`duplicate: true`, `refundedCents: 0`). A registration the login may not
 *   cancel answers 404 like an unknown one.
 * - POST /{id}/accept `AcceptOfferInput` → 200 `RegistrationResult`: takes the place offered from
 *   the waiting list (before `offered_until`), with its new order and `order.next` as above; the
 *   same submission id again answers the first result (`duplicate: true`). 409 `offer_not_open`
 *   when no offer is open (lapsed, taken, never made).
 * A body failing its contract answers 400 with `issues` (lib/contracts/event-registration.ts codes).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Locale } from '../../../config';
import { acceptOfferInput, eventRegistrationInput, type RegistrationResult } from '../../../contracts/event-registration';
import { deskIssues } from '../../../contracts/desk';
import { sendBuyerOn } from '../../checkout/server';
import type { Viewer } from '../../policy';
import { acceptOffer, cancelRegistration, registerForEvent } from '../../registrations';
import { ErrorSchema, idParam } from '../errors';
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
const AcceptBody = named(acceptOfferInput, 'AcceptOfferInput', { description: 'How to pay for the place offered from the waiting list (lib/contracts/event-registration.ts).' });
const Cancelled = z
  .object({
    registrationId: z.number().int(),
    state: z.literal('cancelled'),
    percent: z.number().int().openapi({ description: 'The percent of the entry’s paid amount given back (100 by staff)' }),
    refundedCents: z.number().int().openapi({ description: 'Cents refunded by this call (0: nothing paid, nothing under the policy, or cancelled already)' }),
    duplicate: z.boolean().openapi({ description: 'True when it was cancelled already: nothing was done' }),
  })
  .openapi('CancelledRegistration');
const RegistrationIdParam = z.object({ id: idParam('id') });
const notFoundReply = json(ErrorSchema, '`not_found`: no such registration, or one the login may not touch');

/**
 * `result` with `order.next` (issue 27; like the membership purchase): a reserved order starts
 * paying through its provider (Stripe's page, or `reserved` at the gate); one in any other state
 * (paid already, released) goes nowhere (`reserved`: its page says what it is).
 * @throws as `sendBuyerOn` (`service_unavailable` when Stripe cannot be reached: the order stays reserved).
 */
async function withNext(viewer: Viewer, result: RegistrationResult, locale: Locale) {
  if (!result.order || result.order.state !== 'reserved') return { ...result, order: result.order ? { ...result.order, next: { kind: 'reserved' as const } } : null };
  const next = await sendBuyerOn(viewer, result.order.publicId, locale);
  return { ...result, order: { ...result.order, next: next.next } };
}

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
      return c.json(await withNext(viewer, result, locale), 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/cancel',
      summary: 'Cancel a registration',
      description:
        'Spec §1 register for events, §3 Registration; issue 27 “Cancelling: by the rider within the event’s refund policy (percent by date), by the promoter always; the place returns to the class and the list moves”. The paid entry’s percent of the day goes back through the provider that took it, once; the next on the waiting list is offered the place by email.',
      middleware: [loggedIn] as const,
      request: { params: RegistrationIdParam },
      responses: {
        200: json(Cancelled, 'Cancelled (or cancelled already), and what was refunded'),
        400: json(ErrorSchema, '`invalid_id`'),
        401: unauthenticatedReply,
        404: notFoundReply,
        503: json(ErrorSchema, '`service_unavailable`: the card provider could not be reached; nothing changed, try again (the same refund is made once)'),
      },
    }),
    async (c) => {
      const done = await cancelRegistration(principal(c), c.req.valid('param').id);
      return c.json({ ...done, state: 'cancelled' as const }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/accept',
      summary: 'Take a place offered from the waiting list',
      description:
        'Spec §1 register for events, §3 Registration, §6 Online registration; issue 27 “a freed place is offered to the next in line for a time the promoter sets”: before the offer lapses, the rider (or their guardian) takes it and pays through the checkout (or at the gate when the promoter allows it); the same submission id takes it once.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: RegistrationIdParam, body: { content: { 'application/json': { schema: AcceptBody } }, required: true } },
      responses: {
        200: json(Result, 'The registration, now registered, and where to pay'),
        400: json(IssuesErrorSchema, 'A field failed its check (`issues`), `invalid_json` or `invalid_id`'),
        401: unauthenticatedReply,
        403: json(ErrorSchema, '`email_not_verified`'),
        404: notFoundReply,
        409: json(ErrorSchema, 'A refusal: `offer_not_open`, `registration_closed`, `gate_payment_unavailable`, `race_number_taken`, `membership_required` …'),
        415: mediaTypeReply,
        503: json(ErrorSchema, '`service_unavailable`: Stripe could not be reached; the order stays reserved'),
      },
    }),
    async (c) => {
      const viewer = principal(c);
      const body = c.req.valid('json');
      const locale = body.locale ?? sessionLocale(c);
      const result = await acceptOffer(viewer, c.req.valid('param').id, { ...body, locale });
      return c.json(await withNext(viewer, result, locale), 200);
    },
  );
  return app;
}
