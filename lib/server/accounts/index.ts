/**
 * Participant accounts (spec §3 Participant account, §4 account creation, §5, §6, §8 Login and
 * reset, Registration; issue 11): better-auth and the logged-in user, account creation and the
 * duplicate check, the holder's profile, the family (minors), claims of imported results, the
 * account's racing, data export and closing. One use case per file; this file only re-exports.
 */
export { AUTH_SECRET_FILE, SESSION_COOKIE, SESSION_REFRESH_S, SESSION_TTL_S, authSecret, getAuth, type Auth } from './auth';
export { currentUser, getSessionUser, hasSessionCookie } from './current-user';
export {
  AccountFieldError,
  createParticipantAccount,
  emailTakenError,
  isUniqueViolation,
  peopleOf,
  pgErrorOf,
  type CreatedAccount,
} from './create-account';
export {
  checkDuplicate,
  DUPLICATE_CHECK_LIMIT,
  duplicateCheckLimiter,
  findLikelyDuplicate,
  isEmailTaken,
  TooManyAttemptsError,
  windowLimiter,
  type Identity,
  type Reader,
  type WindowLimiter,
} from './check-duplicate';
export { getProfile, holderRow, profileView, requireHolder, type HolderRow } from './get-profile';
export { licenceSql, updateProfile } from './update-profile';
export { addMinor, closeMinor, getMinor, listMinors, minorView, requireMinor, updateMinor } from './minors';
export { exportAccountData, exportMinorData, type AccountExport, type MinorExport, type PersonExport } from './export-data';
export { closeAccount, eraseProfiles, PASSWORD_CHECK_LIMIT, passwordCheckLimiter, verifyHolderPassword } from './close-account';
export { CLAIM_LIMIT, claimLimiter, claimParticipant, listClaims, NO_PROOF_MESSAGE, type ClaimLists } from './claims';
export { getAccountActivity, profileParticipantIds } from './get-account-activity';
export { getThankYou } from './get-thank-you';
