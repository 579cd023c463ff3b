/**
 * The rules of spectator tickets that need no database (issue 28 "The four steps", "Capacity per
 * event day"; spec §4 Spectator registration, §5 Spectator, §6): ages on the event's day (only an
 * adult buys; a minor is signed for by the buyer as parent or guardian), the event's days, who
 * counts as the same person ('Spectator already registered'), and the day's capacity arithmetic.
 * Pure: no `server-only`, no database.
 */
import { MAJORITY_AGE } from '../waivers/keep-until';

/** Whole years of someone born on `birthday` on `day` (both YYYY-MM-DD). */
export function spectatorAge(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y! - by! - (m! < bm! || (m === bm && d! < bd!) ? 1 : 0);
}

/** Whether someone born on `birthday` is an adult (18 or older) on the event's `day`: only adults buy tickets and sign for themselves. */
export function isAdultOn(birthday: string, day: string): boolean {
  return spectatorAge(birthday, day) >= MAJORITY_AGE;
}

/** Whether `day` is one of the days of an event held from `startDate` to `endDate` (null: one day), all YYYY-MM-DD. */
export function isEventDay(day: string, startDate: string, endDate: string | null): boolean {
  return day >= startDate && day <= (endDate && endDate > startDate ? endDate : startDate);
}

/** The days of an event from `startDate` to `endDate` (null: one day), YYYY-MM-DD, at most 31. */
export function eventDays(startDate: string, endDate: string | null): string[] {
  const days: string[] = [];
  const end = endDate && endDate > startDate ? endDate : startDate;
  for (let t = Date.parse(`${startDate}T00:00:00Z`); days.length < 31; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (day > end) break;
    days.push(day);
  }
  return days;
}

/** A name as compared: trimmed, inner spaces collapsed, lower-cased, accents kept. */
const folded = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr-CA');

/** What makes two spectators the same person: first and last name (case aside) and date of birth. */
export function personKey(person: { firstName: string; lastName: string; birthday: string }): string {
  return `${folded(person.firstName)}|${folded(person.lastName)}|${person.birthday}`;
}

/**
 * Whether `wanted` more tickets fit a day of `capacity` (null: no limit) of which `taken` are
 * sold, reserved at the gate or held during a checkout.
 */
export function ticketsFit(capacity: number | null, taken: number, wanted: number): boolean {
  return capacity === null || taken + wanted <= capacity;
}

/** Tickets left for the day (never below 0), or null when the day has no limit. */
export function ticketsLeft(capacity: number | null, taken: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - taken);
}
