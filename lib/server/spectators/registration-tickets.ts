/**
 * The thank-you page's read (issue 28 "the thank-you page shows the tickets"; spec §2
 * /thank-you-page/..., §3 Spectator): the buyer's registration (`getSpectatorRegistration`: only
 * theirs, anyone else's answers `spectator_not_found`) and the tickets issued for its spectators,
 * each with its signed code (`ticketCode`, what the QR code carries), its short number, and
 * whether it is still to pay at the gate (its order reserved or its hold ended) or voided (its
 * order refunded). No ticket yet while a card payment waits for Stripe's webhook.
 */
import 'server-only';
import { inArray } from 'drizzle-orm';
import type { SpectatorRegistrationView } from '../../contracts/spectators';
import { getDb } from '../db';
import { tickets } from '../db/schema';
import type { Viewer } from '../policy';
import { getSpectatorRegistration } from './get-registration';
import { ticketCode } from '../tickets/ticket-code';
import { ticketNumber } from '../tickets/ticket-mail';

/** One ticket as the page shows it. */
export interface ShownTicket {
  id: string;
  /** The short number printed under the code (first 8 hex digits of its id, upper case). */
  number: string;
  /** The signed code the QR code carries. */
  code: string;
  spectatorId: string;
  name: string;
  /** YYYY-MM-DD. */
  day: string;
  /** `unpaid`: to pay at the gate; `voided`: refunded; else `paid`. */
  standing: 'paid' | 'unpaid' | 'voided';
}

/**
 * Registration `registrationId` of buyer `viewer` with its tickets, in the spectators' order.
 * @throws AppError `unauthenticated`; `spectator_not_found` (unknown, or not the buyer's).
 */
export async function registrationTickets(viewer: Viewer, registrationId: string): Promise<{ registration: SpectatorRegistrationView; tickets: ShownTicket[] }> {
  const registration = await getSpectatorRegistration(viewer, registrationId);
  const ids = registration.spectators.map((s) => s.id);
  const rows = ids.length ? await getDb().select({ id: tickets.id, spectatorId: tickets.spectatorId, eventId: tickets.eventId, day: tickets.day }).from(tickets).where(inArray(tickets.spectatorId, ids)) : [];
  const bySpectator = new Map(rows.map((r) => [r.spectatorId, r]));
  const state = registration.order?.state ?? null;
  const standing: ShownTicket['standing'] = state === 'refunded' ? 'voided' : state === 'reserved' || state === 'expired' ? 'unpaid' : 'paid';
  const shown: ShownTicket[] = [];
  for (const s of registration.spectators) {
    const row = bySpectator.get(s.id);
    if (!row) continue;
    shown.push({ id: row.id, number: ticketNumber(row.id), code: await ticketCode(row), spectatorId: s.id, name: `${s.firstName} ${s.lastName}`, day: row.day, standing });
  }
  return { registration, tickets: shown };
}
