/**
 * The error codes of the site and its API (spec §5 Server error keys, §8 error catalogue),
 * each with its HTTP status and the spec's text. The domain throws `new AppError(code)`; the
 * API's one `onError` turns it into `{ error, message, statusCode }`; pages show
 * `t('errors.' + code)`. Imports nothing from the server: client code may use the codes.
 */

export const ERRORS = {
  invalid_request: { status: 400, message: 'The request is invalid' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON' },
  invalid_url: { status: 400, message: 'The address is malformed' },
  /** A malformed id, whatever it names (the message says which: 'The provided race id is invalid'). */
  invalid_id: { status: 400, message: 'The provided id is invalid' },
  /** A call made without its id (the message says which: 'Please provide the race id'). */
  null_id: { status: 400, message: 'Please provide the id' },
  /** A webhook call without the shared secret, or with a wrong one. */
  unauthorized: { status: 401, message: 'Missing or wrong credentials' },
  /** The CMS webhook was called but this site has no REVALIDATE_SECRET to check it against. */
  webhook_not_configured: { status: 503, message: 'The content webhook is not configured on this site' },
  /** A payment provider's webhook whose signature is missing, forged, for another body, or too old (a replay) (issue 26). */
  invalid_signature: { status: 400, message: 'The webhook signature is invalid' },
  not_public: { status: 403, message: 'Race is not available for public display' },
  /** An unknown record, or one hidden with its event: the same reply, so hidden ones stay hidden. */
  not_found: { status: 404, message: 'Not found' },
  /** A known path asked with a method it does not accept (the reply's `Allow` lists those it does). */
  method_not_allowed: { status: 405, message: 'This method is not allowed on this path' },
  already_imported: { status: 409, message: 'This file was already imported' },
  /** The desk (issue 24): a class of this name already exists in the organization. */
  class_exists: { status: 409, message: 'A class of this name already exists in the organization' },
  /** The desk (issue 24): a class an event offers cannot be taken off while riders are registered in it. */
  class_has_registrations: { status: 409, message: 'Riders are registered in this class: it cannot be removed from the event' },
  /** The federation admin (issue 26): a membership type that memberships or orders use cannot be deleted. */
  membership_type_in_use: { status: 409, message: 'Memberships or orders use this membership type: it cannot be deleted' },
  /** The federation admin (issue 26): a promo code of this name exists already (whatever its case). */
  promo_code_exists: { status: 409, message: 'A promo code of this name already exists' },
  /** The federation admin (issue 26): orders were priced with this promo code, so its kind and value can no longer change. */
  promo_code_used: { status: 409, message: 'This promo code is on orders already: its kind and value can no longer change' },
  /** A results file the importer refused (its line and field in the message). */
  invalid_results_file: { status: 422, message: 'The results file could not be read' },
  /** A race whose configuration (columns, classes …) does not pass its contract (spec §8 Results). */
  race_not_configured: { status: 422, message: 'The race is not properly configured' },
  // --- checkout (issue 26; spec §3 Transaction): the pure core's refusals (lib/server/checkout) ---
  /** A province or territory code that is not one of the 13. */
  unknown_province: { status: 400, message: 'Unknown province or territory' },
  /** A date before the first sales tax rate the data knows for that province. */
  no_tax_rate: { status: 422, message: 'No sales tax rate is known for this province on this date' },
  /** No promo code of that name. */
  promo_unknown: { status: 404, message: 'This promo code does not exist' },
  promo_not_started: { status: 409, message: 'This promo code is not valid yet' },
  promo_expired: { status: 409, message: 'This promo code has expired' },
  /** Used as many times as it may be, by everyone together. */
  promo_used_up: { status: 409, message: 'This promo code has been used up' },
  /** This buyer already used it as many times as one buyer may. */
  promo_used_by_you: { status: 409, message: 'You have already used this promo code' },
  /** For other purchases (another kind, organization or event). */
  promo_not_applicable: { status: 409, message: 'This promo code does not apply to this purchase' },
  refund_too_large: { status: 409, message: 'The refund is larger than what is left to refund on this order' },
  invalid_amount: { status: 400, message: 'The amount must be a whole number of cents, not negative' },
  invalid_quantity: { status: 400, message: 'The quantity must be a whole number of at least 1' },
  invalid_date: { status: 400, message: 'The date is invalid' },
  invalid_promo: { status: 400, message: 'The promo code is malformed' },
  // --- checkout (issue 26): orders, payments and refunds on the database (lib/server/checkout) ---
  /** An order with no line. */
  null_lines: { status: 400, message: 'The order has nothing to buy' },
  /** A membership type that does not exist or that this organization does not sell. */
  invalid_membership_type: { status: 400, message: 'This membership type is not sold by this organization' },
  /** The person the membership is for is younger or older than the type allows. */
  membership_age_mismatch: { status: 409, message: 'The member’s age does not fit this membership type' },
  /** A class that is not one of the membership type's organization's classes. */
  invalid_membership_class: { status: 400, message: 'This class is not one of the organization’s classes' },
  /** The member's age on the membership's first day is outside the class's limits. */
  membership_class_age_mismatch: { status: 409, message: 'The member’s age does not fit this class' },
  /** A family membership is asked for the guardian's own record (it covers their minors). */
  family_needs_guardian: { status: 400, message: 'A family membership is bought for yourself; it covers your minors' },
  /** Paying an order that is already paid, or whose hold ended (a new order is needed). */
  order_not_payable: { status: 409, message: 'This order can no longer be paid; start again' },
  /** A membership card's QR code that was forged or altered, or names no membership. */
  invalid_card: { status: 404, message: 'This membership card is not valid' },
  /** A province field that is not one of the 13 codes. */
  invalid_province: { status: 400, message: 'Choose your province or territory' },
  /** A way to pay that the site does not know. */
  invalid_provider: { status: 400, message: 'Choose how to pay' },
  /** A refund reason longer than 500 characters. */
  invalid_reason: { status: 400, message: 'The reason is too long (500 characters at most)' },
  /** Staff marking paid an order whose hold ended and whose goods went to someone else. */
  order_expired: { status: 409, message: 'This order has expired and what it reserved is no longer available' },
  /** A refund without a reason. */
  null_reason: { status: 400, message: 'Please give the reason for the refund' },
  /** A refund's idempotency key already used for another refund (another order, payment or amount). */
  idempotency_key_reused: { status: 409, message: 'This request was already made with other details' },
  // --- event registration (issue 27 "Registration"; lib/server/registrations) ---
  /** The event's registration is not open (its window, or online registration not allowed: spec §6). */
  registration_closed: { status: 409, message: 'Registration for this event is closed' },
  /** A registration without a class. */
  null_classes: { status: 400, message: 'Please choose at least one class' },
  /** More than three classes in one registration. */
  too_many_classes: { status: 400, message: 'A registration enters three classes at most' },
  /** A class the event does not offer. */
  invalid_registration_class: { status: 400, message: 'This class is not offered at this event' },
  /** The rider's age on the event's first day is outside the class's limits. */
  registration_age_mismatch: { status: 409, message: 'The rider’s age does not fit this class' },
  /** The rider already has a registration (or a place on the waiting list) in this class. */
  already_registered: { status: 409, message: 'The rider is already registered in this class' },
  /** No race number typed and no permanent member number to take. */
  null_race_number: { status: 400, message: 'Please choose a race number' },
  /** A race number that is not 1 to 4 digits or letters. */
  invalid_race_number: { status: 400, message: 'A race number is 1 to 4 digits or letters' },
  /** Another rider of the class has this number at the event. */
  race_number_taken: { status: 409, message: 'This race number is already taken in this class' },
  /** No membership valid on the event's date, and the organization sells no one-event licence. */
  membership_required: { status: 409, message: 'A membership valid on the date of the event is required' },
  /** Issue 29: the licence on the racer record is not the one the official confirmed (changed since the list was read). */
  licence_changed: { status: 409, message: 'This licence number has changed since the list was read: check the card again' },
  /** Sign-on: the transponder is handed to another rider of the event. */
  transponder_taken: { status: 409, message: 'This transponder is already given to another rider of the event' },
  /** No signed waiver of this event for this rider. */
  waiver_not_signed: { status: 409, message: 'The event waiver must be signed first' },
  /** A required question of the promoter left unanswered. */
  null_answer: { status: 400, message: 'Please answer the promoter’s questions' },
  /** An answer longer than 200 characters. */
  invalid_answer: { status: 400, message: 'An answer is too long (200 characters at most)' },
  /** An own transponder without its number. */
  null_transponder: { status: 400, message: 'Please give your transponder’s number' },
  /** A transponder number that is not 1 to 20 digits, letters or dashes. */
  invalid_transponder: { status: 400, message: 'The transponder number is invalid' },
  /** A rental asked at an event that rents no transponder. */
  transponder_rental_unavailable: { status: 409, message: 'No transponder is rented at this event' },
  /** Paying at the gate at an event whose promoter does not allow it. */
  gate_payment_unavailable: { status: 409, message: 'Paying at the gate is not offered for this event' },
  /** Taking a waiting-list place whose offer lapsed, was taken, or was never made. */
  offer_not_open: { status: 409, message: 'This place is no longer offered' },
  payload_too_large: { status: 413, message: 'The request body is too large' },
  internal_server_error: { status: 500, message: 'Internal Server Error' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' },
  /** A body that is not JSON sent to a call that reads JSON (the contact form). */
  unsupported_media_type: { status: 415, message: 'The request body must be JSON (Content-Type: application/json)' },
  /** Too many messages from one address or one IP (contact form: lib/server/rate-limit/policies.ts); the reply carries `Retry-After`. */
  rate_limited: { status: 429, message: 'Too many messages. Please try again later.' },
  /** The contact form's captcha was not ticked. */
  null_captcha: { status: 400, message: 'Please confirm that you are not a robot' },
  /** The contact form's captcha did not pass verification. */
  invalid_captcha: { status: 400, message: 'The captcha could not be verified. Please try again.' },
  /** An email could not be written to the outbox: nothing was stored, the visitor may try again. */
  mail_unavailable: { status: 503, message: 'Your message could not be sent right now. Nothing was saved. Please try again in a moment.' },
  // --- accounts (spec §8 Login and reset, Registration; issue 11) ---
  /** Login refused: unknown email or wrong password, the same reply for both (spec §8). */
  invalid_credentials: { status: 401, message: 'The password or email is wrong' },
  /** The logged-in holder's password, asked again to close an account, did not match. */
  wrong_password: { status: 401, message: 'The password is wrong' },
  /** A call that needs a logged-in account was made without one (or its session expired). */
  unauthenticated: { status: 401, message: 'Please log in to continue' },
  /** Logged in, but with an account type this call is not for. */
  forbidden: { status: 403, message: 'The page you are looking for was not found' },
  /** Paying, registering or signing with an account whose email is not verified yet (issue 22, lib/server/policy). */
  email_not_verified: { status: 403, message: 'Please confirm your email address first' },
  /** An unsafe request (POST, PUT, DELETE …) sent from another site's page (CSRF). */
  invalid_origin: { status: 403, message: 'This request did not come from this site' },
  /** Too many attempts (failed logins, account creations, checks …: lib/server/rate-limit/policies.ts); the reply carries `Retry-After`. */
  too_many_attempts: { status: 429, message: 'Too many failed attempts. Please wait a few minutes and try again.' },
  email_taken: { status: 409, message: 'Email is already registered' },
  /** Same name and date of birth as an existing account (spec §8 General: duplicate account detected). */
  duplicate_account: { status: 409, message: 'It looks like you may already have an account' },
  registration_failed: { status: 500, message: 'Failed to register. Please try again.' },
  /** A reset link without a token, or with one that names no reset (spec §8). */
  invalid_token: { status: 400, message: 'Invalid access. You do not have a proper token!' },
  expired_token: { status: 410, message: 'Your opportunity to reset your password has expired. You have one hour' },
  used_token: { status: 410, message: 'This reset your password link has already been used' },
  undecodable_token: { status: 400, message: 'The token provided could not be decoded' },
  /** The new password equals the old one. */
  invalid_new_password: { status: 400, message: 'Verify password not the same as new password' },
  // --- email verification, change of password and email, families (issue 22) ---
  /** A minor with the names and date of birth of another family's minor (case and accents aside). */
  minor_in_other_family: {
    status: 409,
    message: 'This minor already belongs to another family on this site. Please contact the federation (Contact us page) to have them added to yours.',
  },
  /** A resend asked for an account whose email is already verified. */
  email_already_verified: { status: 409, message: 'Your email address is already verified' },
  /** The new email asked for is the account's current one. */
  same_email: { status: 400, message: 'This is already your email address' },
  // --- waivers (issue 27 "Waivers"; spec §4 Waiver, §5 Spectator; lib/server/waivers) ---
  /** The waiver text changed since the page showed it: the page must show the new text. */
  waiver_text_changed: { status: 409, message: 'The waiver text has changed: read the new text and sign again' },
  /** Staff rejected this person's waiver for the event (spec §4 Waiver, §8 Spectator). */
  waiver_rejected: { status: 409, message: 'This waiver was rejected and cannot be signed' },
  null_consent_electronic: { status: 400, message: 'Please consent to signing electronically' },
  null_agreed: { status: 400, message: 'Please check “I Agree”' },
  null_certified: { status: 400, message: 'Please check “I certify the information”' },
  null_signature_image: { status: 400, message: 'Please sign in the box' },
  /** Not a PNG, over 200 KB, smaller than the pad, or blank. */
  invalid_signature_image: { status: 400, message: 'The signature could not be read: please sign again in the box' },
  /** The event asks for a selfie before the waiver. */
  null_selfie: { status: 400, message: 'This event asks for a selfie before the waiver' },
  /** Not a JPEG, or over 1 MB. */
  invalid_selfie: { status: 400, message: 'The selfie could not be read: please take it again' },
  invalid_text_version: { status: 400, message: 'The waiver text could not be identified: reload the page' },
  invalid_waiver_kind: { status: 400, message: 'Unknown kind of waiver' },
  /** `self` for a signatory's own record, `guardian` for their minor's. */
  invalid_signatory_role: { status: 400, message: 'You can sign for yourself, or as parent or guardian for your minor' },
  /** The federation asks for the minor's own signature beside the guardian's (CMS parameter `WaiverMinorSignature`). */
  null_minor_signature: { status: 400, message: 'The minor must sign in their box too' },
  /** The minor's signature is not a PNG, over 200 KB, smaller than the pad or blank; or it was sent when none is asked for. */
  invalid_minor_signature_image: { status: 400, message: 'The minor’s signature could not be read: please sign again in the box' },
  /** Sign-on (issue 27): the rider has no account of their own nor a guardian's, so nobody can be named as signatory. */
  no_signatory_account: { status: 409, message: 'This rider has no account nor a guardian’s: the waiver cannot be signed online' },
  // --- tickets and the gate (issue 28 "Tickets and the gate"; lib/server/tickets) ---
  /** A gate scan without a gate name, or one over 40 characters. */
  invalid_gate: { status: 400, message: 'Name the gate (up to 40 characters)' },
  // --- spectator registration (issue 28 "The four steps"; spec §4 Spectator registration, §5 Spectator, §6, §8 Spectator; lib/server/spectators) ---
  /** The event does not exist, is hidden or cancelled, or sells no spectator tickets. */
  event_not_found: { status: 404, message: 'Event not found' },
  /** An unknown spectator registration, spectator or waiver link (or someone else's). */
  spectator_not_found: { status: 404, message: 'The record was not found' },
  /** Spec §6: a login whose account type is neither Participant nor Spectator (an official, an admin). */
  account_type_not_allowed: {
    status: 403,
    message: 'You are logged in with an account that has a type other than Participant or Spectator. These account types cannot register users through this page.',
  },
  /** Spec §6: promoters cannot be spectators. */
  promoters_not_allowed: { status: 403, message: 'Not valid for Promoters' },
  /** Spec §6: only an adult (18 or older on the event's day) buys tickets. */
  adults_only: { status: 409, message: 'Only valid for Adults' },
  /** This person (same names and date of birth) already holds a ticket, or a spot on an open registration, for this event day. */
  spectator_already_registered: { status: 409, message: 'Spectator already registered' },
  /** A required entry of the buyer or a spectator left blank. */
  null_entries: { status: 400, message: 'Please fill all entries' },
  /** A date of birth that is not a real past day. */
  invalid_birthday: { status: 400, message: 'The date of birth is invalid' },
  /** A day that is not one of the event's days, or one already past. */
  invalid_event_day: { status: 400, message: 'This day is not one of the event’s days' },
  /** An adult spectator without their own email (their waiver link and ticket go there). */
  null_spectator_email: { status: 400, message: 'An adult spectator needs their own email address' },
  /** Another adult of the registration has this email (the reply's `spectatorId` names them). */
  spectator_email_exists: { status: 409, message: 'This email already belongs to a spectator of this registration: register the existing person or change the email' },
  /** A registration with no spectator left. */
  null_spectators: { status: 409, message: 'No spectator added: add at least one spectator' },
  /** A spectator's waiver is not signed yet (spec §8 Spectator). */
  waivers_not_signed: { status: 409, message: 'You must send the waiver before you can continue' },
  /** The event day's tickets are all sold, reserved or held. */
  tickets_sold_out: { status: 409, message: 'No tickets are left for this day' },
  /** The registration is complete or canceled: it can no longer change. */
  spectator_registration_closed: { status: 409, message: 'This registration is closed: start a new one' },
  /** Issue 28 transfers: the ticket was admitted, refunded, given already, or its day is past (or its registration is not complete). */
  ticket_not_transferable: { status: 409, message: 'This ticket can no longer be given to someone else: it was used, refunded, already given, or its day is past.' },
  /** Issue 28 transfers: the new holder's price on the day (their age band) is not the price the ticket was sold at. */
  ticket_transfer_price: { status: 409, message: 'This ticket was sold at another price: the new holder needs a ticket of their own.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A catalogued code, or a field's `invalid_<field>` / `null_<field>` (spec §5). */
export type ErrorCode = keyof typeof ERRORS | `invalid_${string}` | `null_${string}`;

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/** The HTTP status of a code: its catalogue entry, else 400 for `invalid_*` / `null_*`. */
export function errorStatus(code: ErrorCode): ErrorStatus {
  return code in ERRORS ? ERRORS[code as keyof typeof ERRORS].status : 400;
}

/** The error reply body (spec §8: errors normalised to a message plus statusCode). */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  statusCode: number;
}

/** `{ error, message, statusCode }`; the message defaults to the catalogue's text. */
export function errorBody(code: ErrorCode, message?: string, status: number = errorStatus(code)): ErrorBody {
  return { error: code, message: message ?? (code in ERRORS ? ERRORS[code as keyof typeof ERRORS].message : 'The request is invalid'), statusCode: status };
}

/**
 * A failure a caller can act on: a code from the catalogue, optionally a precise message, and
 * for a refusal that ends with time (429, some 503) `retryAfterS`: the seconds until trying
 * again makes sense, which the API's one `onError` sends as `Retry-After` (issue 22).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  /** Seconds until the call may be tried again (the `Retry-After` header), a whole number ≥ 1. */
  readonly retryAfterS?: number;

  constructor(code: ErrorCode, message?: string, options?: { cause?: unknown; retryAfterS?: number }) {
    super(message ?? errorBody(code).message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus(code);
    if (options?.retryAfterS !== undefined) this.retryAfterS = Math.max(1, Math.ceil(options.retryAfterS));
  }

  toJSON(): ErrorBody {
    return errorBody(this.code, this.message, this.status);
  }
}

/** The spec's id messages: 'The provided X is invalid' / 'Please provide the X' (spec §8 General). */
export const idMessages = {
  id: { invalid: 'The provided id is invalid', missing: 'Please provide the id' },
  event: { invalid: 'The provided event id is invalid', missing: 'Please provide the event id' },
  race: { invalid: 'The provided race id is invalid', missing: 'Please provide the race id' },
  entry: { invalid: 'The provided entry id is invalid', missing: 'Please provide the entry id' },
  promoter: { invalid: 'The provided promoter id is invalid', missing: 'Please provide the promoter id' },
  series: { invalid: 'The provided series id is invalid', missing: 'Please provide the series id' },
  class: { invalid: 'The provided class id is invalid', missing: 'Please provide the class id' },
  organization: { invalid: 'The provided organization id is invalid', missing: 'Please provide the organization id' },
  config: { invalid: 'The provided config id is invalid', missing: 'Please provide the config id' },
  user: { invalid: 'The provided user id is invalid', missing: 'Please provide the user id' },
  membershipType: { invalid: 'The provided membership type id is invalid', missing: 'Please provide the membership type id' },
  participant: { invalid: 'The provided participant id is invalid', missing: 'Please provide the participant id' },
} as const;

export type IdKind = keyof typeof idMessages;

/**
 * The catalogue code a link to the error page names (issue 25: "the error page shows only
 * messages from the error catalogue, chosen by code"): `raw` is a code (`forbidden`) or, as
 * older links and the permission redirects write it, a catalogue message in English; anything
 * else (any text a link carries) is null, and the page shows its generic message instead.
 */
export function catalogueCode(raw: string | null | undefined): keyof typeof ERRORS | null {
  const text = raw?.trim();
  if (!text) return null;
  if (Object.hasOwn(ERRORS, text)) return text as keyof typeof ERRORS;
  const found = (Object.keys(ERRORS) as (keyof typeof ERRORS)[]).find((code) => ERRORS[code].message === text);
  return found ?? null;
}
