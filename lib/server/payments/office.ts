/**
 * "Pay at the office or gate" (issue 26 "Providers behind one interface": the default, no key;
 * DESIGN.md row "payments"): the order is reserved and unpaid, and staff mark it paid when the
 * money is handed over. Nothing is sent anywhere: there is no session to expire, and a refund is
 * money given back at the office, recorded by the order code with the reference made here.
 *
 * No `server-only` marker: the job worker loads the providers under plain Node.
 */
import { assertCents } from '@/lib/server/checkout/money';
import type { PaymentProvider, RefundInput } from './provider';

/** The prefix of the references of refunds made at the office (`office_refund:<idempotency key>`). */
export const OFFICE_REFUND_PREFIX = 'office_refund:';

/**
 * The office provider. `startCheckout` answers `{ kind: 'reserved' }` (the order code keeps the
 * order's longer office hold); `expireCheckout` has nothing to stop (`none`); `refund` makes no
 * external call and answers the reference `office_refund:<idempotency key>`: the same refund asked
 * twice gets the same reference, so the order code records it once.
 */
export const officeProvider: PaymentProvider = {
  name: 'office',
  async startCheckout() {
    return { kind: 'reserved' };
  },
  async expireCheckout() {
    return { status: 'none' };
  },
  async refund(input: RefundInput) {
    assertCents(input.amountCents, 'refund');
    if (!input.idempotencyKey) throw new Error('A refund needs its idempotency key');
    return { providerRefundId: `${OFFICE_REFUND_PREFIX}${input.idempotencyKey}` };
  },
};
