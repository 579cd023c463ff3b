/**
 * Sign-on at the event (issue 27 "Sign-on (in the desk)": one line per registered rider —
 * membership, waiver, paid, number, transponder —; take payment at the gate, sign a missing
 * waiver on the official's tablet, mark present; it keeps working with no connection and sends
 * what it recorded when the connection comes back). What the desk's sign-on list shows and what
 * its queue sends: a batch of actions, each with the id the device gave it, so a batch sent twice
 * (a reply lost on a poor connection) records each action once. Issues carry codes. Imports
 * nothing from the server.
 */
import { z } from 'zod';
import { TRANSPONDER_MAX } from './event-registration';
import { idField } from './ids';

/** How many actions one sync may carry (a tablet offline for a whole morning). */
export const SIGN_ON_BATCH_MAX = 200;

/** A waiver's state as sign-on shows it (spec §4 Waiver). */
export const SIGN_ON_WAIVER = ['signed', 'not_signed', 'rejected'] as const;
export type SignOnWaiver = (typeof SIGN_ON_WAIVER)[number];

/** The rider's membership on the event's first day: held, bought with this entry but not paid yet, or none. */
export const SIGN_ON_MEMBERSHIP = ['valid', 'with_payment', 'missing'] as const;
export type SignOnMembership = (typeof SIGN_ON_MEMBERSHIP)[number];

/** One class a rider is entered in. */
export interface SignOnClass {
  registrationId: number;
  className: string;
}

/** One line of the sign-on list: a registered rider of the event (waiting list and cancelled excluded). */
export interface SignOnRow {
  participantId: number;
  firstName: string;
  lastName: string;
  /** The rider's classes at this event, in the class order. */
  classes: SignOnClass[];
  raceNumber: string | null;
  /** The transponder number: the rider's own, or the rental handed out at sign-on; null while a rental has none yet. */
  transponder: string | null;
  transponderRental: boolean;
  membership: SignOnMembership;
  waiver: SignOnWaiver;
  /** Nothing left to pay on the rider's entry orders (free entries included). */
  paid: boolean;
  /** What is still due on the rider's entry orders (cents), and the order to take it on at the gate (the first unpaid one). */
  dueCents: number;
  dueOrder: string | null;
  /** When an official marked the rider present (ISO 8601), or null. */
  presentAt: string | null;
}

/** The list as the desk reads it, with the moment it was read (ISO 8601: a device keeps the newest copy). */
export interface SignOnList {
  eventId: number;
  readAt: string;
  rows: SignOnRow[];
}

/** The id a device gives an action when it records it (a UUID): sending it again does nothing more. */
const actionId = z.uuid({ error: 'invalid_request' });
/** When the official did it on the device (ISO 8601): an action sent later keeps its own time. */
const at = z.iso.datetime({ offset: true, error: 'invalid_request' });

/** One thing recorded at sign-on. */
export const signOnAction = z.discriminatedUnion(
  'type',
  [
    /** The rider is here (all their classes). */
    z.object({ id: actionId, at, type: z.literal('present'), participantId: idField('participant') }),
    /** The transponder handed to a rider who rents one (all their classes). */
    z.object({
      id: actionId,
      at,
      type: z.literal('transponder'),
      participantId: idField('participant'),
      number: z.string({ error: 'null_transponder' }).trim().min(1, 'null_transponder').max(TRANSPONDER_MAX, 'invalid_transponder').regex(/^[0-9A-Za-z-]+$/, 'invalid_transponder'),
    }),
    /** What was due on an entry order, taken at the gate (the office provider). */
    z.object({ id: actionId, at, type: z.literal('paid'), order: z.string({ error: 'invalid_request' }).min(1, 'invalid_request').max(64, 'invalid_request') }),
  ],
  { error: 'invalid_request' },
);
export type SignOnAction = z.infer<typeof signOnAction>;

/** An action as an official records it, before the device gives it its id and time. */
export type SignOnActionDraft = SignOnAction extends infer A ? (A extends SignOnAction ? Omit<A, 'id' | 'at'> : never) : never;

/** `POST /api/v1/desk/events/{id}/sign-on`: what a device recorded, oldest first. */
export const signOnBatch = z.object({ actions: z.array(signOnAction, { error: 'invalid_request' }).min(1, 'invalid_request').max(SIGN_ON_BATCH_MAX, 'invalid_request') });
export type SignOnBatch = z.infer<typeof signOnBatch>;

/** What became of one action: done (or done before: `duplicate`), or refused with an error code the page shows. */
export type SignOnOutcome = { id: string; ok: true; duplicate: boolean } | { id: string; ok: false; code: string };

/** The reply to a batch: each action's outcome, in order, and the list as it now is. */
export interface SignOnSyncResult {
  outcomes: SignOnOutcome[];
  list: SignOnList;
}

/** Whether a row is ready to race (shown green): membership, waiver and payment all in order. */
export function signOnReady(row: Pick<SignOnRow, 'membership' | 'waiver' | 'paid'>): boolean {
  return row.membership === 'valid' && row.waiver === 'signed' && row.paid;
}

/**
 * The list as it will be once `actions` are recorded (what a device shows before the server has
 * answered, or while offline): present from the action's time (an earlier mark stays), the
 * transponder handed out (upper-cased, as the server keeps it), a gate payment clearing what the
 * rider's order owed (and the one-event licence that came with it). Rows not named are unchanged.
 */
export function applyPending(rows: readonly SignOnRow[], actions: readonly SignOnAction[]): SignOnRow[] {
  return rows.map((row) => {
    let next = row;
    for (const action of actions) {
      if (action.type === 'paid') {
        if (next.dueOrder !== action.order) continue;
        next = { ...next, paid: true, dueCents: 0, dueOrder: null, membership: next.membership === 'with_payment' ? 'valid' : next.membership };
      } else if (action.participantId === next.participantId) {
        if (action.type === 'present') next = { ...next, presentAt: next.presentAt && next.presentAt <= action.at ? next.presentAt : action.at };
        else next = { ...next, transponder: action.number.trim().toUpperCase() };
      }
    }
    return next;
  });
}
