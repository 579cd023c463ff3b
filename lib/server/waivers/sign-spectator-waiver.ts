/**
 * Signing a spectator's waiver (issue 28 "each adult signs their own waiver, on the same phone or
 * by an emailed link to /waiver/{documentUUID}; the buyer, as parent or guardian, signs for each
 * minor"; spec §2 /waiver/{documentUUID}, §4 Spectator registration and Waiver, §5 Spectator, §8
 * Spectator 'This waiver was rejected and cannot be signed'). Who signs:
 *
 * - on the buyer's phone (their session; policy `waiver.sign`: logged in, email verified), for a
 *   spectator of their own registration: the buyer for themself (role `self`, signatory the
 *   buyer's login); for a minor on the event's day (role `guardian`, the buyer as parent or
 *   guardian: the PDF goes to the buyer's email); for another adult, who signs themself on that
 *   phone (role `self`, signatory that adult by name and email, `signatory_user_id` their login
 *   when they have one, else null);
 * - through the emailed link, without a login: the capability is the spectator's `signing_id`
 *   (unguessable); an adult signs for themself as above. A minor's link names nobody (they do not
 *   sign alone): 'The record was not found', as an unknown one.
 *
 * Checked: the three consents; the spectator (live, on a registration that is not canceled:
 * `spectator_registration_closed`); the images (./seal-waiver.ts: the selfie when the event's
 * `spectator_settings.selfie` asks; the minor's own signature when the federation's
 * `WaiverMinorSignature` asks and the buyer signs as guardian); the text's version is the current
 * spectator text of the event's discipline in that language (`waiver_text_changed`); the latest
 * document of that spectator is not a rejection (`waiver_rejected`). Then the same sealed
 * document, hashes, audit lines, PDF and mail job as a racer's (`sealWaiver`), with `spectator_id`
 * set and `participant_id` null, in one transaction (the spectator locked against a concurrent
 * rejection). The audit line says where it was signed (`place`: `buyer-phone` or `link`).
 */
