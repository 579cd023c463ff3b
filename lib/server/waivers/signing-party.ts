/**
 * Who signs a waiver, and as what (issue 27 "a minor's waiver signed by the guardian"; "sign a
 * missing waiver on the official's tablet"). For the login `viewerId` and the person covered:
 *
 * - the person's own login signs for themself (`self`); the minor's guardian signs for them
 *   (`guardian`); the role sent must be that one (`invalid_signatory_role`);
 * - staff of the event's promoter or a federation admin (`isEventStaff`: policy `event.edit` on the
 *   event's promoter) hands the tablet over at sign-on: the signatory is the person's own account
 *   (`self`) or their guardian's (`guardian`), the staff login is the witness. The role sent picks
 *   one (`invalid_signatory_role` when that account does not exist); without one, a minor on the
 *   event's day with a guardian signs through the guardian, anyone else through their own account.
 *   A person with neither account: `no_signatory_account` (the paper waiver at the tent);
 * - anyone else: `not_found`, as for an unknown person.
 *
 * Pure: no database, no `server-only`.
 */
import type { SignatoryRole } from '../../contracts/waivers';
import { AppError } from '../../errors';
import { addYears, MAJORITY_AGE } from './keep-until';

/** The person covered: their own login, their guardian's login, their birthday (YYYY-MM-DD). */
export interface SigningPerson {
  userId: string | null;
  guardianUserId: string | null;
  birthday: string | null;
}

/** Who signs: the role, the signatory's login, and the witnessing staff login (null when the signatory signs from their own login). */
export interface SigningParty {
  role: SignatoryRole;
  signatoryUserId: string;
  witnessUserId: string | null;
}

/** Whether someone born on `birthday` is under 18 on `day` (both YYYY-MM-DD); unknown birthday: no. */
export function isMinorOn(birthday: string | null, day: string): boolean {
  return birthday !== null && addYears(birthday, MAJORITY_AGE) > day;
}

/**
 * The signing party for `viewerId` and `person` at an event held on `eventDay` (see the module's
 * docstring); `requested` the role the form sends (absent: the default).
 * @throws AppError `not_found`, `invalid_signatory_role`, `no_signatory_account`.
 */
export function signingParty(viewerId: string, isEventStaff: boolean, person: SigningPerson, eventDay: string, requested?: SignatoryRole): SigningParty {
  const own = person.userId === viewerId ? 'self' : person.guardianUserId === viewerId ? 'guardian' : null;
  if (own) {
    if (requested && requested !== own) throw new AppError('invalid_signatory_role');
    return { role: own, signatoryUserId: viewerId, witnessUserId: null };
  }
  if (!isEventStaff) throw new AppError('not_found');
  if (!person.userId && !person.guardianUserId) throw new AppError('no_signatory_account');
  const role: SignatoryRole =
    requested ?? (person.guardianUserId && (!person.userId || isMinorOn(person.birthday, eventDay)) ? 'guardian' : 'self');
  const signatoryUserId = role === 'self' ? person.userId : person.guardianUserId;
  if (!signatoryUserId) throw new AppError('invalid_signatory_role');
  return { role, signatoryUserId, witnessUserId: viewerId };
}
