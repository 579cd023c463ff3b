/**
 * Reading a waiver (issue 27 "Who sees it: the signatory, their guardian, the event's promoter at
 * sign-on, federation admins"; spec §2 /waiver/{documentUUID}; GET /api/v1/waivers/{id} and
 * /pdf): the document with its images (data URLs) or its PDF, for the signatory, the person it
 * covers, their guardian, staff of the event's promoter and federation admins
 * (./load-waiver.ts). Anyone else, a malformed and an unknown id get the same `not_found`. A read
 * by staff leaves an audit line (`viewed`, or `downloaded` for the PDF) naming them.
 */
import 'server-only';
import type { Locale } from '../../config';
import { LOCALES } from '../../config';
import type { WaiverKind, WaiverView } from '../../contracts/waivers';
import { AppError } from '../../errors';
import { getReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import { getDb } from '../db';
import { waiverAudit } from '../db/schema';
import type { Viewer } from '../policy';
import { loadWaiver, waiverReader, type WaiverRecord } from './load-waiver';
import { renderWaiverPdf } from './render-waiver-pdf';
import { waiverFileName } from './waiver-mail';

const dataUrl = (type: string, bytes: Uint8Array | null) => (bytes ? `data:${type};base64,${Buffer.from(bytes).toString('base64')}` : null);
const asLocale = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en');

/** The document `id` if `viewer` may read it, after writing the staff's audit line `action`. @throws AppError `not_found`. */
async function readable(viewer: Viewer, id: string, action: 'viewed' | 'downloaded'): Promise<WaiverRecord> {
  const doc = await loadWaiver(id);
  const reader = doc ? waiverReader(viewer, doc) : null;
  if (!doc || !reader) throw new AppError('not_found');
  if (reader === 'staff') await getDb().insert(waiverAudit).values({ documentId: doc.id, action, actor: viewer!.userId, detail: {} });
  return doc;
}

/** Waiver document `id` as `viewer` may read it (see the module's docstring). @throws AppError `not_found`. */
export async function getWaiver(viewer: Viewer, id: string): Promise<WaiverView> {
  const doc = await readable(viewer, id, 'viewed');
  return {
    id: doc.id,
    kind: doc.kind as WaiverKind,
    eventId: doc.eventId,
    eventName: doc.eventName,
    participantId: doc.participantId,
    coveredName: doc.coveredName,
    signatoryName: doc.signatoryName,
    signatoryRole: doc.signatoryRole,
    state: doc.state,
    textVersion: doc.textVersion,
    textTitle: doc.textTitle,
    textBody: doc.textBody,
    locale: doc.locale,
    consentElectronic: doc.consentElectronic,
    agreed: doc.agreed,
    certified: doc.certified,
    signedAt: doc.signedAt.toISOString(),
    ip: doc.ip,
    userAgent: doc.userAgent,
    signatureSha256: doc.signatureSha256,
    selfieSha256: doc.selfieSha256,
    signaturePng: dataUrl('image/png', doc.signaturePng),
    selfieJpeg: dataUrl('image/jpeg', doc.selfieJpeg),
    minorSignatureSha256: doc.minorSignatureSha256,
    minorSignaturePng: dataUrl('image/png', doc.minorSignaturePng),
    witnessName: doc.witnessName,
    keepUntil: doc.keepUntil,
  };
}

/** A waiver's PDF: its bytes and file name (`waiver-1a2b3c4d.pdf`). */
export interface WaiverFile {
  bytes: Uint8Array;
  fileName: string;
}

/** The PDF of waiver `id` (text, people, images, audit page) for `viewer` (see the module's docstring). @throws AppError `not_found`. */
export async function getWaiverPdf(viewer: Viewer, id: string): Promise<WaiverFile> {
  const doc = await readable(viewer, id, 'downloaded');
  const locale = asLocale(doc.locale);
  const bytes = await renderWaiverPdf({ ...doc, locale }, await getReceiptBrand(locale));
  return { bytes, fileName: waiverFileName(doc.id) };
}