import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../config';
import type { SignSpectatorWaiverInput } from '../../contracts/spectators';
import { getWaiverSettings } from '../../cms/waivers';
import { AppError } from '../../errors';
import { federationDate } from '../../format';
import { getReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import { getDb } from '../db';
import { spectatorRegistrations, spectators } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { isAdultOn } from '../spectators/rules';
import { isUuid, loadTicketEvent, ownRegistration, type SpectatorRegistrationRow, type SpectatorRow } from '../spectators/spectator-context';
import { spectatorWaiver } from '../spectators/spectator-waivers';
import { asDiscipline, getWaiverText } from './get-waiver-text';
import { waiverKeepUntil } from './keep-until';
import { checkConsents, sealWaiver, signingImages } from './seal-waiver';
import type { SigningRequest } from './sign-waiver';

/** Who signs: the buyer's session for a spectator of their registration, or the emailed link's `signingId`. */
export type SpectatorSigner = { viewer: Viewer; registrationId: string; spectatorId: string } | { signingId: string };

/** The spectator and registration the emailed link `signingId` names (live), or null. */
export async function spectatorByLink(signingId: string): Promise<{ spectator: SpectatorRow; registration: SpectatorRegistrationRow } | null> {
  if (!isUuid(signingId)) return null;
  const [row] = await getDb()
    .select({ spectator: spectators, registration: spectatorRegistrations })
    .from(spectators)
    .innerJoin(spectatorRegistrations, eq(spectatorRegistrations.id, spectators.registrationId))
    .where(and(eq(spectators.signingId, signingId.toLowerCase()), isNull(spectators.removedAt)));
  return row ?? null;
}

/**
 * Signs the waiver of the spectator `signer` names with `input` (see the module's docstring).
 * @returns the new document's id.
 * @throws AppError `unauthenticated`, `email_not_verified` (the buyer's session);
 *   `spectator_not_found`; `spectator_registration_closed`; the consent and image codes;
 *   `waiver_text_changed`; `waiver_rejected`.
 */
export async function signSpectatorWaiver(signer: SpectatorSigner, input: SignSpectatorWaiverInput, request: SigningRequest): Promise<{ id: string }> {
  let spectator: SpectatorRow;
  let registration: SpectatorRegistrationRow;
  let actor: string | null = null;
  if ('viewer' in signer) {
    const viewer = signer.viewer;
    if (viewer === null) throw new AppError('unauthenticated');
    assertAllowed(viewer, 'waiver.sign', { userId: viewer.userId });
    registration = await ownRegistration(viewer, signer.registrationId);
    if (!isUuid(signer.spectatorId)) throw new AppError('spectator_not_found');
    const [row] = await getDb()
      .select()
      .from(spectators)
      .where(and(eq(spectators.id, signer.spectatorId.toLowerCase()), eq(spectators.registrationId, registration.id), isNull(spectators.removedAt)));
    if (!row) throw new AppError('spectator_not_found');
    spectator = row;
    actor = viewer.userId;
  } else {
    const found = await spectatorByLink(signer.signingId);
    if (!found || !isAdultOn(found.spectator.birthday, found.registration.day)) throw new AppError('spectator_not_found');
    ({ spectator, registration } = found);
  }
  checkConsents(input);
  if (registration.state === 'canceled') throw new AppError('spectator_registration_closed');
  const event = (await loadTicketEvent(registration.eventId))!;
  const now = request.now ?? new Date();
  const db = getDb();

  // The buyer signs for themself and for a minor; any other adult for themself.
  const minor = !isAdultOn(spectator.birthday, registration.day);
  const role = minor ? 'guardian' : 'self';
  let signatory: { userId: string | null; name: string; email: string };
  if (minor || spectator.isBuyer) {
    const [buyer] = await db.select().from(spectators).where(and(eq(spectators.registrationId, registration.id), eq(spectators.isBuyer, true)));
    signatory = { userId: registration.buyerUserId, name: `${buyer!.firstName} ${buyer!.lastName}`.trim(), email: buyer!.email! };
  } else {
    signatory = { userId: spectator.userId, name: `${spectator.firstName} ${spectator.lastName}`.trim(), email: spectator.email! };
  }

  if (!input.signaturePng) throw new AppError('null_signature_image');
  const settings = await getWaiverSettings();
  const images = signingImages(input, event.settings.selfie, settings.minorSignature && role === 'guardian');
  const locale: Locale = input.locale;
  const text = await getWaiverText('spectator', locale, asDiscipline(event.discipline));
  if (text.version !== input.textVersion) throw new AppError('waiver_text_changed');
  const brand = await getReceiptBrand(locale);
  const keepUntil = waiverKeepUntil({ signedOn: federationDate(now), birthday: spectator.birthday, retentionYears: settings.retentionYears, limitationYears: settings.limitationYears });

  return db.transaction(async (tx) => {
    // One signature or rejection at a time for this spectator.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waiver:spectator:${spectator.id}`}))`);
    if ((await spectatorWaiver(tx, spectator.id)).state === 'rejected') throw new AppError('waiver_rejected');
    return sealWaiver(tx, {
      fields: {
        kind: 'spectator',
        eventId: registration.eventId,
        participantId: null,
        spectatorId: spectator.id,
        coveredName: `${spectator.firstName} ${spectator.lastName}`.trim(),
        coveredBirthday: spectator.birthday,
        signatoryUserId: signatory.userId,
        signatoryName: signatory.name,
        signatoryRole: role,
        witnessUserId: null,
        textVersion: text.version,
        textTitle: text.title,
        textBody: text.body,
        locale,
        signedAt: now,
        ip: request.ip.slice(0, 64) || 'unknown',
        userAgent: request.userAgent.slice(0, 512),
        keepUntil,
      },
      images,
      actor,
      auditDetail: { spectatorId: spectator.id, registrationId: registration.id, place: actor ? 'buyer-phone' : 'link' },
      eventName: event.name,
      witnessName: null,
      mailTo: { name: signatory.name, email: signatory.email },
      brand,
    });
  });
}
