/**
 * Orders (issue 26; spec §1 register for memberships, external card payment; §3 Transaction).
 * Two sub-apps, replies never stored:
 *
 * The buyer's (mounted at /ll/api/v1/users/current; a login is needed, 401):
 * - GET /orders → `{ orders: OrderListItem[] }` (newest first, at most 100).
 * - POST /orders/quote `MembershipPurchaseInput` → the price (lines, discount, taxes, total in
 *   cents); nothing is written or held.
 * - POST /orders `MembershipPurchaseInput` → 201 `OrderCreated`: the order is created and held,
 *   and the buyer sent on (`next`: Stripe's page, or `reserved` to pay at the office).
 * - POST /orders/{publicId}/pay → `OrderCreated` again for a reserved order (the same Stripe
 *   session within its life); 409 `order_not_payable` once paid or released.
 *
 * The federation office's (mounted at /ll/api/v1/admin; `orders.mark_paid`, `orders.refund`):
 * - GET /orders?state=&q=&page= → `{ orders, more }`.
 * - POST /orders/{publicId}/mark-paid → `{ state, paidCents, dueCents }` (paying twice pays once).
 * - POST /orders/{publicId}/refunds `StaffRefundInput` → 201 `{ refundId, summary }` (the order’s state and money now; the same request id answers the same refund).
 *
 * A body failing its contract answers 400 with `issues` (lib/contracts/checkout.ts codes).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { DEFAULT_LOCALE } from '../../../config';
import { membershipPurchaseInput, staffRefundInput } from '../../../contracts/checkout';
import { deskIssues } from '../../../contracts/desk';
import { AppError } from '../../../errors';
import { ORDER_STATES } from '../../checkout';
import { createOrder, getOrder, listMyOrders, listOfficeOrders, markPaidByStaff, quoteOrder, refundByStaff, sendBuyerOn } from '../../checkout/server';
import { membershipOrderInput } from '../../membership-sales';
import { can } from '../../policy';
import { ErrorSchema } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionLocale, sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const hook = issuesHook(deskIssues);
const PurchaseBody = named(membershipPurchaseInput, 'MembershipPurchaseInput', { description: 'A membership for the buyer or one of their minors (lib/contracts/checkout.ts).' });
const RefundBody = named(staffRefundInput, 'StaffRefundInput', { description: 'A refund by federation staff: cents, reason, the form’s request id.' });
const PublicId = z.object({ publicId: z.uuid({ error: 'invalid_id' }) });
const Summary = z.object({ state: z.enum(ORDER_STATES), totalCents: z.number().int(), paidCents: z.number().int(), refundedCents: z.number().int(), refundableCents: z.number().int(), dueCents: z.number().int() }).openapi('OrderSummary');
const ListItem = z
  .object({
    publicId: z.string(),
    createdAt: z.string(),
    holdExpiresAt: z.string(),
    provider: z.string(),
    promoCode: z.string().nullable(),
    lines: z.array(z.string()),
    buyer: z.object({ name: z.string(), email: z.string() }).nullable(),
    summary: Summary,
  })
  .openapi('OrderListItem');
const Created = z
  .object({ publicId: z.string(), state: z.string(), totalCents: z.number().int(), next: z.union([z.object({ kind: z.literal('redirect'), url: z.string() }), z.object({ kind: z.literal('reserved') })]) })
  .openapi('OrderCreated');
const Quote = z
  .object({
    lines: z.array(z.object({ description: z.string(), unitCents: z.number().int(), quantity: z.number().int(), discountCents: z.number().int(), totalCents: z.number().int() })),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    taxes: z.array(z.object({ code: z.string(), rate: z.number().int(), cents: z.number().int() })),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
  })
  .openapi('OrderQuote');
const notFound = json(ErrorSchema, '`not_found`: no such order, or not the login’s');
const badBody = json(IssuesErrorSchema, 'A field failed its check (`issues`), or `invalid_json`');
const refused = json(ErrorSchema, 'A checkout refusal: `membership_age_mismatch`, `invalid_membership_class`, `promo_*`, `order_not_payable`, `refund_too_large` …');


const listItem = (o: Awaited<ReturnType<typeof listMyOrders>>[number]) => ({ ...o, createdAt: o.createdAt.toISOString(), holdExpiresAt: o.holdExpiresAt.toISOString() });

/** The buyer's orders sub-app (mounted at /ll/api/v1/users/current). */
export function myOrderRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: hook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders',
      summary: 'The login’s orders',
      description: 'Issue 26; spec §3 Transaction: the buyer’s orders with their state and money (cents), newest first.',
      middleware: [loggedIn] as const,
      responses: { 200: json(z.object({ orders: z.array(ListItem) }).openapi('MyOrders'), 'The orders'), 401: unauthenticatedReply },
    }),
    async (c) => {
      const viewer = principal(c)!;
      return c.json({ orders: (await listMyOrders(viewer.userId)).map(listItem) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/quote',
      summary: 'Price a membership purchase',
      description: 'Issue 26 “type, class, review, pay”; spec §3 Transaction: lines, discount, taxes per code and the total in cents, as the order would be charged now. Nothing is written.',
      middleware: [loggedIn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: PurchaseBody } }, required: true } },
      responses: { 200: json(Quote, 'The price'), 400: badBody, 401: unauthenticatedReply, 403: json(ErrorSchema, '`email_not_verified`'), 404: notFound, 409: refused, 415: mediaTypeReply },
    }),
    async (c) => {
      const priced = await quoteOrder(principal(c), await membershipOrderInput(c.req.valid('json'), c.req.valid('json').locale ?? sessionLocale(c)));
      return c.json(
        {
          lines: priced.lines.map((l) => ({ description: l.description, unitCents: l.unitCents, quantity: l.quantity, discountCents: l.discountCents, totalCents: l.totalCents })),
          subtotalCents: priced.subtotalCents,
          discountCents: priced.discountCents,
          taxes: priced.taxes,
          taxCents: priced.taxCents,
          totalCents: priced.totalCents,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders',
      summary: 'Buy a membership',
      description: 'Issue 26; spec §1 register for memberships, §3 Transaction: the order is created and held (15 minutes by card, 30 days at the office), then the buyer is sent to pay. Paid only by the verified webhook or by staff. A repeated `submissionId` (issue 29: a retry after a lost reply) answers the order it made; another login’s is 400 `invalid_request`.',
      middleware: [loggedIn, requireJson] as const,
      request: { body: { content: { 'application/json': { schema: PurchaseBody } }, required: true } },
      responses: { 201: json(Created, 'The order and where to go next'), 400: badBody, 401: unauthenticatedReply, 403: json(ErrorSchema, '`email_not_verified`'), 404: notFound, 409: refused, 415: mediaTypeReply, 503: json(ErrorSchema, '`service_unavailable`: Stripe could not be reached; the order stays reserved, try paying again') },
    }),
    async (c) => {
      const viewer = principal(c);
      const body = c.req.valid('json');
      const locale = body.locale ?? sessionLocale(c);
      const order = await createOrder(viewer, await membershipOrderInput(body, locale));
      if (order.summary.state !== 'reserved') return c.json({ publicId: order.order.publicId, state: order.summary.state, totalCents: order.order.totalCents, next: { kind: 'reserved' as const } }, 201);
      return c.json(await sendBuyerOn(viewer, order.order.publicId, locale), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{publicId}/pay',
      summary: 'Pay a reserved order',
      description: 'Issue 26; spec §1 external card payment: sends the buyer to pay a reserved order again (the same Stripe session while it lives).',
      middleware: [loggedIn] as const,
      request: { params: PublicId },
      responses: { 200: json(Created, 'Where to go next'), 401: unauthenticatedReply, 404: notFound, 409: refused, 503: json(ErrorSchema, '`service_unavailable`') },
    }),
    async (c) => {
      const { publicId } = c.req.valid('param');
      const order = await getOrder(publicId);
      const locale = order && (order.order.locale === 'fr' || order.order.locale === 'es') ? order.order.locale : DEFAULT_LOCALE;
      return c.json(await sendBuyerOn(principal(c), publicId, locale), 200);
    },
  );
  return app;
}

