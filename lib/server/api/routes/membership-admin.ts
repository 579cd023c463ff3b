/**
 * The federation admin's membership types and promo codes (issue 26 "Types … per organization
 * (name, price, validity season or one event, age limits, family type, description per
 * language), edited by a federation admin"; "promo codes (percent or amount, dates, usage
 * limits, what they apply to)"; spec §2 /membership/type, §3 Transaction). Mounted at
 * /ll/api/v1/admin. Every call needs the policy's `memberships.edit` (federation admins): no
 * login → 401 `unauthenticated`, another role → 403 `forbidden`, checked before the body is read;
 * replies are never stored.
 *
 * - GET /membership-types → `{ organizations: [{ id, name, types: AdminMembershipType[] }] }`.
 * - POST /organizations/{id}/membership-types `MembershipTypeForm` → 201 `{ id }`; 404 unknown organization.
 * - PUT /membership-types/{id} `MembershipTypeForm` → 200 `{ id }`.
 * - DELETE /membership-types/{id} → 200 `{ id }`; 409 `membership_type_in_use`.
 * - GET /promo-codes → `{ promoCodes: AdminPromoCode[] }`.
 * - POST /promo-codes `PromoCodeForm` → 201 `{ id }`; 409 `promo_code_exists`.
 * - PUT /promo-codes/{id} `PromoCodeForm` → 200 `{ id }`; 409 `promo_code_exists`, `promo_code_used`.
 *
 * A body that fails the contract (lib/contracts/membership-admin.ts) answers 400 with `issues`.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { membershipAdminIssues, membershipTypeInput, MEMBERSHIP_VALIDITIES, PROMO_APPLIES_TO, PROMO_CODE_KINDS, promoCodeInput } from '../../../contracts/membership-admin';
import {
  assertMembershipAdmin,
  createMembershipType,
  createPromoCode,
  deleteMembershipType,
  listAdminMembershipTypes,
  listPromoCodes,
  updateMembershipType,
  updatePromoCode,
} from '../../membership-admin';
import { requestPrincipal, type PolicyVariables, type Viewer } from '../../policy';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser, type SessionVariables } from '../session';

type Env = { Variables: SessionVariables & PolicyVariables };

/** 401 / 403 before anything else unless a federation admin; the principal in `c.var.principal`; never stored. */
const admin: MiddlewareHandler<Env> = async (c, next) => {
  c.header('Cache-Control', 'private, no-store');
  const viewer = await requestPrincipal(c);
  assertMembershipAdmin(viewer);
  c.set('principal', viewer);
  await next();
};

const hook = issuesHook(membershipAdminIssues);
const TypeBody = named(membershipTypeInput, 'AdminMembershipTypeInput', { description: 'A membership type (lib/contracts/membership-admin.ts): price in dollars as typed, ages 0–99.' });
const PromoBody = named(promoCodeInput, 'AdminPromoCodeInput', { description: 'A promo code (lib/contracts/membership-admin.ts): a percent (1–100) or an amount in dollars, as typed.' });
const TypeRow = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    name: z.string(),
    nameFr: z.string().nullable(),
    nameEs: z.string().nullable(),
    description: z.string().nullable(),
    descriptionFr: z.string().nullable(),
    descriptionEs: z.string().nullable(),
    priceCents: z.number().int(),
    validity: z.enum(MEMBERSHIP_VALIDITIES),
    minAge: z.number().int().nullable(),
    maxAge: z.number().int().nullable(),
    family: z.boolean(),
    sortOrder: z.number().int(),
    memberships: z.number().int(),
    orderLines: z.number().int(),
  })
  .openapi('AdminMembershipType');
const PromoRow = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(PROMO_CODE_KINDS),
    value: z.number().int().openapi({ description: 'Basis points (percent) or cents (amount)' }),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    maxUsesPerBuyer: z.number().int().nullable(),
    appliesTo: z.array(z.enum(PROMO_APPLIES_TO)),
    organizationId: z.number().int().nullable(),
    organizationName: z.string().nullable(),
    eventId: z.number().int().nullable(),
    eventName: z.string().nullable(),
    usesSoFar: z.number().int(),
    orders: z.number().int(),
  })
  .openapi('AdminPromoCode');
const Id = z.object({ id: z.number().int() }).openapi('AdminSaved');
const unauthenticated = json(ErrorSchema, '`unauthenticated`: not logged in');
const forbidden = json(ErrorSchema, '`forbidden`: not a federation admin');
const notFound = json(ErrorSchema, '`not_found`: unknown');
const badBody = json(IssuesErrorSchema, 'A field failed its check (`issues`), or `invalid_json`');
const mediaType = json(ErrorSchema, '`unsupported_media_type`: the body is not JSON');
const guarded = { 401: unauthenticated, 403: forbidden };
const principal = (c: { get: (key: 'principal') => Viewer | undefined }): Viewer => c.get('principal') ?? null;

