/**
 * The waivers' contracts (issue 27 "Waivers"; spec §4 Waiver: signed, not signed, rejected;
 * §5 Spectator: "consent to the electronic signature, the signature, the 'I Agree' box and the
 * 'I certify the information' box required"): the kinds of waiver, who signs, the signing form as
 * the page and `POST /api/v1/waivers` both read it, a rejection by staff, and the document as
 * `GET /api/v1/waivers/{id}` answers it. Issues carry codes (`null_agreed`,
 * `invalid_signature_image`), never English text. Imports nothing from the server.
 */
import { z } from 'zod';
import { LOCALES } from '../config';
import { EVENT_DISCIPLINES, type EventDiscipline } from './events';
import { firstIssuePerField, type CheckFailure, type FieldIssue } from './field-issues';
import { idField } from './ids';

/** `entry`: a rider's event waiver (registration, sign-on); `spectator`: a spectator ticket's (issue 28). */
export const WAIVER_KINDS = ['entry', 'spectator'] as const;
export type WaiverKind = (typeof WAIVER_KINDS)[number];

/** `self`: an adult covering themself; `guardian`: a parent or guardian signing for a minor. */
export const SIGNATORY_ROLES = ['self', 'guardian'] as const;
export type SignatoryRole = (typeof SIGNATORY_ROLES)[number];

/** A waiver's state for an event and a person (spec §4 Waiver); `not_signed` is the absence of a document. */
export const WAIVER_STATE_NAMES = ['signed', 'not_signed', 'rejected'] as const;
export type WaiverState = (typeof WAIVER_STATE_NAMES)[number];

/** The largest drawn signature accepted (PNG bytes). */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
/** The largest selfie accepted (JPEG bytes). */
export const SELFIE_MAX_BYTES = 1024 * 1024;
/** The longest a rejection's reason may be (characters). */
export const REJECT_REASON_MAX = 500;

/** A data URL's length for `bytes` of content (base64, with its `data:image/…;base64,` head). */
const dataUrlMax = (bytes: number) => Math.ceil(bytes / 3) * 4 + 32;

/** A SHA-256 in lower-case hex: a text's version. */
export const WAIVER_VERSION_PATTERN = /^[0-9a-f]{64}$/;

/**
 * `GET /api/v1/waivers/text?kind=entry&locale=fr[&eventId=12|&discipline=enduro]`: the text of an
 * event's discipline (by the event's id, or the discipline named), else the kind's general text.
 */
export const waiverTextQuery = z.object({
  kind: z.enum(WAIVER_KINDS, { error: 'invalid_waiver_kind' }),
  locale: z.enum(LOCALES, { error: 'invalid_locale' }).default('en'),
  eventId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'invalid_event_id')
    .transform(Number)
    .refine((n) => n <= 2147483647, 'invalid_event_id')
    .optional(),
  discipline: z.enum(EVENT_DISCIPLINES, { error: 'invalid_discipline' }).optional(),
});
export type WaiverTextQuery = z.infer<typeof waiverTextQuery>;

/** A waiver text as shown: its version is the SHA-256 (hex) of `title + '\n\n' + body`. */
export interface WaiverText {
  kind: WaiverKind;
  /** The language the text is written in (English when the page's language has none). */
  locale: (typeof LOCALES)[number];
  version: string;
  title: string;
  /** Plain text or Markdown, as written in the CMS. */
  body: string;
  /** The discipline the text is written for (CMS `Discipline`), or null: the kind's general text. */
  discipline: EventDiscipline | null;
}

const consent = (code: string) => z.literal(true, { error: code });

/**
 * A waiver signed by the logged-in signatory (issue 27): the event, the kind, the person it
 * covers (the signatory's own racer record, or a minor they are guardian of), how they sign,
 * the text's version and language the page showed, the three consents (each required true), the
 * drawn signature (PNG data URL) and the selfie (JPEG data URL, when the event asks for one).
 */
