/**
 * Signing a waiver (issue 27 "Signing: consent to the electronic signature, the signature drawn,
 * 'I Agree' and 'I certify the information' boxes; a selfie first when the event asks; a minor's
 * waiver signed by the guardian"; "The signed record … kept immutable"; spec §4 Waiver, §5
 * Spectator; POST /api/v1/waivers). The signatory (policy `waiver.sign`: logged in, email
 * verified) signs for their own racer record (`self`) or for a minor they are guardian of
 * (`guardian`). Checked in order:
 *
 * 1. the three consents (`null_consent_electronic`, `null_agreed`, `null_certified`);
 * 2. the event exists and the person is the signatory's or their minor's (`not_found` otherwise,
 *    as for an unknown one); the role fits (`invalid_signatory_role`);
 * 3. the images (./waiver-images.ts: `invalid_signature_image`; the selfie `null_selfie` when the
 *    event's `registration_settings.waiverSelfie` asks for one, `invalid_selfie`);
 * 4. the text's version is the current one of that kind and language (`waiver_text_changed`: the
 *    page must show the new text);
 * 5. the latest document of that event and person is not a rejection (`waiver_rejected`).
 *
 * Then, in one transaction (the event and person locked against a concurrent rejection): the
 * document (state `signed`, the text as shown, the SHA-256 of each image, time, address, user agent,
 * language, `keep_until` from ./keep-until.ts with the CMS's retention), its audit line `signed`,
 * the PDF (./render-waiver-pdf.ts) and a `send-email` job to the signatory with it attached, and
 * the audit line `mailed`. A rolled-back signature sends nothing.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../config';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../contracts/registration-settings';
import type { SignWaiverInput } from '../../contracts/waivers';
import { getWaiverRetention } from '../../cms/waivers';
import { AppError } from '../../errors';
import { federationDate } from '../../format';
import { getReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import { getDb } from '../db';
import { events, participantProfiles, users, waiverAudit, waiverDocuments } from '../db/schema';
import { outboxFileName } from '../email';
import { enqueue } from '../jobs';
import { assertAllowed, type Viewer } from '../policy';
import { getWaiverText } from './get-waiver-text';
import { waiverKeepUntil } from './keep-until';
import { renderWaiverPdf } from './render-waiver-pdf';
import { sha256Hex } from './waiver-hash';
import { selfieBytes, signatureBytes } from './waiver-images';
import { waiverMail } from './waiver-mail';
import { latestWaiver } from './waiver-state';

/** Where the signature came from: the client's address and browser, and the moment (tests pass `now`). */
export interface SigningRequest {
  ip: string;
  userAgent: string;
  now?: Date;
}

/**
 * Signs waiver `input` for `viewer` (see the module's docstring). @returns the new document's id.
 * @throws AppError `unauthenticated`, `email_not_verified`, `not_found`, the field codes above,
 *   `waiver_text_changed`, `waiver_rejected`.
 */
