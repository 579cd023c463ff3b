/**
 * Spectator registration, the four steps (issue 28 "The four steps"; spec §2 /spectator/{id?},
 * /waiver/{documentUUID?}; §4 Spectator registration, §5 Spectator, §6, §8 Spectator). Mounted at
 * /ll/api/v1/spectators. Thin: parse, ask lib/server/spectators (and lib/server/waivers for
 * signing), reply; replies are never stored. A failed body answers 400 with `issues`, its `error`
 * `null_entries` ('Please fill all entries') when an entry is missing.
 *
 * The buyer (logged in; a Participant or Spectator login, email verified):
 * - POST /registrations `StartSpectatorRegistrationInput` → 201 the registration (step 1), or the
 *   buyer's open one of that event day again;
 * - GET /registrations/{id} → the registration with its spectators, prices and waiver states;
 * - POST /registrations/{id}/spectators `SpectatorPersonInput` → 201 (step 3); DELETE
 *   /registrations/{id}/spectators/{spectatorId} → 200;
 * - POST /registrations/{id}/spectators/{spectatorId}/waiver `SignSpectatorWaiverInput` → 201
 *   `{ id }`: signed on the buyer's phone (the buyer for themself or a minor; another adult
 *   themself);
 * - POST /registrations/{id}/spectators/{spectatorId}/waiver-link → 202 `{ sent }`: the adult's
 *   link by email;
 * - POST /registrations/{id}/quote `QuoteSpectatorInput` → the summary (step 4);
 * - POST /registrations/{id}/submit `SubmitSpectatorInput` → 201 the registration and its order
 *   with `order.next` (Stripe's page, or `reserved` at the gate);
 * - POST /registrations/{id}/tickets/{ticketId}/transfer `TransferTicketInput` → 201
 *   `{ ticketId, spectatorId }` (200 when that transfer id was recorded before): the ticket given
 *   to someone else.
 * An adult by the emailed link, without a login (rate-limited per address):
 * - GET /waivers/{signingId}?locale=fr → what /waiver/{signingId} shows;
 * - POST /waivers/{signingId} `SignSpectatorWaiverInput` → 201 `{ id }`.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LOCALES, type Locale } from '../../../config';
import {
  quoteSpectatorInput,
  signSpectatorWaiverInput,
  spectatorIssues,
  spectatorIssuesCode,
  spectatorPersonInput,
  startSpectatorRegistrationInput,
  submitSpectatorInput,
  transferTicketInput,
} from '../../../contracts/spectators';
import { errorBody, type ErrorCode } from '../../../errors';
import { sendBuyerOn } from '../../checkout/server';
import { consume } from '../../rate-limit';
import { getSpectatorRegistration, getSpectatorWaiverByLink, quoteSpectatorRegistration, removeSpectator, sendWaiverLink, startSpectatorRegistration, submitSpectatorRegistration, addSpectator, transferTicket } from '../../spectators';
import { signSpectatorWaiver } from '../../waivers';
import { apiError, ErrorSchema, validationError, type validationHook } from '../errors';
import { clientIp, IssuesErrorSchema, json, noStore, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionLocale, sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

/** The largest signing request accepted (bytes): two signatures and a selfie as data URLs, and the fields (./app.ts lets it past its 1 MB JSON limit). */
export const SPECTATOR_WAIVER_BODY_LIMIT = 1856 * 1024;

type HookResult = Parameters<typeof validationHook>[0];

/** A failed JSON body: 400 with `issues`, its code `null_entries` when an entry is missing; a failed path parameter: the API's usual error. */
function hook(result: HookResult, c: Context) {
  if (result.success) return undefined;
  if (result.target !== 'json') throw validationError(result);
  c.header('Cache-Control', 'no-store');
  const issues = spectatorIssues(result.error);
  const code = spectatorIssuesCode(issues) as ErrorCode;
  return c.json({ ...errorBody(code, undefined, 400), issues }, 400);
}

