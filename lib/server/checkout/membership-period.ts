/**
 * The days a membership bought now covers (issue 26 "Memberships"; spec §2 /membership/type):
 * `season` runs from its first day to 31 December of that year, `event` is one day. Its first day
 * is today (in the federation's time zone), or, when the person already holds a membership of the
 * organization that runs through today or later, the day after that one ends: buying again
 * renews for the next season instead of overlapping the current one.
 */
import 'server-only';
import { and, eq, gte, max } from 'drizzle-orm';
import { federationDate } from '../../format';
import type { Tx } from '../db';
import { memberships } from '../db/schema';

/** A membership's validity as `membership_types.validity` stores it. */
export type Validity = 'season' | 'event';

/** Inclusive days, YYYY-MM-DD. */
export interface MembershipPeriod {
  validFrom: string;
  validUntil: string;
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

/** The period of a membership of `validity` starting on `validFrom` (any validity other than `event` is a season). */
export function periodFrom(validFrom: string, validity: string): MembershipPeriod {
  return { validFrom, validUntil: validity === 'event' ? validFrom : `${validFrom.slice(0, 4)}-12-31` };
}

/**
 * The period of a membership of organization `organizationId` for participant `participantId`
 * bought at `now` (see the module's docstring).
 */
export async function membershipPeriod(tx: Tx, participantId: number, organizationId: number, validity: string, now: Date): Promise<MembershipPeriod> {
  const today = federationDate(now);
  const [held] = await tx
    .select({ until: max(memberships.validUntil) })
    .from(memberships)
    .where(and(eq(memberships.participantId, participantId), eq(memberships.organizationId, organizationId), gte(memberships.validUntil, today)));
  return periodFrom(held?.until ? nextDay(held.until) : today, validity);
}

/** Age in whole years on `day` of someone born on `birthday` (both YYYY-MM-DD). */
export function ageOnDay(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y! - by! - (m! < bm! || (m === bm && d! < bd!) ? 1 : 0);
}
