/**
 * The rules of an event registration that need no database (issue 27 "Registration": fees by
 * date, the refund policy by date, race numbers unique in their class, class ages; "a full class
 * takes a waiting list"). Pure module: no `import 'server-only'`, no database, so the job worker
 * (waiting-list offers), scripts and unit tests load it as is. Days are YYYY-MM-DD in the
 * federation's time zone; amounts are whole cents.
 */
import { isRaceNumber, normalizeRaceNumber } from '../../contracts/event-registration';
import type { RefundStep, RegistrationSettings } from '../../contracts/registration-settings';

/** The fees of one class at an event (`event_classes`), in cents. */
export interface ClassFees {
  feeCents: number;
  earlyFeeCents: number | null;
  lateFeeCents: number | null;
}

/**
 * The entry fee of a class registered on `day`: the early fee up to `settings.earlyUntil`
 * (inclusive) when both are set, the late fee from `settings.lateFrom` (inclusive) when both are
 * set, else the regular fee. In cents.
 */
export function entryFee(eventClass: ClassFees, settings: Pick<RegistrationSettings, 'earlyUntil' | 'lateFrom'>, day: string): number {
  if (settings.earlyUntil && eventClass.earlyFeeCents != null && day <= settings.earlyUntil) return eventClass.earlyFeeCents;
  if (settings.lateFrom && eventClass.lateFeeCents != null && day >= settings.lateFrom) return eventClass.lateFeeCents;
  return eventClass.feeCents;
}

/**
 * The percent (0–100) of the entry fees a rider cancelling on `day` gets back: the first step of
 * the policy (taken in date order) whose `until` is on or after `day`; 0 after the last step or
 * with no policy.
 */
export function refundPercent(policy: readonly RefundStep[], day: string): number {
  const step = [...policy].sort((a, b) => a.until.localeCompare(b.until)).find((s) => day <= s.until);
  return step ? step.percent : 0;
}

/** Why a race number cannot be taken: none given (and no permanent number), malformed, or another rider's in the class. */
export type RaceNumberRefusal = 'null_race_number' | 'invalid_race_number' | 'race_number_taken';

/**
 * The race number a rider gets in a class: the one typed (normalised), else their permanent member
 * number; refused when there is none, when it is not 1–4 digits or letters, or when `taken` (the
 * numbers of the class's other live registrations at the event, normalised) holds it.
 */
export function chooseRaceNumber(typed: string | null | undefined, permanent: string | null, taken: ReadonlySet<string>): { ok: true; number: string } | { ok: false; code: RaceNumberRefusal } {
  const raw = typed != null && typed.trim() !== '' ? typed : permanent;
  if (raw == null || raw.trim() === '') return { ok: false, code: 'null_race_number' };
  const number = normalizeRaceNumber(raw);
  if (!isRaceNumber(number)) return { ok: false, code: 'invalid_race_number' };
  if (taken.has(number)) return { ok: false, code: 'race_number_taken' };
  return { ok: true, number };
}

/** Whether a rider of `age` whole years (on the event's first day: `ageOnDay`) fits age limits (inclusive; null: none). */
export function fitsAge(age: number, limits: { minAge: number | null; maxAge: number | null }): boolean {
  return (limits.minAge === null || age >= limits.minAge) && (limits.maxAge === null || age <= limits.maxAge);
}

/**
 * Whether a class has room for one more rider: no capacity, or fewer riders registered plus
 * places offered to the waiting list (and still waiting for their answer) than its capacity.
 */
export function hasRoom(capacity: number | null, registered: number, offersOpen: number): boolean {
  return capacity === null || registered + offersOpen < capacity;
}

/** How many places of a class can be offered to its waiting list now (capacity − registered − offers still open, never below 0; unlimited: every one waiting). */
export function placesToOffer(capacity: number | null, registered: number, offersOpen: number, waitingWithoutOffer: number): number {
  if (capacity === null) return waitingWithoutOffer;
  return Math.max(0, Math.min(waitingWithoutOffer, capacity - registered - offersOpen));
}
