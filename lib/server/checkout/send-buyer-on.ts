/**
 * Where a buyer goes once their order exists (issue 26; issue 27 registrations): its provider's
 * payment page (Stripe, with the order's page in the buyer's language as the return address) or,
 * paying at the office or the gate, nowhere (`reserved`: the order's page says what to do).
 * Shared by the membership purchase, the event registration and the spectator tickets' routes
 * (issue 28: Stripe brings the ticket buyer back to their thank-you page, `returnPath`).
 */
import 'server-only';
import { BASE_PATH, DEFAULT_LOCALE, type Locale } from '../../config';
import type { OrderCreated } from '../../contracts/checkout';
import { siteOrigin } from '../config/env';
import type { Viewer } from '../policy';
import { getOrder } from './get-order';
import { startPayment } from './start-payment';

/** Where Stripe sends the buyer back: the order's page in their language, or `returnPath` (a path of the site without its language; it never marks the order paid). */
export function paymentReturns(publicId: string, locale: Locale, returnPath: string = `/account/orders/${publicId}`) {
  const page = `${siteOrigin()}${BASE_PATH}${locale === DEFAULT_LOCALE ? '' : `/${locale}`}${returnPath}`;
  return { successUrl: `${page}?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${page}?canceled=1` };
}

/**
 * Starts paying order `publicId` for `viewer` and answers where to send them.
 * @throws as `startPayment` (`not_found`, `order_not_payable`, `service_unavailable`).
 */
export async function sendBuyerOn(viewer: Viewer, publicId: string, locale: Locale, returnPath?: string): Promise<OrderCreated> {
  const started = await startPayment(viewer, publicId, paymentReturns(publicId, locale, returnPath));
  const view = await getOrder(publicId);
  return { publicId, state: view!.summary.state, totalCents: view!.order.totalCents, next: started.kind === 'redirect' ? { kind: 'redirect', url: started.url } : { kind: 'reserved' } };
}
