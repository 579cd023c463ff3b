/**
 * Which spectator each ticket line of an order is for (issue 28; spec §3 Spectator and
 * Transaction). `order_lines` has no column naming a spectator, so the link is this rule, the one
 * the spectator registration (lib/server/spectators) follows when it writes the lines:
 *
 * - the order's spectators are the live ones (not removed) of the spectator registration(s) whose
 *   `order_id` is the order, in the registration's order: `created_at`, then `id`
 *   (`ticketSpectatorsOf`, lib/server/tickets/order-spectators.ts);
 * - the order's ticket lines, by line id (the order they were written in), each counted
 *   `quantity` times, are paired with them one by one in that order.
 *
 * A line or a spectator left without a partner (the registration changed after its order was
 * written) gets no ticket. Pure module: no `server-only`, no database.
 */

/** A ticket line of an order (`order_lines.id`, `quantity`). */
export interface TicketLine {
  id: number;
  quantity: number;
}

/** The pairs of `lines` (by line id, each `quantity` times) and `spectators` (already in the registration's order), one by one. */
export function matchTicketLines<S>(lines: readonly TicketLine[], spectators: readonly S[]): { lineId: number; spectator: S }[] {
  const slots = [...lines].sort((a, b) => a.id - b.id).flatMap((line) => Array.from({ length: Math.max(1, line.quantity) }, () => line.id));
  return spectators.slice(0, slots.length).map((spectator, i) => ({ lineId: slots[i]!, spectator }));
}
