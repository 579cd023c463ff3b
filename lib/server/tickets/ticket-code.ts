/**
 * A ticket's QR code (issue 28 "its QR code carries the ticket id signed by the server (a kept
 * library such as `jose`)"; pretix's signed ticket secrets): a compact JWS (HS256) whose claims
 * are `{ tid: ticket id, eid: event id, day: YYYY-MM-DD }`. The key is derived from the site's
 * auth secret (`authSecret`) with its own purpose label, as the membership card's token does
 * (lib/server/membership-sales/card-token.ts): HMAC-SHA256(secret, 'ticket-code:v1'). A code
 * with any byte changed, signed with another key or another algorithm, or whose claims are not of
 * this shape is refused. Nothing private is in the code (it is signed, not encrypted).
 */
import 'server-only';
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { authSecret } from '../accounts/auth';

const PURPOSE = 'ticket-code:v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a ticket's code says: its ticket, event and day. */
export interface TicketClaims {
  /** `tickets.id` (a UUID). */
  tid: string;
  /** `events.id`. */
  eid: number;
  /** The event day it admits on (YYYY-MM-DD). */
  day: string;
}

/** The HS256 key: 32 bytes derived from the auth secret for this purpose only. */
function key(): Uint8Array {
  return new Uint8Array(createHmac('sha256', authSecret()).update(PURPOSE).digest());
}

/** The code of `ticket` (a compact JWS, about 160 characters: what the QR code carries). */
export async function ticketCode(ticket: { id: string; eventId: number; day: string }): Promise<string> {
  return new SignJWT({ tid: ticket.id, eid: ticket.eventId, day: ticket.day }).setProtectedHeader({ alg: 'HS256' }).sign(key());
}

/** The claims of `code` when its signature is ours and its claims are well formed, else null (`invalid`: forged, altered, malformed). */
export async function verifyTicketCode(code: string): Promise<TicketClaims | null> {
  if (typeof code !== 'string' || code.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(code.trim(), key(), { algorithms: ['HS256'] });
    const { tid, eid, day } = payload as Record<string, unknown>;
    if (typeof tid !== 'string' || !UUID.test(tid)) return null;
    if (typeof eid !== 'number' || !Number.isSafeInteger(eid) || eid < 1) return null;
    if (typeof day !== 'string' || !DAY.test(day)) return null;
    return { tid, eid, day };
  } catch {
    return null;
  }
}
