/**
 * The steps every signature shares (issue 27 "The signed record … kept immutable", "a PDF of it
 * with an audit page, emailed to the signatory through the job queue"; issue 28 "a signed waiver
 * per person"): `signWaiver` (a racer's, ./sign-waiver.ts) and `signSpectatorWaiver` (a
 * spectator's, ./sign-spectator-waiver.ts) check their own people, then hand over here:
 *
 * - `checkConsents`: the three consents (`null_consent_electronic`, `null_agreed`, `null_certified`);
 * - `signingImages`: the drawn signature (`null_signature_image`, `invalid_signature_image`), the
 *   selfie when asked (`null_selfie`, `invalid_selfie`), the minor's own signature when the
 *   federation asks for it beside a guardian's (`null_minor_signature`,
 *   `invalid_minor_signature_image`, also when sent though not asked);
 * - `sealWaiver`, in the caller's transaction: the document (state `signed`, the SHA-256 of each
 *   image), its audit line `signed`, the PDF (./render-waiver-pdf.ts), a `send-email` job to the
 *   signatory with it attached, and the audit line `mailed`. A rolled-back signature sends nothing.
 */
import 'server-only';
import type { Locale } from '../../config';
import { AppError } from '../../errors';
import type { ReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import type { Tx } from '../db';
import { waiverAudit, waiverDocuments } from '../db/schema';
import { outboxFileName } from '../email';
import { enqueue } from '../jobs';
import { renderWaiverPdf } from './render-waiver-pdf';
import { sha256Hex } from './waiver-hash';
import { selfieBytes, signatureBytes } from './waiver-images';
import { waiverMail } from './waiver-mail';

/** The consents of a signing form. */
export interface Consents {
  consentElectronic?: boolean;
  agreed?: boolean;
  certified?: boolean;
}

/** @throws AppError `null_consent_electronic`, `null_agreed`, `null_certified` unless each is true. */
export function checkConsents(input: Consents): void {
  if (input.consentElectronic !== true) throw new AppError('null_consent_electronic');
  if (input.agreed !== true) throw new AppError('null_agreed');
  if (input.certified !== true) throw new AppError('null_certified');
}

/** The images of a signing form, as data URLs. */
export interface ImagesInput {
  signaturePng?: string | null;
  selfieJpeg?: string | null;
  minorSignaturePng?: string | null;
}

/** The decoded images to seal. */
export interface SigningImages {
  signature: Buffer;
  selfie: Buffer | null;
  minorSignature: Buffer | null;
}

/**
 * The images of `input`, checked: the signature always; the selfie when `wantsSelfie`; the
 * minor's own signature exactly when `wantsMinor` (see the module's docstring).
 * @throws AppError the image codes above.
 */
export function signingImages(input: ImagesInput, wantsSelfie: boolean, wantsMinor: boolean): SigningImages {
  if (!input.signaturePng) throw new AppError('null_signature_image');
  const signature = signatureBytes(input.signaturePng);
  if (wantsSelfie && !input.selfieJpeg) throw new AppError('null_selfie');
  const selfie = input.selfieJpeg ? selfieBytes(input.selfieJpeg) : null;
  if (wantsMinor && !input.minorSignaturePng) throw new AppError('null_minor_signature');
  if (!wantsMinor && input.minorSignaturePng) throw new AppError('invalid_minor_signature_image');
  const minorSignature = input.minorSignaturePng ? signatureBytes(input.minorSignaturePng, 'invalid_minor_signature_image') : null;
  return { signature, selfie, minorSignature };
}

/** The document's fields other than its images, hashes and state (the caller's). */
export type SealedFields = Omit<
  typeof waiverDocuments.$inferInsert,
  'id' | 'state' | 'consentElectronic' | 'agreed' | 'certified' | 'signaturePng' | 'signatureSha256' | 'selfieJpeg' | 'selfieSha256' | 'minorSignaturePng' | 'minorSignatureSha256'
> & { locale: Locale; signedAt: Date; textTitle: string };

/** What `sealWaiver` writes and sends. */
export interface SealInput {
  fields: SealedFields;
  images: SigningImages;
  /** The login who asked (the audit line's actor), or null (a signature by emailed link, without a login). */
  actor: string | null;
  /** Added to the `signed` audit line's detail (the event, kind, version and language are always there). */
  auditDetail?: Record<string, unknown>;
  eventName: string;
  witnessName: string | null;
  /** Where the PDF goes: the signatory's name and email. */
  mailTo: { name: string; email: string };
  brand: ReceiptBrand;
}

/**
 * Writes the signed document of `input` in `tx`, its audit lines, its PDF and the mail job (see
 * the module's docstring).
 * @returns the new document's id.
 */
export async function sealWaiver(tx: Tx, input: SealInput): Promise<{ id: string }> {
  const { fields, images } = input;
  const [doc] = await tx
    .insert(waiverDocuments)
    .values({
      ...fields,
      state: 'signed',
      consentElectronic: true,
      agreed: true,
      certified: true,
      signaturePng: images.signature,
      signatureSha256: sha256Hex(images.signature),
      selfieJpeg: images.selfie,
      selfieSha256: images.selfie ? sha256Hex(images.selfie) : null,
      minorSignaturePng: images.minorSignature,
      minorSignatureSha256: images.minorSignature ? sha256Hex(images.minorSignature) : null,
    })
    .returning();
  const id = doc!.id;
  const now = fields.signedAt;
  await tx
    .insert(waiverAudit)
    .values({ documentId: id, action: 'signed', at: now, actor: input.actor, detail: { eventId: fields.eventId, kind: fields.kind, textVersion: fields.textVersion, locale: fields.locale, ...input.auditDetail } });
  const pdf = await renderWaiverPdf({ ...doc!, state: 'signed', locale: fields.locale, eventName: input.eventName, witnessName: input.witnessName }, input.brand);
  const mail = await waiverMail(
    { id, locale: fields.locale, to: input.mailTo, title: fields.textTitle, eventName: input.eventName, coveredName: fields.coveredName, signedAt: now, siteName: input.brand.name },
    pdf,
  );
  const jobId = await enqueue(tx, 'send-email', { mail, file: outboxFileName(now, `waiver-${id}`) });
  await tx.insert(waiverAudit).values({ documentId: id, action: 'mailed', at: now, actor: null, detail: { jobId } });
  return { id };
}