export const signWaiverInput = z.object({
  eventId: idField('event'),
  kind: z.enum(WAIVER_KINDS, { error: 'invalid_waiver_kind' }),
  participantId: idField('participant'),
  signatoryRole: z.enum(SIGNATORY_ROLES, { error: 'invalid_signatory_role' }),
  textVersion: z.string({ error: 'null_text_version' }).regex(WAIVER_VERSION_PATTERN, 'invalid_text_version'),
  locale: z.enum(LOCALES, { error: 'invalid_locale' }),
  consentElectronic: consent('null_consent_electronic'),
  agreed: consent('null_agreed'),
  certified: consent('null_certified'),
  signaturePng: z
    .string({ error: 'null_signature_image' })
    .min(1, 'null_signature_image')
    .max(dataUrlMax(SIGNATURE_MAX_BYTES), 'invalid_signature_image')
    .startsWith('data:image/png;base64,', 'invalid_signature_image'),
  selfieJpeg: z
    .string({ error: 'invalid_selfie' })
    .max(dataUrlMax(SELFIE_MAX_BYTES), 'invalid_selfie')
    .regex(/^data:image\/(jpeg|jpg);base64,/, 'invalid_selfie')
    .nullable()
    .optional(),
  /**
   * The minor's own signature (PNG data URL, same limits as `signaturePng`): required when the
   * federation's setting `WaiverMinorSignature` is on and the signatory signs as `guardian`
   * (`null_minor_signature`); refused otherwise (`invalid_minor_signature_image`).
   */
  minorSignaturePng: z
    .string({ error: 'invalid_minor_signature_image' })
    .max(dataUrlMax(SIGNATURE_MAX_BYTES), 'invalid_minor_signature_image')
    .startsWith('data:image/png;base64,', 'invalid_minor_signature_image')
    .nullable()
    .optional(),
});
export type SignWaiverInput = z.infer<typeof signWaiverInput>;

/** Staff rejecting a signed waiver (a new document in state `rejected`; the signed one is never changed). */
export const rejectWaiverInput = z.object({
  reason: z.string({ error: 'null_reason' }).trim().min(1, 'null_reason').max(REJECT_REASON_MAX, 'invalid_reason'),
});
export type RejectWaiverInput = z.infer<typeof rejectWaiverInput>;

/** A waiver document as its readers see it (`GET /api/v1/waivers/{id}`); images as data URLs. */
export interface WaiverView {
  id: string;
  kind: WaiverKind;
  eventId: number;
  eventName: string;
  participantId: number | null;
  coveredName: string;
  signatoryName: string;
  signatoryRole: string;
  state: 'signed' | 'rejected';
  textVersion: string;
  textTitle: string;
  textBody: string;
  locale: string;
  consentElectronic: boolean;
  agreed: boolean;
  certified: boolean;
  /** ISO 8601. */
  signedAt: string;
  ip: string;
  userAgent: string;
  signatureSha256: string | null;
  selfieSha256: string | null;
  signaturePng: string | null;
  selfieJpeg: string | null;
  /** The minor's own signature (when the federation asks for it) and its SHA-256, else null. */
  minorSignatureSha256: string | null;
  minorSignaturePng: string | null;
  /** The official before whom it was signed in person at sign-on, or null (signed from the signatory's own login). */
  witnessName: string | null;
  /** YYYY-MM-DD: kept until then, deleted by the retention job after. */
  keepUntil: string;
}

/**
 * What a signing form needs for one person at one event (issue 27 "sign a missing waiver on the
 * official's tablet"; `getSigningContext` in lib/server/waivers): the text to show (its version is
 * what is signed), who it covers, who signs and as what, and what the form asks for. `witnessed`:
 * the viewer is the event's staff signing in person for someone else (the document names them as
 * witness).
 */
export interface WaiverSigningContext {
  eventId: number;
  eventName: string;
  kind: WaiverKind;
  participantId: number;
  coveredName: string;
  signatoryRole: SignatoryRole;
  signatoryName: string;
  witnessed: boolean;
  text: WaiverText;
  selfieRequired: boolean;
  /** The federation asks for the minor's own signature beside the guardian's. */
  minorSignatureRequired: boolean;
  /** The person's waiver state for the event now (`rejected`: it cannot be signed). */
  state: WaiverState;
}

/** The signing form's issues, one per field, each a code (`null_agreed`; a malformed id `invalid_event_id`). */
export function waiverIssues(error: CheckFailure): FieldIssue[] {
  return firstIssuePerField(error, (message, path) =>
    /^(null|invalid)_[a-z_]+$/.test(message) ? message : `invalid_${String(path.at(-1) ?? 'request').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
  );
}