const StartBody = named(startSpectatorRegistrationInput, 'StartSpectatorRegistrationInput', { description: 'Step 1: the event, its day and the buyer (lib/contracts/spectators.ts).' });
const PersonBody = named(spectatorPersonInput, 'SpectatorPersonInput', { description: 'Step 3: a spectator (lib/contracts/spectators.ts).' });
const SignBody = named(signSpectatorWaiverInput, 'SignSpectatorWaiverInput', { description: 'A spectator’s waiver as signed (lib/contracts/spectators.ts).' });
const QuoteBody = named(quoteSpectatorInput, 'QuoteSpectatorInput', { description: 'Step 4: the promo code (lib/contracts/spectators.ts).' });
const TransferBody = named(transferTicketInput, 'TransferTicketInput', { description: 'A ticket given to someone else: the new holder and the form’s transfer id (lib/contracts/spectators.ts).' });
const SubmitBody = named(submitSpectatorInput, 'SubmitSpectatorInput', { description: 'Step 4: how to pay, with the form’s submission id (lib/contracts/spectators.ts).' });

const Spectator = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.string(),
  birthday: z.string(),
  email: z.string().nullable(),
  isBuyer: z.boolean(),
  age: z.number().int(),
  minor: z.boolean(),
  priceCents: z.number().int(),
  waiver: z.object({ state: z.enum(['signed', 'not_signed', 'rejected']), signatoryName: z.string().nullable(), documentId: z.string().nullable() }),
  signedBy: z.enum(['self', 'guardian', 'adult']),
});
const OrderSummary = z.object({ publicId: z.string(), state: z.string(), totalCents: z.number().int(), provider: z.string() });
const Registration = z
  .object({
    id: z.string(),
    eventId: z.number().int(),
    eventName: z.string(),
    day: z.string(),
    state: z.enum(['open', 'complete', 'canceled']),
    locale: z.string(),
    order: OrderSummary.nullable(),
    selfieRequired: z.boolean(),
    payAtGate: z.boolean(),
    spectators: z.array(Spectator),
    allSigned: z.boolean(),
  })
  .openapi('SpectatorRegistration');
const Quote = z
  .object({
    lines: z.array(z.object({ spectatorId: z.string(), description: z.string(), unitCents: z.number().int(), subtotalCents: z.number().int() })),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    promoCode: z.string().nullable(),
    taxes: z.array(z.object({ code: z.string(), rate: z.number().int(), cents: z.number().int() })),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
  })
  .openapi('SpectatorQuote');
const Submitted = z
  .object({
    registration: Registration,
    order: OrderSummary.extend({ next: z.union([z.object({ kind: z.literal('redirect'), url: z.string() }), z.object({ kind: z.literal('reserved') })]) }),
    duplicate: z.boolean(),
  })
  .openapi('SpectatorSubmitted');
const ByLink = z
  .object({
    eventId: z.number().int(),
    eventName: z.string(),
    day: z.string(),
    coveredName: z.string(),
    signatoryName: z.string(),
    email: z.string().nullable(),
    text: z.object({ kind: z.string(), locale: z.string(), version: z.string(), title: z.string(), body: z.string(), discipline: z.string().nullable() }),
    selfieRequired: z.boolean(),
    minorSignatureRequired: z.boolean(),
    state: z.enum(['signed', 'not_signed', 'rejected']),
    canceled: z.boolean(),
  })
  .openapi('SpectatorWaiverByLink');
const DocId = z.object({ id: z.string() }).openapi('SpectatorWaiverId');

const uuidParam = (name: string, description: string) => z.string().max(64).openapi({ param: { name, in: 'path' }, description });
const RegistrationParam = z.object({ id: uuidParam('id', 'The registration’s id (uuid)') });
const SpectatorParam = RegistrationParam.extend({ spectatorId: uuidParam('spectatorId', 'The spectator’s id (uuid)') });
const TicketParam = RegistrationParam.extend({ ticketId: uuidParam('ticketId', 'The ticket’s id (uuid)') });
const Transferred = z.object({ ticketId: z.string(), spectatorId: z.string() }).openapi('TicketTransferred');
const LinkParam = z.object({ signingId: uuidParam('signingId', 'The spectator’s signing id from the emailed link (uuid)') });

