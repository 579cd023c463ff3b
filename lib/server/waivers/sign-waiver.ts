/**
 * Signing a waiver (issue 27 "Signing: consent to the electronic signature, the signature drawn,
 * 'I Agree' and 'I certify the information' boxes; a selfie first when the event asks; a minor's
 * waiver signed by the guardian, and by the minor too when the federation's setting says so";
 * "sign a missing waiver on the official's tablet"; "The signed record … kept immutable"; spec §4
 * Waiver, §5 Spectator; POST /api/v1/waivers). The signatory (policy `waiver.sign`: logged in,
 * email verified) signs for their own racer record (`self`) or for a minor they are guardian of
 * (`guardian`); or, at sign-on, the event's promoter staff or a federation admin (policy
 * `event.edit` on the event's promoter) hands their tablet to the person or their guardian: the
 * document's signatory is then that person's or guardian's account and the staff login its
 * witness (./signing-party.ts). Checked in order:
 *
 * 1. the three consents (`null_consent_electronic`, `null_agreed`, `null_certified`);
 * 2. the event exists and the person is the signatory's or their minor's, or the viewer is the
 *    event's staff (`not_found` otherwise, as for an unknown one); the role fits
 *    (`invalid_signatory_role`); at sign-on someone has an account to sign with
 *    (`no_signatory_account`);
 * 3. the images (./waiver-images.ts: `invalid_signature_image`; the selfie `null_selfie` when the
 *    event's `registration_settings.waiverSelfie` asks for one, `invalid_selfie`; the minor's own
 *    signature `null_minor_signature` when the CMS parameter `WaiverMinorSignature` is on and the
 *    role is `guardian`, `invalid_minor_signature_image` when unreadable, and also when it is sent
 *    though none is asked for: a signature that the federation does not ask for is not sealed
 *    silently);
 * 4. the text's version is the current one of that kind, language and the event's discipline
 *    (`waiver_text_changed`: the page must show the new text);
 * 5. the latest document of that event and person is not a rejection (`waiver_rejected`).
 *
 * Then, in one transaction (the event and person locked against a concurrent rejection), the
 * steps every signature shares (./seal-waiver.ts): the
 * document (state `signed`, the text as shown, the SHA-256 of each image, time, address, user agent,
 * language, the witness, `keep_until` from ./keep-until.ts with the CMS's retention), its audit line
 * `signed` (`{ witness, place: 'sign-on' }` added when witnessed), the PDF (./render-waiver-pdf.ts)
 * and a `send-email` job to the signatory with it attached, and the audit line `mailed`. A
 * rolled-back signature sends nothing.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../config';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../contracts/registration-settings';
import type { SignWaiverInput } from '../../contracts/waivers';
import { getWaiverSettings } from '../../cms/waivers';
import { AppError } from '../../errors';
import { federationDate } from '../../format';
import { getReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import { getDb } from '../db';
import { events, participantProfiles, users } from '../db/schema';
import { assertAllowed, can, type Viewer } from '../policy';
import { asDiscipline, getWaiverText } from './get-waiver-text';
import { waiverKeepUntil } from './keep-until';
import { userName } from './load-waiver';
import { checkConsents, sealWaiver, signingImages } from './seal-waiver';
import { signingParty } from './signing-party';
import { latestWaiver } from './waiver-state';

/** Where the signature came from: the client's address and browser, and the moment (tests pass `now`). */
export interface SigningRequest {
  ip: string;
  userAgent: string;
  now?: Date;
}

/**
 * Signs waiver `input` for `viewer` (see the module's docstring). @returns the new document's id.
 * @throws AppError `unauthenticated`, `email_not_verified`, `not_found`, `no_signatory_account`, the
 *   field codes above, `waiver_text_changed`, `waiver_rejected`.
 */
