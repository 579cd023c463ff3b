/**
 * The checkout's database use cases (issue 26; spec §3 Transaction): creating and reading orders,
 * recording payments (providers' webhooks, staff at the office), refunds, releasing holds, claiming
 * a provider's webhook event once. Every module here is `server-only`; the pure core (money, tax,
 * promo, pricing, order state) is re-exported by `./index` and is not repeated here. This file
 * only re-exports.
 */
export { claimProviderEvent, type ProviderEvent } from './claim-provider-event';
export { createOrder, quoteOrder, type CreateOrderInput, type MembershipLineRequest, type PreparedOrder } from './create-order';
export { fulfilOrder, goodsStillFree, orderMemberships, type FulfilledMembership, type Fulfilment } from './fulfil-order';
export { getOrder, orderView, type OrderLineRow, type OrderView } from './get-order';
export { markPaidByStaff, type MarkPaidResult } from './mark-paid-by-staff';
export { MEMBER_NUMBER_LOCK, memberNumberFor } from './member-number';
export { ageOnDay, membershipPeriod, nextDay, periodFrom, type MembershipPeriod, type Validity } from './membership-period';
export { findOrder, lockOrder, type OrderRef, type OrderRow, type PaymentRow, type RefundRow, type ReleaseRow } from './order-record';
export { recordPayment, recordPaymentLocked, type PaymentInput, type PaymentResult } from './record-payment';
export { recordRefund, type RefundInput, type RefundResult } from './record-refund';
export { releaseExpiredHolds, type ReleasedOrder } from './release-expired-holds';
export { releaseHold } from './release-hold';
export { listMyOrders, listOfficeOrders, ORDERS_PAGE_SIZE, type OrderListItem, type StaffOrderQuery } from './list-orders';
export { refundByStaff, type StaffRefundInput } from './refund-by-staff';
export { startPayment, taxLabeller, type PaymentReturn } from './start-payment';
export { paymentReturns, sendBuyerOn } from './send-buyer-on';