/** The federation office's orders sub-app (mounted at /ll/api/v1/admin). */
export function officeOrderRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: hook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders',
      summary: 'The federation office’s orders',
      description: 'Issue 26; spec §3 Transaction: membership orders with buyer, lines, state and money (cents), newest first, 50 a page; `state` filters, `q` searches the buyer’s name or email or the order id. Federation admins.',
      middleware: [loggedIn] as const,
      request: { query: z.object({ state: z.enum([...ORDER_STATES, 'all']).optional(), q: z.string().max(100).optional(), page: z.coerce.number().int().min(1).max(1000).optional() }) },
      responses: { 200: json(z.object({ orders: z.array(ListItem), more: z.boolean() }).openapi('OfficeOrders'), 'The orders'), 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => {
      if (!can(principal(c), 'orders.mark_paid', { promoterId: null })) throw new AppError('not_found');
      const { orders, more } = await listOfficeOrders(c.req.valid('query'));
      return c.json({ orders: orders.map(listItem), more }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{publicId}/mark-paid',
      summary: 'Mark an order paid at the office',
      description: 'Issue 26 “pay at the office or gate … staff mark it paid”; spec §3 Transaction: records the amount due as an office payment; twice pays once. 409 `order_expired` once released.',
      middleware: [loggedIn] as const,
      request: { params: PublicId },
      responses: { 200: json(Summary, 'The order’s state and money now'), 401: unauthenticatedReply, 404: notFound, 409: refused },
    }),
    async (c) => c.json((await markPaidByStaff(principal(c), c.req.valid('param').publicId)).summary, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{publicId}/refunds',
      summary: 'Refund an order',
      description: 'Issue 26 “refunds by federation staff with a reason, through the provider, recorded”; spec §3 Transaction: the provider refunds (Stripe, or cash at the office), the refund is recorded beside its payment and the buyer is told. The same request id refunds once.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: PublicId, body: { content: { 'application/json': { schema: RefundBody } }, required: true } },
      responses: { 201: json(z.object({ refundId: z.number().int(), summary: Summary }).openapi('RefundMade'), 'The refund and the order now'), 400: badBody, 401: unauthenticatedReply, 404: notFound, 409: refused, 415: mediaTypeReply, 503: json(ErrorSchema, '`service_unavailable`: try again with the same request id') },
    }),
    async (c) => {
      const made = await refundByStaff(principal(c), c.req.valid('param').publicId, c.req.valid('json'));
      return c.json({ refundId: made.refundId, summary: made.summary }, 201);
    },
  );
  return app;
}
