/**
 * A visitor's spectator purchase that opens their account (issue 28 "The four steps" 1: "buying
 * without an account creates a spectator account after email verification"; spec §3 Spectator,
 * §4 Spectator registration, §5 password rules, §6 account types): step 1's buyer information
 * (the event, its day, the buyer: an adult with an email) plus a password typed twice and the
 * form's `submissionId` (a UUID made when the form opens: the same form sent twice opens one
 * account). The email is the account's login and must be verified (a mailed link) before the
 * buyer signs or pays.
 */
import { z } from 'zod';
import { passwordField } from './account';
import { startSpectatorRegistrationInput } from './spectators';

export const spectatorAccountInput = startSpectatorRegistrationInput
  .extend({
    submissionId: z.uuid({ error: 'invalid_submission_id' }),
    password: passwordField,
    passwordConfirmation: z.string({ error: 'invalid_password_confirmation' }),
  })
  .superRefine((v, ctx) => {
    if (v.passwordConfirmation !== v.password) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'invalid_password_confirmation' });
  });
export type SpectatorAccountInput = z.input<typeof spectatorAccountInput>;

/** What opening the account answers: the new registration (step 2 waits for the email's verification). */
export interface SpectatorAccountCreated {
  /** The spectator registration's id (`/spectator/{eventId}?r={id}`). */
  registrationId: string;
}
