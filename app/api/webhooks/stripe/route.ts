/**
 * POST /ll/api/webhooks/stripe: Stripe's webhook (issue 26; lib/server/payments/handle-stripe-event.ts).
 * Reads the raw body (never parsed and serialised again: the signature is over its bytes) and
 * hands it over with the `Stripe-Signature` header. 200 `{ received: true }` (with
 * `duplicate: true` for an event already processed); 400 `invalid_signature` (forged, other
 * body, replayed) or `invalid_json`; 413 body over 256 KB; 503 `webhook_not_configured` when this
 * site has no STRIPE_WEBHOOK_SECRET, `service_unavailable` when a refund could not reach Stripe
 * (Stripe delivers again). Other methods: 405.
 */
import { AppError, errorBody } from '@/lib/errors';
import { handleStripeEvent, STRIPE_WEBHOOK_BODY_LIMIT } from '@/lib/server/payments/handle-stripe-event';

export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  try {
    if (Number(request.headers.get('content-length') ?? 0) > STRIPE_WEBHOOK_BODY_LIMIT) throw new AppError('payload_too_large');
    const body = await request.text();
    if (Buffer.byteLength(body) > STRIPE_WEBHOOK_BODY_LIMIT) throw new AppError('payload_too_large');
    return Response.json(await handleStripeEvent(body, request.headers.get('stripe-signature')));
  } catch (err) {
    if (err instanceof AppError) return Response.json(err.toJSON(), { status: err.status });
    throw err;
  }
}

function notAllowed(): Response {
  return Response.json(errorBody('method_not_allowed'), { status: 405, headers: { Allow: 'POST' } });
}

export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