const badBody = json(IssuesErrorSchema, 'A field failed its check (`issues`; `null_entries`: Please fill all entries), or `invalid_json`');
const notFound = json(ErrorSchema, '`spectator_not_found` (The record was not found): unknown, or not the buyer’s');
const refused = (what: string) => json(ErrorSchema, what);
const buyerRefusals = json(ErrorSchema, '`promoters_not_allowed` (Not valid for Promoters), `account_type_not_allowed` (§6), `email_not_verified`');
const tooMany = json(ErrorSchema, '`too_many_attempts` (with `Retry-After`)');

const signingRequest = (c: Context) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' });
const asLocale = (value: string | undefined, fallback: Locale): Locale => ((LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : fallback);

/** The spectator registration sub-app (mounted at /ll/api/v1/spectators). */
export function spectatorRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: hook });
  app.use(noStore);
  app.use(sessionUser);
  const limit = bodyLimit({ maxSize: SPECTATOR_WAIVER_BODY_LIMIT, onError: (c) => c.json(apiError(413, 'payload_too_large', `The request body is larger than ${SPECTATOR_WAIVER_BODY_LIMIT} bytes`), 413) });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registrations',
      summary: 'Start a spectator registration (step 1, buyer information)',
      description:
        'Spec §4 Spectator registration step 1, §5 Spectator, §6, §8 Spectator; issue 28: an adult Participant or Spectator buys for one day of an event that sells tickets, as its first spectator; refusals ‘Event not found’, ‘Not valid for Promoters’, the §6 account-type message, ‘Only valid for Adults’, ‘Spectator already registered’, ‘Please fill all entries’. The buyer’s open registration of that event day is answered again.',
      middleware: [loggedIn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: StartBody } }, required: true } },
      responses: {
        201: json(Registration, 'The registration, open, with the buyer as its first spectator (or the buyer’s open one of that event day, as it is)'),
        400: badBody,
        401: unauthenticatedReply,
        403: buyerRefusals,
        404: refused('`event_not_found` (Event not found): unknown, hidden, cancelled, or selling no tickets'),
        409: refused('`adults_only` (Only valid for Adults), `spectator_already_registered`'),
        415: mediaTypeReply,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(await startSpectatorRegistration(principal(c), { ...body, locale: body.locale ?? sessionLocale(c) }), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/registrations/{id}',
      summary: 'A spectator registration, as its buyer sees it',
      description: 'Spec §3 Spectator (price, waiver status and signatory), §4 Spectator registration; issue 28: the event day, the state, the order once confirmed, each spectator with their age on the day, price and waiver state.',
      middleware: [loggedIn] as const,
      request: { params: RegistrationParam },
      responses: { 200: json(Registration, 'The registration'), 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => c.json(await getSpectatorRegistration(principal(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/spectators',
      summary: 'Add a spectator (step 3)',
      description:
        'Spec §3 Spectator, §5 Spectator (a duplicate email among adults refused, offering to register the existing person or change the email), §8 Spectator; issue 28: an adult needs their own email; a minor has none of their own; ‘Spectator already registered’ for the event day.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: RegistrationParam, body: { content: { 'application/json': { schema: PersonBody } }, required: true } },
      responses: {
        201: json(Registration, 'The registration with the new spectator'),
        400: badBody,
        401: unauthenticatedReply,
        403: refused('`promoters_not_allowed`: the email is a promoter’s login'),
        404: notFound,
        409: refused('`spectator_email_exists` (with `spectatorId`: the spectator who has that email), `spectator_already_registered`, `spectator_registration_closed`'),
        415: mediaTypeReply,
      },
    }),
    async (c) => c.json(await addSpectator(principal(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/registrations/{id}/spectators/{spectatorId}',
      summary: 'Take a spectator off (step 3)',
      description: 'Spec §4 Spectator registration; issue 28: the buyer removes a person they added, before the order is made; never the buyer.',
      middleware: [loggedIn] as const,
      request: { params: SpectatorParam },
      responses: { 200: json(Registration, 'The registration without them'), 401: unauthenticatedReply, 404: notFound, 409: refused('`spectator_registration_closed`') },
    }),
    async (c) => {
      const { id, spectatorId } = c.req.valid('param');
      return c.json(await removeSpectator(principal(c), id, spectatorId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/spectators/{spectatorId}/waiver',
      summary: 'Sign a spectator’s waiver on the buyer’s phone',
      description:
        'Spec §4 Spectator registration and Waiver, §5 Spectator (consent to the electronic signature, the signature, ‘I Agree’ and ‘I certify the information’ required), §8 Spectator; issue 28: the buyer for themself or, as parent or guardian, for a minor; another adult signs their own on that phone. The sealed document’s PDF goes to the signatory (the buyer’s email for a minor).',
      middleware: [loggedIn, limit, requireJson] as const,
      request: { params: SpectatorParam, body: { content: { 'application/json': { schema: SignBody } }, required: true } },
      responses: {
        201: json(DocId, 'The signed document’s id'),
        400: badBody,
        401: unauthenticatedReply,
        403: refused('`email_not_verified`'),
        404: notFound,
        409: refused('`waiver_rejected` (This waiver was rejected and cannot be signed), `waiver_text_changed`, `spectator_registration_closed`'),
        413: refused('`payload_too_large`'),
        415: mediaTypeReply,
      },
    }),
    async (c) => {
      const { id, spectatorId } = c.req.valid('param');
      return c.json(await signSpectatorWaiver({ viewer: principal(c), registrationId: id, spectatorId }, c.req.valid('json'), signingRequest(c)), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/spectators/{spectatorId}/waiver-link',
      summary: 'Email an adult spectator the link to sign their waiver',
      description: 'Spec §2 /waiver/{documentUUID?}, §4 Spectator registration; issue 28: each adult signs their own waiver, on the same phone or by an emailed link; the mail is in the registration’s language. `sent: false` when it is signed already.',
      middleware: [loggedIn] as const,
      request: { params: SpectatorParam },
      responses: {
        202: json(z.object({ sent: z.boolean() }).openapi('WaiverLinkSent'), 'The mail is queued (or not needed)'),
        401: unauthenticatedReply,
        404: json(ErrorSchema, '`spectator_not_found`: unknown, the buyer, or a minor (the buyer signs for them)'),
        409: refused('`spectator_registration_closed`'),
        429: tooMany,
      },
    }),
    async (c) => {
      const viewer = principal(c)!;
      const { id, spectatorId } = c.req.valid('param');
      await consume([{ policy: 'spectator_waiver_link_mail', subject: { account: viewer.userId } }]);
      const { sent } = await sendWaiverLink(viewer, id, spectatorId);
      return c.json({ sent }, 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/quote',
      summary: 'The summary of a spectator registration (step 4)',
      description: 'Spec §3 Spectator (price, tax, promo code) and Transaction (subtotal, tax, total); issue 28: one line per spectator by the event’s age bands (free below its age), the promo code, the taxes of the event’s province, the total, in cents. Nothing is held.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: RegistrationParam, body: { content: { 'application/json': { schema: QuoteBody } }, required: true } },
      responses: {
        200: json(Quote, 'The figures, in cents'),
        400: badBody,
        401: unauthenticatedReply,
        403: buyerRefusals,
        404: notFound,
        409: refused('`null_spectators`, `promo_*`'),
        415: mediaTypeReply,
      },
    }),
    async (c) => c.json(await quoteSpectatorRegistration(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/submit',
      summary: 'Pay a spectator registration (step 4)',
      description:
        'Spec §4 Spectator registration (complete or canceled), §5 Spectator (at least one spectator, all waivers signed), §8 Spectator (‘You must send the waiver before you can continue’); issue 28: in one transaction the day’s capacity (never oversold: `tickets_sold_out`) and the order; at the gate the tickets are reserved unpaid at once; by card `order.next` is Stripe’s page. The same submission id orders once.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: RegistrationParam, body: { content: { 'application/json': { schema: SubmitBody } }, required: true } },
      responses: {
        201: json(Submitted, 'The registration and its order, with where to pay'),
        400: badBody,
        401: unauthenticatedReply,
        403: buyerRefusals,
        404: notFound,
        409: refused('`waivers_not_signed`, `null_spectators`, `tickets_sold_out`, `gate_payment_unavailable`, `spectator_registration_closed`, `promo_*`'),
        415: mediaTypeReply,
        503: refused('`service_unavailable`: Stripe could not be reached; the order stays reserved'),
      },
    }),
    async (c) => {
      const viewer = principal(c);
      const body = c.req.valid('json');
      const locale = asLocale(body.locale, sessionLocale(c));
      const result = await submitSpectatorRegistration(viewer, c.req.valid('param').id, { ...body, locale });
      const next = result.order.state === 'reserved' && result.order.provider !== 'office' ? (await sendBuyerOn(viewer, result.order.publicId, locale, `/thank-you-page/spectator/${result.registration.id}`)).next : { kind: 'reserved' as const };
      return c.json({ ...result, order: { ...result.order, next } }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/tickets/{ticketId}/transfer',
      summary: 'Give a ticket to someone else',
      description:
        'Spec §3 Spectator, §4 Spectator registration and Waiver, §5 Spectator; issue 28 “a ticket given to another person needs that person’s waiver before it scans”: the buyer of a complete registration names an adult (on the ticket’s day) with their own email; the old ticket is voided, the new holder gets their own ticket and, by email, it and the link to sign their waiver; the new ticket scans `waiver_missing` until they sign. The same `transferId` answers the first transfer again (200).',
      middleware: [loggedIn, requireJson] as const,
      request: { params: TicketParam, body: { content: { 'application/json': { schema: TransferBody } }, required: true } },
      responses: {
        200: json(Transferred, 'This transfer was recorded before: its new ticket'),
        201: json(Transferred, 'The new holder’s ticket and spectator'),
        400: badBody,
        401: unauthenticatedReply,
        403: refused('`promoters_not_allowed`: the email is a promoter’s login'),
        404: notFound,
        409: refused(
          '`ticket_not_transferable` (used, refunded, already given, its day past, or the registration not complete), `ticket_transfer_price` (the new holder’s price on the day is not the ticket’s), `adults_only` (Only valid for Adults), `spectator_already_registered`',
        ),
        415: mediaTypeReply,
      },
    }),
    async (c) => {
      const { id, ticketId } = c.req.valid('param');
      const { created, ...result } = await transferTicket(principal(c), id, ticketId, c.req.valid('json'));
      return created ? c.json(result, 201) : c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/waivers/{signingId}',
      summary: 'A spectator’s waiver by the emailed link (no login)',
      description: 'Spec §2 /waiver/{documentUUID?}, §4 Waiver (signed, not signed, rejected); issue 28: what the adult’s page shows — the event day, who signs, the text and its version in `locale`, the selfie asked, the state. Rate-limited per address.',
      request: { params: LinkParam, query: z.object({ locale: z.string().optional() }) },
      responses: { 200: json(ByLink, 'What the page shows'), 404: notFound, 429: tooMany },
    }),
    async (c) => {
      await consume([{ policy: 'spectator_waiver_link_address', subject: { address: clientIp(c) } }]);
      return c.json(await getSpectatorWaiverByLink(c.req.valid('param').signingId, asLocale(c.req.valid('query').locale, sessionLocale(c))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/waivers/{signingId}',
      summary: 'Sign a spectator’s waiver by the emailed link (no login)',
      description:
        'Spec §2 /waiver/{documentUUID?}, §4 Waiver, §5 Spectator, §8 Spectator; issue 28: the adult signs their own waiver from the emailed link (the link is the capability); the sealed document’s PDF goes to their email. Rate-limited per address.',
      middleware: [limit, requireJson] as const,
      request: { params: LinkParam, body: { content: { 'application/json': { schema: SignBody } }, required: true } },
      responses: {
        201: json(DocId, 'The signed document’s id'),
        400: badBody,
        404: notFound,
        409: refused('`waiver_rejected` (This waiver was rejected and cannot be signed), `waiver_text_changed`, `spectator_registration_closed`'),
        413: refused('`payload_too_large`'),
        415: mediaTypeReply,
        429: tooMany,
      },
    }),
    async (c) => {
      await consume([{ policy: 'spectator_waiver_link_address', subject: { address: clientIp(c) } }]);
      return c.json(await signSpectatorWaiver({ signingId: c.req.valid('param').signingId }, c.req.valid('json'), signingRequest(c)), 201);
    },
  );
  return app;
}
