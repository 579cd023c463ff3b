/**
 * The gate on the promoter's desk (issue 28 "Tickets and the gate": the scanner admits each ticket
 * once, an unpaid ticket is paid at the scan, counts per gate and per hour, offline scans sent when
 * the connection returns; spec §3 Spectator, §5 Spectator). Mounted at /ll/api/v1/desk: a login is
 * needed (401); an event the login may not scan (policy `tickets.scan`: staff of its promoter,
 * officials, admins) answers 404 like an unknown one; replies are never stored.
 *
 * - POST /events/{id}/gate/scans `{ scans: TicketScan[] }` → `{ results }`: each scan judged and
 *   recorded once by its device id (lib/server/tickets/record-scans.ts), in the order sent.
 * - GET /events/{id}/gate/counts?day= → `GateCounts`: admitted per gate and per hour, sold, unpaid.
 * - POST /events/{id}/gate/pay `{ order }` → `GatePayment`: what was due on a ticket order, taken at the gate.
 * - POST /events/{id}/gate/spectators/{spectatorId}/waivers `SignSpectatorWaiverInput` → 201 `{ id }`:
 *   a missing waiver signed on the official's tablet, the login as witness (lib/server/waivers
 *   `signSpectatorWaiver` with a `witness` signer). Its body carries a signature and a selfie as
 *   data URLs: the path ends in `/waivers`, which ../app.ts lets past its 1 MB JSON limit
 *   (`WAIVER_SIGN`); this route sets its own, `GATE_WAIVER_BODY_LIMIT`.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { signSpectatorWaiverInput } from '../../../contracts/spectators';
import { waiverIssues } from '../../../contracts/waivers';
import { TICKET_SCAN_RESULTS } from '../../../contracts/ticket-scans';
import { gateCountsQuery, gatePayInput, ticketScanBatch } from '../../../contracts/tickets';
import { gateCounts, payTicketAtGate, recordScans } from '../../tickets';
import { signSpectatorWaiver } from '../../waivers';
import { apiError, ErrorSchema, idParam, validationHook } from '../errors';
import { clientIp, IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const Reply = z
  .object({
    id: z.string(),
    result: z.enum(TICKET_SCAN_RESULTS),
    duplicate: z.boolean(),
    ticketId: z.string().nullable(),
    spectatorId: z.string().nullable().optional().openapi({ description: 'The spectator the ticket is for: a `waiver_missing` waiver is signed for them at the gate' }),
    name: z.string().nullable(),
    day: z.string().nullable(),
    gate: z.string(),
    scannedAt: z.string(),
    usedAt: z.string().optional().openapi({ description: '`already_used`: when the ticket was admitted' }),
    usedGate: z.string().optional().openapi({ description: '`already_used`: at which gate' }),
    conflict: z.boolean().optional().openapi({ description: '`already_used` of a scan made offline: reported, never hidden' }),
    order: z.string().optional().openapi({ description: '`unpaid`: the order (public id) to take payment on' }),
    dueCents: z.number().int().optional().openapi({ description: '`unpaid`: what is due, in cents' }),
  })
  .openapi('TicketScanReply');
const Synced = z.object({ results: z.array(Reply) }).openapi('TicketScanSyncResult');
const Counts = z
  .object({
    eventId: z.number().int(),
    day: z.string().nullable(),
    perGate: z.array(z.object({ gate: z.string(), admitted: z.number().int() })),
    perHour: z.array(z.object({ hour: z.string().openapi({ description: 'YYYY-MM-DD HH:00 in the federation’s time zone' }), admitted: z.number().int() })),
    totals: z.object({ sold: z.number().int(), admitted: z.number().int(), unpaid: z.number().int() }),
  })
  .openapi('GateCounts');
const Payment = z.object({ order: z.string(), recorded: z.boolean(), paidCents: z.number().int(), dueCents: z.number().int(), state: z.string() }).openapi('GatePayment');
const ScansBody = named(ticketScanBatch, 'TicketScanBatch', { description: 'What a gate device scanned, oldest first (lib/contracts/tickets.ts).' });
const PayBody = named(gatePayInput, 'GatePayInput');
const notFound = json(ErrorSchema, '`not_found`: unknown, or an event (or order) the login may not scan or take payment for');
const SignBody = named(signSpectatorWaiverInput, 'GateSpectatorWaiverInput', { description: 'A spectator’s waiver as signed at the gate (lib/contracts/spectators.ts `signSpectatorWaiverInput`).' });

/** The largest gate signing request accepted (bytes): two signatures and a selfie as data URLs, and the fields (as ./spectators.ts and ./waivers.ts). */
export const GATE_WAIVER_BODY_LIMIT = 1856 * 1024;
const signHook = issuesHook(waiverIssues);