/** The admin's membership types and promo codes sub-app (mounted at /ll/api/v1/admin). */
export function membershipAdminRoutes() {
  const app = new OpenAPIHono<Env>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/membership-types',
      summary: 'Every organization with its membership types',
      description: 'Issue 26 (types per organization, edited by a federation admin); spec §2 /membership/type. With how many memberships and order lines use each type.',
      middleware: [admin] as const,
      responses: { 200: json(z.object({ organizations: z.array(z.object({ id: z.number().int(), name: z.string(), types: z.array(TypeRow) })) }).openapi('AdminMembershipTypes'), 'The organizations'), ...guarded },
    }),
    async (c) => c.json({ organizations: await listAdminMembershipTypes(principal(c)) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/organizations/{id}/membership-types',
      summary: 'Create a membership type of an organization',
      description: 'Issue 26; spec §2 /membership/type. The organization’s pages revalidated.',
      middleware: [admin, requireJson] as const,
      request: { params: z.object({ id: idParam('organization') }), body: { content: { 'application/json': { schema: TypeBody } }, required: true } },
      responses: { 201: json(Id, 'The new type’s id'), 400: badBody, ...guarded, 404: notFound, 415: mediaType },
    }),
    async (c) => c.json({ id: await createMembershipType(principal(c), c.req.valid('param').id, c.req.valid('json')) }, 201),
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/membership-types/{id}',
      summary: 'Edit a membership type',
      description: 'Issue 26; spec §2 /membership/type. Orders already made keep their prices; the organization’s pages revalidated.',
      middleware: [admin, requireJson] as const,
      request: { params: z.object({ id: idParam('id') }), body: { content: { 'application/json': { schema: TypeBody } }, required: true } },
      responses: { 200: json(Id, 'Saved'), 400: badBody, ...guarded, 404: notFound, 415: mediaType },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await updateMembershipType(principal(c), id, c.req.valid('json'));
      return c.json({ id }, 200);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/membership-types/{id}',
      summary: 'Delete a membership type nothing uses',
      description: 'Issue 26; spec §3 Transaction (orders and memberships are kept): 409 `membership_type_in_use` when memberships or order lines name it.',
      middleware: [admin] as const,
      request: { params: z.object({ id: idParam('id') }) },
      responses: { 200: json(Id, 'Deleted'), ...guarded, 404: notFound, 409: json(ErrorSchema, '`membership_type_in_use`') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteMembershipType(principal(c), id);
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promo-codes',
      summary: 'Every promo code with its uses so far',
      description: 'Issue 26 (promo codes: percent or amount, dates, usage limits, what they apply to); spec §3 Transaction. Uses counted as the checkout counts them.',
      middleware: [admin] as const,
      responses: { 200: json(z.object({ promoCodes: z.array(PromoRow) }).openapi('AdminPromoCodes'), 'The promo codes, newest first'), ...guarded },
    }),
    async (c) => c.json({ promoCodes: await listPromoCodes(principal(c)) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/promo-codes',
      summary: 'Create a promo code',
      description: 'Issue 26; spec §3 Transaction: promo code. 409 `promo_code_exists` when the code exists in any case.',
      middleware: [admin, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: PromoBody } }, required: true } },
      responses: { 201: json(Id, 'The new code’s id'), 400: badBody, ...guarded, 409: json(ErrorSchema, '`promo_code_exists`'), 415: mediaType },
    }),
    async (c) => c.json({ id: await createPromoCode(principal(c), c.req.valid('json')) }, 201),
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/promo-codes/{id}',
      summary: 'Edit a promo code',
      description: 'Issue 26; spec §3 Transaction. Once orders name it, its kind and value are fixed (409 `promo_code_used`); its days and limits may change.',
      middleware: [admin, requireJson] as const,
      request: { params: z.object({ id: idParam('id') }), body: { content: { 'application/json': { schema: PromoBody } }, required: true } },
      responses: { 200: json(Id, 'Saved'), 400: badBody, ...guarded, 404: notFound, 409: json(ErrorSchema, '`promo_code_exists`, `promo_code_used`'), 415: mediaType },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await updatePromoCode(principal(c), id, c.req.valid('json'));
      return c.json({ id }, 200);
    },
    (result, c) => hook(result, c),
  );

  return app;
}
