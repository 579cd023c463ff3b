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

export { SIGN_ON_MEMBERSHIP, SIGN_ON_WAIVER, applyPending, signOnReady, type SignOnClass, type SignOnList, type SignOnMembership, type SignOnOutcome, type SignOnRow, type SignOnSyncResult, type SignOnWaiver } from './sign-on-list';
