/**
 * Sign-on's list as the desk shows it (issue 27 "Sign-on (in the desk)"): the rows, what the
 * server answers a batch with, whether a rider is ready, and the list as it will be once a
 * device's actions are recorded. Kept apart from ./sign-on.ts (the actions' schemas) so the
 * sign-on board, which comes with its page's first load, carries no schema library. Imports
 * nothing from the server.
 */
import type { SignOnAction } from './sign-on';

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
  /** A missing waiver can be signed on the official's tablet: the rider has an account of their own or a guardian's (else on paper). */
  signOnline: boolean;
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
