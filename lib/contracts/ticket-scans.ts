/**
 * The gate's scans as the desk shows them (issue 28 "Tickets and the gate": one scan admits once,
 * a second scan says when and at which gate it was used, an unpaid ticket is paid at the scan,
 * counts per gate and per hour, offline scans reconciled and a ticket scanned twice offline
 * reported, not hidden). Plain types and pure helpers, kept apart from ./tickets.ts (the zod
 * schemas) so the gate scanner, which comes with its page's first load, carries no schema library
 * (the same split as ./sign-on-list.ts). Imports nothing from the server.
 */

/** What a scan found (pretix's reason codes; the same list as `ticket_scans.result`): admitted once, else why not. */
export const TICKET_SCAN_RESULTS = ['admitted', 'already_used', 'unpaid', 'voided', 'waiver_missing', 'wrong_day', 'wrong_event', 'invalid'] as const;
export type TicketScanResult = (typeof TICKET_SCAN_RESULTS)[number];

/** How many scans one sync may carry (a gate offline for a whole morning). */
export const TICKET_SCAN_BATCH_MAX = 200;
/** The longest gate name ("North gate", "Pits"). */
export const GATE_NAME_MAX = 40;
/** The longest code a scan may carry (a ticket's code is about 160 characters). */
export const TICKET_CODE_MAX = 1024;

/** One scan as a gate device recorded it (before the server's answer). */
export interface TicketScanInput {
  /** The id the device gave the scan (a UUID): sending it again records nothing more. */
  id: string;
  /** The text the QR code carried. */
  code: string;
  /** The gate's name, as the device is set up. */
  gate: string;
  /** When it was scanned on the device (ISO 8601): an offline scan keeps its own time. */
  at: string;
  /** Scanned without a connection and sent later. */
  offline: boolean;
}

/** The server's answer to one scan. */
export interface TicketScanReply {
  /** The device's scan id. */
  id: string;
  result: TicketScanResult;
  /** True when this scan id was recorded before: this is its first answer again. */
  duplicate: boolean;
  /** The ticket's id when the code named one of ours (null for `invalid`). */
  ticketId: string | null;
  /** The spectator the ticket is for (null for `invalid`; the server always sends it): a `waiver_missing` waiver is signed for them at the gate. */
  spectatorId?: string | null;
  /** The spectator's name and the ticket's day (YYYY-MM-DD), when the code named a ticket. */
  name: string | null;
  day: string | null;
  /** The scan's own gate and time (ISO 8601). */
  gate: string;
  scannedAt: string;
  /** `already_used`: when and at which gate the ticket was admitted. */
  usedAt?: string;
  usedGate?: string;
  /** `already_used` for a scan made offline: the device let someone in that the server had admitted elsewhere. Reported, never hidden. */
  conflict?: boolean;
  /** `unpaid`: the order to take payment on at the gate (its public id) and what is due, in cents. */
  order?: string;
  dueCents?: number;
}

/** The reply to a batch of scans: each scan's answer, in the order sent. */
export interface TicketScanSyncResult {
  results: TicketScanReply[];
}

/** Admissions at one gate. */
export interface GateCount {
  gate: string;
  admitted: number;
}

/** Admissions in one hour of the federation's time zone (`hour`: "YYYY-MM-DD HH:00"). */
export interface HourCount {
  hour: string;
  admitted: number;
}

/** The gate's counts for an event (or one of its days). */
export interface GateCounts {
  eventId: number;
  /** The day counted (YYYY-MM-DD), or null for every day of the event. */
  day: string | null;
  perGate: GateCount[];
  perHour: HourCount[];
  /** Tickets issued and not voided; admitted once; issued but not paid yet (to pay at the gate). */
  totals: { sold: number; admitted: number; unpaid: number };
}

/** What paying a ticket's order at the gate did. */
export interface GatePayment {
  /** The order's public id. */
  order: string;
  /** False when nothing was due any more (paid already, e.g. by another gate): nothing was recorded. */
  recorded: boolean;
  /** What is now paid on the order, and what is still due, in cents. */
  paidCents: number;
  dueCents: number;
  /** The order's state (`paid`). */
  state: string;
}

/** Whether a result lets the person in. */
export function admits(result: TicketScanResult): boolean {
  return result === 'admitted';
}

/** Whether a result can be fixed on the spot (take the payment, sign the waiver) and the ticket scanned again. */
export function fixableAtGate(result: TicketScanResult): boolean {
  return result === 'unpaid' || result === 'waiver_missing';
}
