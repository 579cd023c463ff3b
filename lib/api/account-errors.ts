/**
 * The one error of the account calls (login, reset, registration, profile, family; issue 11):
 * the API's code (`invalid_credentials`, `email_taken`, `expired_token`, a field code …), the
 * field `issues` of a 400 or a 409 (`[{ path: ['login', 'email'], code: 'email_taken' }]`) and
 * `retryAfterS` of a 429; `network_error` when no reply came. lib/api/auth.ts,
 * registration.ts and account.ts all throw it.
 */
import type { AccountIssue } from '@/lib/contracts/account';
import { ApiClientError, callFailure } from './client';

/** A refused or failed account call. */
export class AccountCallError extends ApiClientError {
  constructor(
    code: 'network_error' | 'request_error',
    message: string,
    statusCode: number | null,
    apiCode: string | null,
    /** Field issues of a 400 (`[{ path: ['address', 'zip'], code: 'invalid_zip' }]`). */
    readonly issues: AccountIssue[] = [],
    /** Seconds to wait, from a 429's Retry-After. */
    readonly retryAfterS: number | null = null,
  ) {
    super(code, message, statusCode, apiCode);
    this.name = 'AccountCallError';
  }
}

const isIssue = (i: unknown): i is AccountIssue => !!i && typeof i === 'object' && Array.isArray((i as AccountIssue).path) && typeof (i as AccountIssue).code === 'string';

/** Any failure of an account call as an `AccountCallError` (one already is passes through). */
export function toAccountError(err: unknown): AccountCallError {
  if (err instanceof AccountCallError) return err;
  const f = callFailure(err);
  return new AccountCallError(f.code, f.message, f.statusCode, f.apiCode, f.issues.filter(isIssue), f.retryAfterS);
}
