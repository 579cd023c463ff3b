/**
 * An official checks a membership card (issue 26 "a membership card … with a QR code that an
 * official can check"): the QR code's token is verified (a forged or altered code is refused
 * before anything is read), then the membership is read with its state today: the holder's name,
 * organization, type, class, club, permanent number and period. Only those allowed
 * `members.check` (officials, promoter staff, federation admins) see it; it shows nothing the
 * public member list does not.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Translations } from '../../contracts/translations';
import { AppError } from '../../errors';
import { federationDate } from '../../format';
import { getDb } from '../db';
import { classes, memberships, membershipTypes, organizations, participantProfiles, participants, promoters } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { verifyCardToken } from './card-token';
import { cardState, type CardState } from './list-my-memberships';

/** What the official sees. */
export interface CardCheck {
  membershipId: number;
  firstName: string;
  lastName: string;
  organizationName: string;
  organizationNames: Translations;
  typeName: string;
  typeNames: Translations;
  className: string | null;
  clubName: string | null;
  number: string;
  validFrom: string;
  validUntil: string;
  state: CardState;
}

/**
 * Checks the card whose QR code carries `token`, for `viewer`, on `now` (default now).
 * @throws AppError `unauthenticated` (log in first), `not_found` (not an official: the policy's
 *   answer to a denied action);
 *   `invalid_card` (a forged or altered code, or one of a membership that no longer exists).
 */
export async function checkCard(viewer: Viewer, token: string, now: Date = new Date()): Promise<CardCheck> {
  if (viewer === null) throw new AppError('unauthenticated');
  assertAllowed(viewer, 'members.check', null);
  const id = verifyCardToken(token);
  if (id === null) throw new AppError('invalid_card');
  const [row] = await getDb()
    .select({
      membershipId: memberships.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      profileFirst: participantProfiles.firstName,
      profileLast: participantProfiles.lastName,
      organizationName: organizations.name,
      organizationNames: organizations.names,
      typeName: membershipTypes.name,
      typeNames: membershipTypes.names,
      className: classes.name,
      clubName: promoters.name,
      number: memberships.number,
      validFrom: memberships.validFrom,
      validUntil: memberships.validUntil,
    })
    .from(memberships)
    .innerJoin(participants, eq(participants.id, memberships.participantId))
    .leftJoin(participantProfiles, eq(participantProfiles.participantId, memberships.participantId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(classes, eq(classes.id, memberships.classId))
    .leftJoin(promoters, eq(promoters.id, memberships.promoterId))
    .where(eq(memberships.id, id));
  if (!row) throw new AppError('invalid_card');
  const { profileFirst, profileLast, ...rest } = row;
  return { ...rest, firstName: profileFirst ?? rest.firstName, lastName: profileLast ?? rest.lastName, state: cardState(row.validFrom, row.validUntil, federationDate(now)) };
}
