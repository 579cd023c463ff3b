/**
 * "Each webhook event processed once (a table of event ids)" (issue 26): a provider's webhook
 * handler (lib/server/payments) claims the event's id in the transaction that processes it. The
 * first claim records it (`provider_events`, primary key provider + event id) and answers true;
 * a redelivery, or the same event processed at the same moment by another instance (it waits for
 * the first transaction, then finds the row), answers false and the handler does nothing. Rolled
 * back with the processing, so an event whose processing failed is processed again next time.
 */
import 'server-only';
import type { Tx } from '../db';
import { providerEvents } from '../db/schema';
import type { PaymentProvider } from './records';

/** A provider's webhook event. */
export interface ProviderEvent {
  provider: PaymentProvider;
  /** The provider's event id (Stripe's `evt_…`). */
  eventId: string;
  /** Its type (`checkout.session.completed` …). */
  type: string;
  /** The order it is about (`orders.id`), when known. */
  orderId?: number | null;
}

/** Claims `event` in `tx` (see the module's docstring): true the first time, false for an event already processed. */
export async function claimProviderEvent(tx: Tx, event: ProviderEvent): Promise<boolean> {
  const rows = await tx
    .insert(providerEvents)
    .values({ provider: event.provider, eventId: event.eventId, type: event.type, orderId: event.orderId ?? null })
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return rows.length === 1;
}
