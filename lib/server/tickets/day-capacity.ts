/**
 * Tickets of an event day taken (issue 28 "Capacity per event day: holds during checkout, never
 * oversold under concurrency"; spec §5 Spectator): THE count every seller and the late-payment
 * rule share, so the spectator registration (lib/server/spectators), the checkout's
 * `goodsStillFree` and the desk agree on what is left.
 *
 * A live spectator (not removed) of the event day takes a place when
 * - their ticket was issued and is not voided (paid, or reserved to pay at the gate: ./ticket-status.ts;
 *   a ticket given to someone else is voided, and the new holder — a spectator of the same
 *   registration with their own ticket on the same line — takes its place: a transfer leaves the
 *   count as it was), or
 * - they have no ticket yet and their registration's order still holds (its hold runs at `at` and
 *   was not released), or is paid in full (fulfilment issues its tickets in the same transaction).
 * A registration without an order (steps 1 to 3) holds nothing; a released or expired hold gives
 * its places back.
 *
 * Against overselling: whoever checks and then takes places (an order's creation, a late payment)
 * first calls `lockTicketDay` in its transaction (a transaction-level advisory lock per event day),
 * so two buyers of the last ticket run one after the other: the second counts the first's hold.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SPECTATOR_SETTINGS, spectatorSettings, type SpectatorSettings } from '../../contracts/spectator-settings';
import type { Tx } from '../db';
import { events } from '../db/schema';
import { orderSpectators } from './order-spectators';
import { ticketVoidedSql } from './ticket-status';

/** Holds the advisory lock of event `eventId`'s day `day` (YYYY-MM-DD) until `tx` ends: sellers of that day's tickets run one at a time. */
export async function lockTicketDay(tx: Tx, eventId: number, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tickets:${eventId}:${day}`}))`);
}

/** The event's spectator settings, defaults filled in (what was stored and no longer passes the contract counts as never set). */
export async function eventSpectatorSettings(tx: Tx, eventId: number): Promise<SpectatorSettings | null> {
  const [row] = await tx.select({ settings: events.spectatorSettings }).from(events).where(eq(events.id, eventId));
  if (!row) return null;
  const parsed = spectatorSettings.safeParse(row.settings ?? {});
  return parsed.success ? parsed.data : DEFAULT_SPECTATOR_SETTINGS;
}

/**
 * How many places of event `eventId`'s day `day` are taken at `at` (see the module's docstring),
 * not counting the spectators of order `exceptOrderId` when given (the order asking).
 */
export async function ticketsTakenOnDay(tx: Tx, eventId: number, day: string, options: { at?: Date; exceptOrderId?: number | null } = {}): Promise<number> {
  const at = (options.at ?? new Date()).toISOString();
  const except = options.exceptOrderId ?? null;
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n
    from spectators s
    join spectator_registrations r on r.id = s.registration_id
    left join orders o on o.id = r.order_id
    left join tickets t on t.spectator_id = s.id
    left join order_lines tl on tl.id = t.order_line_id
    where s.event_id = ${eventId} and s.day = ${day}::date and s.removed_at is null
      and (${except}::int is null or r.order_id is distinct from ${except}::int)
      and (
        (t.id is not null and not ${ticketVoidedSql(sql`tl.id`, sql`tl.order_id`, sql`t.id`)})
        or (t.id is null and o.id is not null and (
          (o.hold_expires_at > ${at}::timestamptz and not exists (select 1 from order_releases rl where rl.order_id = o.id and rl.at <= ${at}::timestamptz))
          or (select coalesce(sum(p.amount_cents), 0) from payments p where p.order_id = o.id and p.disposition = 'keep')
             - (select coalesce(sum(f.amount_cents), 0) from refunds f where f.order_id = o.id) >= o.total_cents
        ))
      )`);
  return rows[0]?.n ?? 0;
}

/**
 * Whether every place order `orderId` asks for is still free at `at` (the late-payment rule for
 * ticket orders, `goodsStillFree`): for each event day of its spectators, the day's lock is taken
 * (kept until `tx` ends, so the fulfilment that follows takes those very places) and the places
 * others hold plus its own fit the event's `dailyCapacity` (no capacity: always free).
 */
export async function ticketOrderStillFree(tx: Tx, orderId: number, at: Date = new Date()): Promise<boolean> {
  const mine = await orderSpectators(tx, orderId);
  const days = new Map<string, { eventId: number; day: string; count: number }>();
  for (const s of mine) {
    const key = `${s.eventId}:${s.day}`;
    const entry = days.get(key) ?? { eventId: s.eventId, day: s.day, count: 0 };
    entry.count += 1;
    days.set(key, entry);
  }
  for (const { eventId, day, count } of [...days.values()].sort((a, b) => a.eventId - b.eventId || a.day.localeCompare(b.day))) {
    await lockTicketDay(tx, eventId, day);
    const capacity = (await eventSpectatorSettings(tx, eventId))?.dailyCapacity ?? null;
    if (capacity === null) continue;
    const taken = await ticketsTakenOnDay(tx, eventId, day, { at, exceptOrderId: orderId });
    if (taken + count > capacity) return false;
  }
  return true;
}
