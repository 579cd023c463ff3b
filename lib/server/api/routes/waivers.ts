/**
 * Waivers (issue 27 "Waivers"; spec §2 /waiver/{documentUUID}, §4 Waiver, §5 Spectator). Mounted
 * at /ll/api/v1/waivers. Thin: parse, ask lib/server/waivers, reply; replies are never stored.
 *
 * - GET /text?kind=entry&locale=fr[&eventId=12 | &discipline=enduro] → `{ kind, locale, version,
 *   title, body, discipline }`: the text to show and sign (the CMS's of the event's discipline in
 *   that language, else in English, else the kind's general text, else the built-in one);
 *   `version` is the SHA-256 of `title + '\n\n' + body`. 404 `not_found` for an unknown event.
 * - POST / `SignWaiverInput` (JSON, up to `WAIVER_BODY_LIMIT` bytes: two 200 KB signatures and a
 *   1 MB selfie as data URLs) → 201 `{ id }`. 400 with `issues` for a field (`null_agreed`,
 *   `invalid_signature_image`, `null_selfie`, `null_minor_signature`,
 *   `invalid_minor_signature_image` …); 401 `unauthenticated`; 403 `email_not_verified`; 404
 *   `not_found` (unknown event, or a person the login may not sign for: the event's promoter staff
 *   and admins may, as witness at sign-on); 409 `waiver_text_changed` (show the new text),
 *   `waiver_rejected`, `no_signatory_account`; 413 `payload_too_large`.
 * - GET /{id} → the document (`WaiverView`, images as data URLs) and GET /{id}/pdf → its PDF with
 *   the audit page, for the signatory, the person covered, their guardian, the event's promoter
 *   staff and federation admins; anyone else 404 `not_found` (401 without a login).
 * - POST /{id}/reject `{ reason }` → 201 `{ id }` (the rejection's new document), for the event's
 *   promoter staff and federation admins; anyone else 404.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { rejectWaiverInput, signWaiverInput, waiverIssues, waiverTextQuery } from '../../../contracts/waivers';
import { AppError } from '../../../errors';
import { requestPrincipal, type PolicyVariables } from '../../policy';
import { getEventWaiverText, getWaiver, getWaiverPdf, getWaiverText, rejectWaiver, signWaiver } from '../../waivers';
import { apiError, ErrorSchema, validationHook } from '../errors';
import { clientIp, IssuesErrorSchema, issuesHook, json, noStore, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser, type SessionVariables } from '../session';

/** The largest signing request accepted (bytes): both images as base64 and the fields (the app lets it past its 1 MB JSON limit). */
export const WAIVER_BODY_LIMIT = 1856 * 1024;

const hook = issuesHook(waiverIssues);
const SignBody = named(signWaiverInput, 'SignWaiverInput', { description: 'A waiver signed by the logged-in signatory (lib/contracts/waivers.ts).' });
const RejectBody = named(rejectWaiverInput, 'RejectWaiverInput', { description: 'Why staff reject the waiver.' });
const Id = z.object({ id: z.string().uuid() }).openapi('WaiverId');
const Text = z.object({ kind: z.string(), locale: z.string(), version: z.string(), title: z.string(), body: z.string(), discipline: z.string().nullable() }).openapi('WaiverText');
const View = z
  .object({
    id: z.string(),
    kind: z.string(),
    eventId: z.number().int(),
    eventName: z.string(),
    participantId: z.number().int().nullable(),
    coveredName: z.string(),
    signatoryName: z.string(),
    signatoryRole: z.string(),
    state: z.enum(['signed', 'rejected']),
    textVersion: z.string(),
    textTitle: z.string(),
    textBody: z.string(),
    locale: z.string(),
    consentElectronic: z.boolean(),
    agreed: z.boolean(),
    certified: z.boolean(),
    signedAt: z.string(),
    ip: z.string(),
    userAgent: z.string(),
    signatureSha256: z.string().nullable(),
    selfieSha256: z.string().nullable(),
    signaturePng: z.string().nullable(),
    selfieJpeg: z.string().nullable(),
    minorSignatureSha256: z.string().nullable(),
    minorSignaturePng: z.string().nullable(),
    witnessName: z.string().nullable(),
    keepUntil: z.string(),
  })
  .openapi('WaiverDocument');
const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: 'id', in: 'path' }, description: 'The document’s id (uuid)' }) });
const badBody = json(IssuesErrorSchema, 'A field failed its check (`issues`), or `invalid_json`');
const unauthenticated = json(ErrorSchema, '`unauthenticated`: not logged in');
const notFound = json(ErrorSchema, '`not_found`: unknown, or not the caller’s to read');

const request = (c: { req: { header(name: string): string | undefined } }) => ({ ip: clientIp(c as never), userAgent: c.req.header('user-agent') ?? '' });