/** The desk's gate sub-app (mounted at /ll/api/v1/desk). */
export function deskGateRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/events/{id}/gate/scans',
      summary: 'Record the gate’s ticket scans',
      description:
        'Issue 28 "Tickets and the gate"; spec §3 Spectator, §5 Spectator. Each scan judged (invalid, wrong_event, wrong_day, voided, unpaid, waiver_missing, already_used, admitted) and recorded once by its device id: a batch sent twice records nothing twice and answers the first results. One admission per ticket whatever the number of gates. Policy `tickets.scan`; else 404.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('event') }), body: { content: { 'application/json': { schema: ScansBody } }, required: true } },
      responses: { 200: json(Synced, 'Each scan’s answer, in the order sent'), 400: json(ErrorSchema, '`invalid_request`, `invalid_gate`, `invalid_json`'), 401: unauthenticatedReply, 404: notFound, 415: mediaTypeReply },
    }),
    async (c) => c.json(await recordScans(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}/gate/counts',
      summary: 'The gate’s counts of an event',
      description: 'Issue 28 "counts per gate and per hour"; spec §5 Spectator. Admissions per gate and per hour (federation time zone), tickets sold, admitted and unpaid; one day when `day` is given. Policy `tickets.scan`; else 404.',
      middleware: [loggedIn] as const,
      request: { params: z.object({ id: idParam('event') }), query: gateCountsQuery },
      responses: { 200: json(Counts, 'The counts'), 400: json(ErrorSchema, '`invalid_date`'), 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => c.json(await gateCounts(principal(c), c.req.valid('param').id, c.req.valid('query').day ?? null), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/events/{id}/gate/pay',
      summary: 'Take a ticket order’s payment at the gate',
      description:
        'Issue 28 "an unpaid ticket is paid at the scan"; spec §3 Transaction. Records what is due on the order (an office payment by the staff login, once however often it is sent), after which its tickets scan as paid. Policies `tickets.scan` and `orders.mark_paid`; an order of another event 404; `order_expired` when its places went to others.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('event') }), body: { content: { 'application/json': { schema: PayBody } }, required: true } },
      responses: { 200: json(Payment, 'The order’s payment'), 400: json(ErrorSchema, '`invalid_request`, `invalid_json`'), 401: unauthenticatedReply, 404: notFound, 409: json(ErrorSchema, '`order_expired`'), 415: mediaTypeReply },
    }),
    async (c) => c.json(await payTicketAtGate(principal(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  const limit = bodyLimit({ maxSize: GATE_WAIVER_BODY_LIMIT, onError: (c) => c.json(apiError(413, 'payload_too_large', `The request body is larger than ${GATE_WAIVER_BODY_LIMIT} bytes`), 413) });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/events/{id}/gate/spectators/{spectatorId}/waivers',
      summary: 'Sign a spectator’s missing waiver at the gate, on the official’s tablet',
      description:
        'Issue 28 "a missing waiver is signed there"; spec §4 Waiver, §5 Spectator (consent to the electronic signature, the signature, ‘I Agree’ and ‘I certify the information’ required; the selfie when the event asks), §8 Spectator. The spectator signs in person (an adult for themself; for a minor the registration’s buyer as parent or guardian) with the login as witness; the sealed document’s PDF goes to the signatory. Policy `tickets.scan`; another promoter’s event 404 like an unknown one.',
      middleware: [loggedIn, limit, requireJson] as const,
      request: {
        params: z.object({ id: idParam('event'), spectatorId: z.string().max(64).openapi({ param: { name: 'spectatorId', in: 'path' }, description: 'The spectator’s id (uuid)' }) }),
        body: { content: { 'application/json': { schema: SignBody } }, required: true },
      },
      responses: {
        201: json(z.object({ id: z.string() }).openapi('GateSpectatorWaiverId'), 'The signed document’s id'),
        400: json(IssuesErrorSchema, 'A field failed its check (`null_consent_electronic`, `null_agreed`, `null_certified`, `null_signature_image`, `null_selfie`, …), or `invalid_json`'),
        401: unauthenticatedReply,
        404: json(ErrorSchema, '`not_found` (an event the login may not scan), `spectator_not_found` (The record was not found)'),
        409: json(ErrorSchema, '`waiver_rejected` (This waiver was rejected and cannot be signed), `waiver_text_changed`, `spectator_registration_closed`'),
        413: json(ErrorSchema, '`payload_too_large`'),
        415: mediaTypeReply,
      },
    }),
    async (c) => {
      const { id, spectatorId } = c.req.valid('param');
      const request = { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' };
      return c.json(await signSpectatorWaiver({ kind: 'witness', viewer: principal(c), eventId: id, spectatorId }, c.req.valid('json'), request), 201);
    },
    // A failed body answers 400 with `issues` (the form shows the first one's text).
    (result, c) => signHook(result, c),
  );
  return app;
}