export async function signWaiver(viewer: Viewer, input: SignWaiverInput, request: SigningRequest): Promise<{ id: string }> {
  if (viewer === null) throw new AppError('unauthenticated');
  assertAllowed(viewer, 'waiver.sign', { userId: viewer.userId });
  checkConsents(input);
  const now = request.now ?? new Date();
  const db = getDb();

  const [event] = await db
    .select({ id: events.id, name: events.name, settings: events.registrationSettings, promoterId: events.promoterId, startDate: events.startDate, discipline: events.discipline })
    .from(events)
    .where(eq(events.id, input.eventId));
  if (!event) throw new AppError('not_found');
  const guardian = alias(participantProfiles, 'guardian');
  const [person] = await db
    .select({ firstName: participantProfiles.firstName, lastName: participantProfiles.lastName, birthday: participantProfiles.birthday, userId: participantProfiles.userId, guardianUserId: guardian.userId })
    .from(participantProfiles)
    .leftJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
    .where(eq(participantProfiles.participantId, input.participantId));
  if (!person) throw new AppError('not_found');
  const party = signingParty(viewer.userId, can(viewer, 'event.edit', { promoterId: event.promoterId }), person, event.startDate, input.signatoryRole);
  const role = party.role;

  if (!input.signaturePng) throw new AppError('null_signature_image');
  const wantsSelfie = (event.settings.waiverSelfie ?? DEFAULT_REGISTRATION_SETTINGS.waiverSelfie) === true;
  const settings = await getWaiverSettings();
  const images = signingImages(input, wantsSelfie, settings.minorSignature && role === 'guardian');

  const locale: Locale = input.locale;
  const text = await getWaiverText(input.kind, locale, asDiscipline(event.discipline));
  if (text.version !== input.textVersion) throw new AppError('waiver_text_changed');

  const [brand, signatory, witnessName] = await Promise.all([
    getReceiptBrand(locale),
    db
      .select({ email: users.email, accountName: users.name, firstName: participantProfiles.firstName, lastName: participantProfiles.lastName })
      .from(users)
      .leftJoin(participantProfiles, eq(participantProfiles.userId, users.id))
      .where(eq(users.id, party.signatoryUserId))
      .then((rows) => rows[0]),
    party.witnessUserId ? userName(party.witnessUserId) : null,
  ]);
  if (!signatory) throw new AppError(party.witnessUserId ? 'no_signatory_account' : 'unauthenticated');
  const signatoryName = signatory.firstName ? `${signatory.firstName} ${signatory.lastName ?? ''}`.trim() : signatory.accountName;
  const coveredName = `${person.firstName} ${person.lastName}`.trim();
  const keepUntil = waiverKeepUntil({ signedOn: federationDate(now), birthday: person.birthday, retentionYears: settings.retentionYears, limitationYears: settings.limitationYears });
  const ip = request.ip.slice(0, 64) || 'unknown';
  const userAgent = request.userAgent.slice(0, 512);

  return db.transaction(async (tx) => {
    // One signature or rejection at a time for this event and person.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waiver:${input.eventId}:${input.participantId}`}))`);
    if ((await latestWaiver(input.eventId, input.participantId, tx))?.state === 'rejected') throw new AppError('waiver_rejected');
    const witnessed = party.witnessUserId ? { witness: party.witnessUserId, place: 'sign-on', signatory: party.signatoryUserId } : {};
    return sealWaiver(tx, {
      fields: {
        kind: input.kind,
        eventId: input.eventId,
        participantId: input.participantId,
        coveredName,
        coveredBirthday: person.birthday,
        signatoryUserId: party.signatoryUserId,
        signatoryName,
        signatoryRole: role,
        witnessUserId: party.witnessUserId,
        textVersion: text.version,
        textTitle: text.title,
        textBody: text.body,
        locale,
        signedAt: now,
        ip,
        userAgent,
        keepUntil,
      },
      images,
      actor: viewer.userId,
      auditDetail: witnessed,
      eventName: event.name,
      witnessName: party.witnessUserId ? (witnessName ?? party.witnessUserId) : null,
      mailTo: { name: signatoryName, email: signatory.email },
      brand,
    });
  });
}