export async function signWaiver(viewer: Viewer, input: SignWaiverInput, request: SigningRequest): Promise<{ id: string }> {
  if (viewer === null) throw new AppError('unauthenticated');
  assertAllowed(viewer, 'waiver.sign', { userId: viewer.userId });
  if (input.consentElectronic !== true) throw new AppError('null_consent_electronic');
  if (input.agreed !== true) throw new AppError('null_agreed');
  if (input.certified !== true) throw new AppError('null_certified');
  const now = request.now ?? new Date();
  const db = getDb();

  const [event] = await db.select({ id: events.id, name: events.name, settings: events.registrationSettings }).from(events).where(eq(events.id, input.eventId));
  if (!event) throw new AppError('not_found');
  const guardian = alias(participantProfiles, 'guardian');
  const [person] = await db
    .select({ firstName: participantProfiles.firstName, lastName: participantProfiles.lastName, birthday: participantProfiles.birthday, userId: participantProfiles.userId, guardianUserId: guardian.userId })
    .from(participantProfiles)
    .leftJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
    .where(eq(participantProfiles.participantId, input.participantId));
  const role = person?.userId === viewer.userId ? 'self' : person?.guardianUserId === viewer.userId ? 'guardian' : null;
  if (!person || !role) throw new AppError('not_found');
  if (input.signatoryRole !== role) throw new AppError('invalid_signatory_role');

  if (!input.signaturePng) throw new AppError('null_signature_image');
  const signature = signatureBytes(input.signaturePng);
  const wantsSelfie = (event.settings.waiverSelfie ?? DEFAULT_REGISTRATION_SETTINGS.waiverSelfie) === true;
  if (wantsSelfie && !input.selfieJpeg) throw new AppError('null_selfie');
  const selfie = input.selfieJpeg ? selfieBytes(input.selfieJpeg) : null;

  const locale: Locale = input.locale;
  const text = await getWaiverText(input.kind, locale);
  if (text.version !== input.textVersion) throw new AppError('waiver_text_changed');

  const [retention, brand, signatory] = await Promise.all([
    getWaiverRetention(),
    getReceiptBrand(locale),
    db
      .select({ email: users.email, accountName: users.name, firstName: participantProfiles.firstName, lastName: participantProfiles.lastName })
      .from(users)
      .leftJoin(participantProfiles, eq(participantProfiles.userId, users.id))
      .where(eq(users.id, viewer.userId))
      .then((rows) => rows[0]),
  ]);
  if (!signatory) throw new AppError('unauthenticated');
  const signatoryName = signatory.firstName ? `${signatory.firstName} ${signatory.lastName ?? ''}`.trim() : signatory.accountName;
  const coveredName = `${person.firstName} ${person.lastName}`.trim();
  const keepUntil = waiverKeepUntil({ signedOn: federationDate(now), birthday: person.birthday, ...retention });
  const ip = request.ip.slice(0, 64) || 'unknown';
  const userAgent = request.userAgent.slice(0, 512);

  return db.transaction(async (tx) => {
    // One signature or rejection at a time for this event and person.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waiver:${input.eventId}:${input.participantId}`}))`);
    if ((await latestWaiver(input.eventId, input.participantId, tx))?.state === 'rejected') throw new AppError('waiver_rejected');
    const [doc] = await tx
      .insert(waiverDocuments)
      .values({
        kind: input.kind,
        eventId: input.eventId,
        participantId: input.participantId,
        coveredName,
        coveredBirthday: person.birthday,
        signatoryUserId: viewer.userId,
        signatoryName,
        signatoryRole: role,
        textVersion: text.version,
        textTitle: text.title,
        textBody: text.body,
        locale,
        state: 'signed',
        consentElectronic: true,
        agreed: true,
        certified: true,
        signaturePng: signature,
        signatureSha256: sha256Hex(signature),
        selfieJpeg: selfie,
        selfieSha256: selfie ? sha256Hex(selfie) : null,
        signedAt: now,
        ip,
        userAgent,
        keepUntil,
      })
      .returning();
    const id = doc!.id;
    await tx.insert(waiverAudit).values({ documentId: id, action: 'signed', at: now, actor: viewer.userId, detail: { eventId: input.eventId, kind: input.kind, textVersion: text.version, locale } });
    const pdf = await renderWaiverPdf({ ...doc!, state: 'signed', locale, eventName: event.name }, brand);
    const mail = await waiverMail({ id, locale, to: { name: signatoryName, email: signatory.email }, title: text.title, eventName: event.name, coveredName, signedAt: now, siteName: brand.name }, pdf);
    const jobId = await enqueue(tx, 'send-email', { mail, file: outboxFileName(now, `waiver-${id}`) });
    await tx.insert(waiverAudit).values({ documentId: id, action: 'mailed', at: now, actor: null, detail: { jobId } });
    return { id };
  });
}
