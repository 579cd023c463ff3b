/**
 * Whether a membership holds on a day (issue 26 "a membership is valid only once paid"; spec §2
 * /membership/members/{id}): `valid` from its first to its last day inclusive, `notYetValid`
 * before, `expired` after. Dates are YYYY-MM-DD (the federation's calendar day, `federationDate`).
 */
import 'server-only';

export const MEMBERSHIP_STATES = ['valid', 'expired', 'notYetValid'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** The state on `today` of a membership valid from `validFrom` to `validUntil` (inclusive). Pure. */
export function membershipState(validFrom: string, validUntil: string, today: string): MembershipState {
  if (today < validFrom) return 'notYetValid';
  if (today > validUntil) return 'expired';
  return 'valid';
}
