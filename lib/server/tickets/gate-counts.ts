/**
 * The gate's counts (issue 28 "counts per gate and per hour"): for an event (or one of its days),
 * the admissions per gate and per hour of the federation's time zone, and the totals: tickets
 * sold (issued and not voided — a ticket given to someone else is voided and its new holder's
 * counts instead —, paid or reserved to pay at the gate), admitted (once each), and
 * still unpaid. For whoever may scan the event's tickets (policy `tickets.scan`); read fresh
 * (a desk read, never cached).
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { FEDERATION_TIME_ZONE } from '../../config';
import type { GateCounts } from '../../contracts/ticket-scans';
import { getDb } from '../db';
import type { Viewer } from '../policy';
import { gateEvent } from './gate-event';
import { orderUnpaidSql, ticketVoidedSql } from './ticket-status';

/**
 * The counts of event `eventId` (day `day`, YYYY-MM-DD, when given) for `viewer`.
 * @throws AppError `unauthenticated`; `not_found` (no such event, or not the viewer's to scan).
 */
export async function gateCounts(viewer: Viewer, eventId: number, day: string | null = null): Promise<GateCounts> {
  const { event } = await gateEvent(viewer, eventId);
  const db = getDb();
  const onDay = day === null ? sql`true` : sql`t.day = ${day}::date`;
  const admitted = sql`s.event_id = ${event.id} and s.result = 'admitted' and ${onDay}`;
  const perGate = await db.execute<{ gate: string; admitted: number }>(sql`
    select s.gate, count(*)::int as admitted from ticket_scans s join tickets t on t.id = s.ticket_id
    where ${admitted} group by s.gate order by s.gate`);
  const perHour = await db.execute<{ hour: string; admitted: number }>(sql`
    select to_char(s.scanned_at at time zone ${FEDERATION_TIME_ZONE}, 'YYYY-MM-DD HH24:00') as hour, count(*)::int as admitted
    from ticket_scans s join tickets t on t.id = s.ticket_id
    where ${admitted} group by 1 order by 1`);
  const voided = ticketVoidedSql(sql`l.id`, sql`o.id`, sql`t.id`);
  const totals = await db.execute<{ sold: number; unpaid: number }>(sql`
    select count(*) filter (where not ${voided})::int as sold,
           count(*) filter (where not ${voided} and ${orderUnpaidSql(sql`o.id`, sql`o.total_cents`)})::int as unpaid
    from tickets t join order_lines l on l.id = t.order_line_id join orders o on o.id = l.order_id
    where t.event_id = ${event.id} and ${onDay}`);
  return {
    eventId: event.id,
    day,
    perGate: perGate.rows,
    perHour: perHour.rows,
    totals: { sold: totals.rows[0]?.sold ?? 0, admitted: perGate.rows.reduce((n, g) => n + g.admitted, 0), unpaid: totals.rows[0]?.unpaid ?? 0 },
  };
}
