/**
 * The gate's inputs (issue 28 "Tickets and the gate"; spec §3 Spectator, §5 Spectator): a batch
 * of scans a device recorded (each with the id the device gave it, so a batch sent twice records
 * each scan once) and a payment taken at the gate. Issues carry codes. Imports nothing from the
 * server; the plain result types and helpers are in ./ticket-scans.ts (no zod), re-exported here.
 */
import { z } from 'zod';
import { GATE_NAME_MAX, TICKET_CODE_MAX, TICKET_SCAN_BATCH_MAX } from './ticket-scans';

/** One scan at the gate (`TicketScanInput`). */
export const ticketScan = z.object({
  id: z.uuid({ error: 'invalid_request' }),
  code: z.string({ error: 'invalid_request' }).trim().min(1, 'invalid_request').max(TICKET_CODE_MAX, 'invalid_request'),
  gate: z.string({ error: 'invalid_gate' }).trim().min(1, 'invalid_gate').max(GATE_NAME_MAX, 'invalid_gate'),
  at: z.iso.datetime({ offset: true, error: 'invalid_request' }),
  offline: z.boolean({ error: 'invalid_request' }).default(false),
});
export type TicketScan = z.infer<typeof ticketScan>;

/** `POST /api/v1/desk/events/{id}/gate/scans`: what a device scanned, oldest first. */
export const ticketScanBatch = z.object({ scans: z.array(ticketScan, { error: 'invalid_request' }).min(1, 'invalid_request').max(TICKET_SCAN_BATCH_MAX, 'invalid_request') });
export type TicketScanBatch = z.infer<typeof ticketScanBatch>;

/** `POST /api/v1/desk/events/{id}/gate/pay`: the order (its public id) whose tickets are paid at the gate. */
export const gatePayInput = z.object({ order: z.uuid({ error: 'invalid_request' }) });
export type GatePayInput = z.infer<typeof gatePayInput>;

/** `GET /api/v1/desk/events/{id}/gate/counts?day=`: one day of the event (YYYY-MM-DD), or every day. */
export const gateCountsQuery = z.object({ day: z.iso.date({ error: 'invalid_date' }).optional() });

export {
  admits,
  fixableAtGate,
  GATE_NAME_MAX,
  TICKET_CODE_MAX,
  TICKET_SCAN_BATCH_MAX,
  TICKET_SCAN_RESULTS,
  type GateCount,
  type GateCounts,
  type GatePayment,
  type HourCount,
  type TicketScanInput,
  type TicketScanReply,
  type TicketScanResult,
  type TicketScanSyncResult,
} from './ticket-scans';
