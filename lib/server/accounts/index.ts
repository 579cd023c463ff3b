/**
 * Participant accounts (spec §3 Participant account, §4 account creation, §5, §6, §8 Login and
 * reset, Registration; issue 11): better-auth and the logged-in user, account creation and the
 * duplicate check, the holder's profile, the family (minors), claims of imported results, the
 * account's racing, data export and closing; email verification, change of password and email,
 * one family per minor (issue 22). One use case per file; this file only re-exports.
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
export { checkDuplicate, findLikelyDuplicate, isEmailTaken, type Identity, type Reader } from './check-duplicate';
export { getProfile, holderRow, profileView, requireHolder, type HolderRow } from './get-profile';
export { licenceSql, updateProfile } from './update-profile';
export { addMinor, closeMinor, getMinor, listMinors, minorView, requireMinor, updateMinor } from './minors';
export { exportAccountData, exportMinorData, type AccountExport, type MinorExport, type PersonExport } from './export-data';
export { closeAccount, eraseProfiles, forgetAccountLimits, PASSWORD_CHECK_LIMIT, verifyHolderPassword } from './close-account';
export { CLAIM_LIMIT, claimParticipant, listClaims, NO_PROOF_MESSAGE, type ClaimLists } from './claims';
export { getAccountActivity, profileParticipantIds } from './get-account-activity';
export { getThankYou } from './get-thank-you';
export { captureAuthMails, type AuthMail } from './auth-mails';
export { accountMail, enqueueAccountMail, verifyLink, type AccountMailInput, type AccountMailKind, type QueuedMail } from './account-mails';
export {
  getAccountSecurity,
  resendVerificationMail,
  sendVerificationMail,
  startVerificationMail,
  VERIFICATION_MAIL_LIMIT,
  verifyEmailToken,
  type LoginRef,
  type VerificationMailOutcome,
} from './verify-email';
export { changePassword } from './change-password';
export { requestEmailChange, type EmailChangeRequest } from './change-email';
export { inOtherFamily, refuseMinorOfOtherFamily } from './other-family';
