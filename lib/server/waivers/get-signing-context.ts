/**
 * What a signing form needs for one person at one event (issue 27 "sign a missing waiver on the
 * official's tablet"; "a minor's waiver signed by the guardian, and by the minor too when the
 * federation's setting says so"): for the desk's page /desk/events/{id}/sign-on/waiver/{participantId}
 * (and any other signing page): the text of the event's discipline in the page's language with
 * its version, who it covers, who signs and as what (./signing-party.ts: at sign-on the person's
 * or their guardian's account, the viewer as witness), whether the event asks for a selfie and the
 * federation for the minor's own signature, and the person's waiver state now. The same rules as
 * `signWaiver`, so what the page shows is what signing accepts.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../config';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../contracts/registration-settings';
import type { SignatoryRole, WaiverKind, WaiverSigningContext } from '../../contracts/waivers';
import { getWaiverSettings } from '../../cms/waivers';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { events, participantProfiles } from '../db/schema';
import { can, type Viewer } from '../policy';
import { asDiscipline, getWaiverText } from './get-waiver-text';
import { userName } from './load-waiver';
import { signingParty } from './signing-party';
import { waiverStateOf } from './waiver-state';

/**
 * The signing context of person `participantId` at event `eventId` for `viewer`, on a page in
 * `locale` (see the module's docstring); `role` forces the signatory's role (default: a minor on
 * the event's day with a guardian signs through the guardian, anyone else themself).
 * @throws AppError `unauthenticated`; `not_found` (unknown event or person, or a viewer who is
 *   neither the person, their guardian, nor staff of the event's promoter or an admin);
 *   `invalid_signatory_role`; `no_signatory_account` (no account of their own nor a guardian's).
 */
export async function getSigningContext(
  viewer: Viewer,
  eventId: number,
  participantId: number,
  locale: Locale,
  options: { kind?: WaiverKind; role?: SignatoryRole } = {},
): Promise<WaiverSigningContext> {
  if (viewer === null) throw new AppError('unauthenticated');
  const db = getDb();
  const [event] = await db
    .select({ id: events.id, name: events.name, settings: events.registrationSettings, promoterId: events.promoterId, startDate: events.startDate, discipline: events.discipline })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new AppError('not_found');
  const guardian = alias(participantProfiles, 'guardian');
  const [person] = await db
    .select({ firstName: participantProfiles.firstName, lastName: participantProfiles.lastName, birthday: participantProfiles.birthday, userId: participantProfiles.userId, guardianUserId: guardian.userId })
    .from(participantProfiles)
    .leftJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
    .where(eq(participantProfiles.participantId, participantId));
  if (!person) throw new AppError('not_found');
  const party = signingParty(viewer.userId, can(viewer, 'event.edit', { promoterId: event.promoterId }), person, event.startDate, options.role);
  const kind = options.kind ?? 'entry';
  const [text, settings, signatoryName, state] = await Promise.all([
    getWaiverText(kind, locale, asDiscipline(event.discipline)),
    getWaiverSettings(),
    userName(party.signatoryUserId),
    waiverStateOf(eventId, participantId),
  ]);
  if (signatoryName === null) throw new AppError('no_signatory_account');
  return {
    eventId,
    eventName: event.name,
    kind,
    participantId,
    coveredName: `${person.firstName} ${person.lastName}`.trim(),
    signatoryRole: party.role,
    signatoryName,
    witnessed: party.witnessUserId !== null,
    text,
    selfieRequired: (event.settings.waiverSelfie ?? DEFAULT_REGISTRATION_SETTINGS.waiverSelfie) === true,
    minorSignatureRequired: settings.minorSignature && party.role === 'guardian',
    state,
  };
}
