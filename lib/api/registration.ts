/**
 * Client calls of the account-creation stepper (spec §2 /registration/participant, §4
 * Participant account creation, §8 Registration) and their TanStack mutations:
 * - POST /ll/api/v1/registration/participant/check `DuplicateCheckInput` → `DuplicateCheck`
 *   `{ emailTaken, likelyDuplicate }` (asked when the visitor leaves Contact Information);
 * - POST /ll/api/v1/registration/participant `ParticipantRegistrationFields` → 201 (or 200 for
 *   a repeated `submissionId`) `AccountCreated` `{ id, minors }`, with the new holder's session
 *   cookie.
 * Failures become `RegistrationError`: the API's code (`email_taken`, `duplicate_account`,
 * `registration_failed`, a field code …) and the field `issues` of a 400
 * (`[{ path: ['login', 'email'], code: 'invalid_email' }]`); `network_error` when no reply.
 */
import { useMutation } from '@tanstack/react-query';
import type { AccountCreated, DuplicateCheck, DuplicateCheckInput, ParticipantRegistrationFields } from '@/lib/contracts/account';
import { AccountCallError, toAccountError } from './account-errors';
import { api } from './client';

/** Registration calls fail with the account calls' one error. */
export type RegistrationError = AccountCallError;


const JSON_HEADERS = { 'Content-Type': 'application/json' };

/**
 * POST registration/participant/check: whether the email already has an account and whether a
 * person of that name and date of birth exists.
 * @throws RegistrationError (400 with `issues`, or no reply).
 */
export async function postDuplicateCheck(input: DuplicateCheckInput): Promise<DuplicateCheck> {
  try {
    const { data } = await api.post<DuplicateCheck>('/registration/participant/check', input, { headers: JSON_HEADERS });
    return data;
  } catch (err) {
    throw toAccountError(err);
  }
}

/**
 * POST registration/participant: creates the holder (and their minors) in one transaction and
 * logs the holder in. Sending the same `submissionId` again answers the same account.
 * @throws RegistrationError (400 `issues`, 409 `email_taken` / `duplicate_account`, 5xx, or no reply).
 */
export async function postParticipantRegistration(input: ParticipantRegistrationFields): Promise<AccountCreated> {
  try {
    // Hashing the password and writing the family may take a moment on a busy server.
    const { data } = await api.post<AccountCreated>('/registration/participant', input, { headers: JSON_HEADERS, timeout: 30_000 });
    return data;
  } catch (err) {
    throw toAccountError(err);
  }
}

/**
 * The Existing Account check (no retry: a failed check lets the visitor go on; the creation
 * checks again). The stepper's Next button shows the progress: no page overlay.
 */
export function useDuplicateCheck() {
  return useMutation<DuplicateCheck, RegistrationError, DuplicateCheckInput>({ mutationFn: postDuplicateCheck, retry: false, meta: { overlay: false } });
}

/**
 * The account creation (no automatic retry: the visitor retries, with the same `submissionId`).
 * The Create Account button shows the progress: no page overlay.
 */
export function useCreateParticipantAccount() {
  return useMutation<AccountCreated, RegistrationError, ParticipantRegistrationFields>({
    mutationFn: postParticipantRegistration,
    retry: false,
    meta: { overlay: false },
  });
}