/** The waivers sub-app (mounted at /ll/api/v1/waivers). */
export function waiverRoutes() {
  const app = new OpenAPIHono<{ Variables: SessionVariables & PolicyVariables }>({ defaultHook: validationHook });
  app.use(noStore);
  app.use(sessionUser);
  const limit = bodyLimit({ maxSize: WAIVER_BODY_LIMIT, onError: (c) => c.json(apiError(413, 'payload_too_large', `The request body is larger than ${WAIVER_BODY_LIMIT} bytes`), 413) });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/text',
      summary: 'The waiver text to show and sign, with its version',
      description:
        'Issue 27 Waivers (§4 Waiver; "CMS content per event type and language"): the CMS text of `kind` for the discipline of event `eventId` (or `discipline`) in `locale`, else in English, else the kind’s general text, else the built-in one; `version` = SHA-256 (hex) of title, a blank line and body.',
      request: { query: z.object({ kind: z.string().optional(), locale: z.string().optional(), eventId: z.string().optional(), discipline: z.string().optional() }) },
      responses: { 200: json(Text, 'The text'), 400: json(ErrorSchema, '`invalid_waiver_kind`, `invalid_locale`, `invalid_event_id`, `invalid_discipline`'), 404: json(ErrorSchema, '`not_found`: unknown event') },
    }),
    async (c) => {
      const parsed = waiverTextQuery.safeParse(c.req.valid('query'));
      if (!parsed.success) throw new AppError(waiverIssues(parsed.error)[0]?.code as `invalid_${string}`);
      const { kind, locale, eventId, discipline } = parsed.data;
      return c.json(eventId ? await getEventWaiverText(kind, locale, eventId) : await getWaiverText(kind, locale, discipline ?? null), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Sign a waiver',
      description:
        'Issue 27 Waivers; spec §4 Waiver, §5 Spectator (consent to the electronic signature, the signature, “I Agree” and “I certify the information” required; the minor’s own signature when the federation asks for it). Seals the document (text as shown, image hashes, time, address, user agent, language) and emails its PDF to the signatory. The event’s promoter staff and admins may take it in person at sign-on: the signatory is the person’s or their guardian’s account, the staff login its witness.',
      middleware: [limit, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: SignBody } }, required: true } },
      responses: {
        201: json(Id, 'The signed document’s id'),
        400: badBody,
        401: unauthenticated,
        403: json(ErrorSchema, '`email_not_verified`'),
        404: json(ErrorSchema, '`not_found`: unknown event, or a person the login may not sign for'),
        409: json(ErrorSchema, '`waiver_text_changed` (show the new text), `waiver_rejected`, `no_signatory_account`'),
        413: json(ErrorSchema, '`payload_too_large`'),
      },
    }),
    async (c) => {
      const viewer = await requestPrincipal(c);
      return c.json(await signWaiver(viewer, c.req.valid('json'), request(c)), 201);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      summary: 'A waiver document',
      description: 'Issue 27 Waivers (who sees it); spec §2 /waiver/{documentUUID}. For the signatory, the person covered, their guardian, the event’s promoter staff and federation admins (a staff read is recorded in the audit trail); images as data URLs.',
      request: { params: IdParam },
      responses: { 200: json(View, 'The document'), 401: unauthenticated, 404: notFound },
    }),
    async (c) => {
      const viewer = await requestPrincipal(c);
      if (viewer === null) throw new AppError('unauthenticated');
      return c.json(await getWaiver(viewer, c.req.valid('param').id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/pdf',
      summary: 'A waiver document as a PDF, with its audit page',
      description: 'Spec §2 /waiver/{documentUUID}, §4 Waiver; issue 27 (a PDF of it with an audit page); same readers as GET /waivers/{id}.',
      request: { params: IdParam },
      responses: {
        200: { content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } }, description: 'The PDF (attachment; never cached)' },
        401: unauthenticated,
        404: notFound,
      },
    }),
    async (c) => {
      const viewer = await requestPrincipal(c);
      if (viewer === null) throw new AppError('unauthenticated');
      const file = await getWaiverPdf(viewer, c.req.valid('param').id);
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${file.fileName}"`, 'Cache-Control': 'private, no-store' });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reject',
      summary: 'Reject a waiver (a new document; the signed one is never changed)',
      description: 'Issue 27 Waivers; spec §4 Waiver (rejected: cannot be signed). For the event’s promoter staff and federation admins; the person’s waiver for the event is then rejected and cannot be signed again.',
      middleware: [requireJson] as const,
      request: { params: IdParam, body: { content: { 'application/json': { schema: RejectBody } }, required: true } },
      responses: { 201: json(Id, 'The rejection’s document id'), 400: badBody, 401: unauthenticated, 404: notFound },
    }),
    async (c) => {
      const viewer = await requestPrincipal(c);
      return c.json(await rejectWaiver(viewer, c.req.valid('param').id, c.req.valid('json').reason, request(c)), 201);
    },
    (result, c) => hook(result, c),
  );
  return app;
}
