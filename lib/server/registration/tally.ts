/**
 * Registration counts per class (spec §3 Registration: counts, classes), from the classes an
 * event offers and its registrations counted by class and state. Pure: no database here.
 */
import 'server-only';
import type { ClassRegistrationCount, RegistrationState } from '../../contracts/events';

export interface OfferedClass {
  classId: number;
  name: string;
  capacity: number | null;
}

export interface StateTally {
  classId: number;
  name: string;
  state: RegistrationState;
  count: number;
}

/** capacity − registered, never below 0; null when the class has no limit. */
export function spotsLeft(capacity: number | null, registered: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - registered);
}

/**
 * One count per class: every class offered (in the order given, zero when nobody registered),
 * then any class with registrations that is no longer offered (no capacity). Registered and
 * cancelled registrations (and, issue 27, those on the waiting list) are counted apart; only
 * registered ones take a spot.
 */
export function tallyByClass(offered: OfferedClass[], tallies: StateTally[]): ClassRegistrationCount[] {
  const byClass = new Map<number, ClassRegistrationCount>();
  for (const c of offered) byClass.set(c.classId, { classId: c.classId, name: c.name, registered: 0, waiting: 0, cancelled: 0, capacity: c.capacity, spotsLeft: null });
  for (const t of tallies) {
    const row = byClass.get(t.classId) ?? { classId: t.classId, name: t.name, registered: 0, waiting: 0, cancelled: 0, capacity: null, spotsLeft: null };
    row[t.state] += t.count;
    byClass.set(t.classId, row);
  }
  return [...byClass.values()].map((row) => ({ ...row, spotsLeft: spotsLeft(row.capacity, row.registered) }));
}
