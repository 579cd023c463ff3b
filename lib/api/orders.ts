/**
 * Client calls of the federation office's orders (issue 26 "pay at the office or gate … staff mark
 * it paid"; "refunds by federation staff with a reason, through the provider, recorded"; the routes
 * of lib/server/api/routes/orders.ts under /ll/api/v1/admin), with their TanStack mutations, and
 * the refund form's amount as typed → cents.
 *
 * Failures are `DeskSaveError` (./desk.ts): the API's code (`order_expired`, `refund_too_large`,
 * `idempotency_key_reused`, `service_unavailable`, `not_found` …), the field issues of a 400
 * (`invalid_amount`, `null_reason`, `invalid_reason`), `network_error` without a reply.
 */
import { useMutation } from '@tanstack/react-query';
import type { StaffRefundInput } from '@/lib/contracts/checkout';
import { parseHundredths } from '@/lib/contracts/membership-admin';
import { api } from './client';
import { toDeskError, type DeskSaveError } from './desk';

/** An order's state and money after a call (cents; `OrderSummary` of the API). */
export interface OfficeOrderSummary {
  state: 'reserved' | 'paid' | 'expired' | 'partially_refunded' | 'refunded';
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  refundableCents: number;
  dueCents: number;
}

/**
 * A refund amount as staff type it in dollars ("25", "25.00", "25,00", "$25", "1 250,50 $") →
 * whole cents, exactly (no floating point: "0.29" is 29, "19.99" is 1999), at least 1 cent and at
 * most `refundableCents`. Codes: `null_amount` (blank), `invalid_amount` (not an amount, negative,
 * 0, or more than two decimals), `refund_too_large` (more than what is left to refund).
 */
export function refundCents(typed: string, refundableCents: number): { ok: true; cents: number } | { ok: false; code: 'null_amount' | 'invalid_amount' | 'refund_too_large' } {
  const parsed = parseHundredths(typed);
  if (!parsed.ok) return { ok: false, code: parsed.refusal === 'blank' ? 'null_amount' : 'invalid_amount' };
  if (parsed.value < 1) return { ok: false, code: 'invalid_amount' };
  if (parsed.value > refundableCents) return { ok: false, code: 'refund_too_large' };
  return { ok: true, cents: parsed.value };
}

/**
 * A new request id (a version 4 UUID) for one opening of the refund form: `crypto.randomUUID()`
 * where the page is a secure context (https, localhost), else the same from
 * `crypto.getRandomValues` (available everywhere).
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Order `publicId` marked paid at the office (POST /admin/orders/{publicId}/mark-paid; twice pays once). @throws DeskSaveError (`order_expired`, `not_found` …) */
export async function markOrderPaid(publicId: string): Promise<OfficeOrderSummary> {
  try {
    return (await api.post<OfficeOrderSummary>(`/admin/orders/${encodeURIComponent(publicId)}/mark-paid`)).data;
  } catch (err) {
    throw toDeskError(err);
  }
}

/**
 * Part or all of order `publicId` refunded through the provider that took the money (POST
 * /admin/orders/{publicId}/refunds); the same `requestId` sent again is the same refund.
 * @throws DeskSaveError (`refund_too_large`, `null_reason`, `idempotency_key_reused`, `service_unavailable` …)
 */
export async function refundOrder(call: { publicId: string; input: StaffRefundInput }): Promise<{ refundId: number; summary: OfficeOrderSummary }> {
  try {
    return (await api.post<{ refundId: number; summary: OfficeOrderSummary }>(`/admin/orders/${encodeURIComponent(call.publicId)}/refunds`, call.input, { headers: { 'Content-Type': 'application/json' } })).data;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The "Mark paid" button's mutation (no retry: staff press again if they want). */
export function useMarkOrderPaid() {
  return useMutation<OfficeOrderSummary, DeskSaveError, string>({ mutationFn: markOrderPaid, retry: false });
}

/** The refund form's mutation (no retry; a repeat carries the same request id). */
export function useRefundOrder() {
  return useMutation<Awaited<ReturnType<typeof refundOrder>>, DeskSaveError, Parameters<typeof refundOrder>[0]>({ mutationFn: refundOrder, retry: false });
}
