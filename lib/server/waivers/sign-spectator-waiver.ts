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
 *   sign alone): 'The record was not found', as an unknown one;
 * - at the gate, on the official's tablet (issue 28 "a missing waiver is signed there"; the page
 *   /desk/events/{id}/gate/waiver/{spectatorId}): a login that may scan the event's tickets (policy
 *   `tickets.scan`: the event's promoter staff, officials, admins; anyone else `not_found`, as for an
 *   unknown event) hands the tablet over and is the document's witness (`witness_user_id`), as at a
 *   racer's sign-on (./sign-waiver.ts). The signatory is the same as on the buyer's phone: an adult
 *   themself (role `self`, the PDF to their email), a minor through the registration's buyer (role
 *   `guardian`, the PDF to the buyer).
 *
 * Checked: the three consents; the spectator (live, on a registration that is not canceled:
 * `spectator_registration_closed`); the images (./seal-waiver.ts: the selfie when the event's
 * `spectator_settings.selfie` asks; the minor's own signature when the federation's
 * `WaiverMinorSignature` asks and the buyer signs as guardian); the text's version is the current
 * spectator text of the event's discipline in that language (`waiver_text_changed`); the latest
 * document of that spectator is not a rejection (`waiver_rejected`). Then the same sealed
 * document, hashes, audit lines, PDF and mail job as a racer's (`sealWaiver`), with `spectator_id`
 * set and `participant_id` null, in one transaction (the spectator locked against a concurrent
 * rejection). The audit line says where it was signed (`place`: `buyer-phone`, `link`, or `gate`
 * with the `witness` login, as sign-on's witnessed line says `{ witness, place: 'sign-on' }`).
 */
import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../config';
import type { SignSpectatorWaiverInput } from '../../contracts/spectators';
import { getWaiverSettings } from '../../cms/waivers';
import { AppError } from '../../errors';
import { federationDate } from '../../format';
import { getReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import { getDb, type Db, type Tx } from '../db';
import { spectatorRegistrations, spectators } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { isAdultOn } from '../spectators/rules';
import { isUuid, loadTicketEvent, ownRegistration, type SpectatorRegistrationRow, type SpectatorRow } from '../spectators/spectator-context';
import { spectatorWaiver } from '../spectators/spectator-waivers';
import { gateEvent, type GateEvent } from '../tickets/gate-event';
import { asDiscipline, getWaiverText } from './get-waiver-text';
import { waiverKeepUntil } from './keep-until';
import { userName } from './load-waiver';
import { checkConsents, sealWaiver, signingImages } from './seal-waiver';
import type { SigningRequest } from './sign-waiver';

/**
 * Who signs: the buyer's session for a spectator of their registration, the emailed link's
 * `signingId`, or (`kind: 'witness'`) a gate login witnessing spectator `spectatorId` of event
 * `eventId` signing on their tablet.
 */
export type SpectatorSigner =
  | { viewer: Viewer; registrationId: string; spectatorId: string; kind?: undefined }
  | { signingId: string; kind?: undefined }
  | { kind: 'witness'; viewer: Viewer; eventId: number; spectatorId: string };

/** Who signs a spectator's waiver, as what, and where its PDF goes. */
export interface SpectatorSignatory {
  role: 'self' | 'guardian';
  /** The signatory's login, or null (an adult spectator without one). */
  userId: string | null;
  name: string;
  email: string;
}

/**
 * The signatory of `spectator`'s waiver on `registration` (see the module's docstring): the buyer
 * for themself and, as parent or guardian, for a minor on the registration's day; any other adult
 * themself.
 */
export async function spectatorSignatory(db: Db | Tx, spectator: SpectatorRow, registration: SpectatorRegistrationRow): Promise<SpectatorSignatory> {
  const role = isAdultOn(spectator.birthday, registration.day) ? 'self' : 'guardian';
  if (role === 'guardian' || spectator.isBuyer) {
    const [buyer] = await db.select().from(spectators).where(and(eq(spectators.registrationId, registration.id), eq(spectators.isBuyer, true)));
    return { role, userId: registration.buyerUserId, name: `${buyer!.firstName} ${buyer!.lastName}`.trim(), email: buyer!.email! };
  }
  return { role, userId: spectator.userId, name: `${spectator.firstName} ${spectator.lastName}`.trim(), email: spectator.email! };
}

/**
 * Spectator `spectatorId` of event `eventId` (live, whatever their registration's state) when
 * `viewer` may scan the event's tickets, with the event and the registration.
 * @throws AppError `unauthenticated`; `not_found` (unknown event, or a login that may not scan it:
 *   lib/server/tickets `gateEvent`); `spectator_not_found` (no such spectator of that event).
 */
export async function gateSpectator(viewer: Viewer, eventId: number, spectatorId: string): Promise<{ event: GateEvent; spectator: SpectatorRow; registration: SpectatorRegistrationRow }> {
  const { event } = await gateEvent(viewer, eventId);
  if (!isUuid(spectatorId)) throw new AppError('spectator_not_found');
  const [row] = await getDb()
    .select({ spectator: spectators, registration: spectatorRegistrations })
    .from(spectators)
    .innerJoin(spectatorRegistrations, eq(spectatorRegistrations.id, spectators.registrationId))
    .where(and(eq(spectators.id, spectatorId.toLowerCase()), eq(spectators.eventId, event.id), isNull(spectators.removedAt)));
  if (!row) throw new AppError('spectator_not_found');
  return { event, ...row };
}

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
 *   `not_found` (the gate: an event the login may not scan); `spectator_not_found`;
 *   `spectator_registration_closed`; the consent and image codes; `waiver_text_changed`;
 *   `waiver_rejected`.
 */
export async function signSpectatorWaiver(signer: SpectatorSigner, input: SignSpectatorWaiverInput, request: SigningRequest): Promise<{ id: string }> {
  let spectator: SpectatorRow;
  let registration: SpectatorRegistrationRow;
  let actor: string | null = null;
  let witness: string | null = null;
  if (signer.kind === 'witness') {
    ({ spectator, registration } = await gateSpectator(signer.viewer, signer.eventId, signer.spectatorId));
    actor = witness = signer.viewer!.userId;
  } else if ('viewer' in signer) {
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
  const signatory = await spectatorSignatory(db, spectator, registration);
  const role = signatory.role;

  if (!input.signaturePng) throw new AppError('null_signature_image');
  const settings = await getWaiverSettings();
  const images = signingImages(input, event.settings.selfie, settings.minorSignature && role === 'guardian');
  const locale: Locale = input.locale;
  const text = await getWaiverText('spectator', locale, asDiscipline(event.discipline));
  if (text.version !== input.textVersion) throw new AppError('waiver_text_changed');
  const [brand, witnessName] = await Promise.all([getReceiptBrand(locale), witness ? userName(witness) : null]);
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
        witnessUserId: witness,
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
      auditDetail: {
        spectatorId: spectator.id,
        registrationId: registration.id,
        ...(witness ? { witness, place: 'gate', signatory: signatory.userId } : { place: actor ? 'buyer-phone' : 'link' }),
      },
      eventName: event.name,
      witnessName: witness ? (witnessName ?? witness) : null,
      mailTo: { name: signatory.name, email: signatory.email },
      brand,
    });
  });
}
