/**
 * Client call for the contact form (spec §1 contact page): POST /ll/api/v1/contact with a
 * checked message and the page's language, and the TanStack mutation the form uses. Failures
 * become `ContactSendError`: the API's code (`rate_limited`, `mail_unavailable`, a field code
 * …), the field `issues` of a 400, and `retryAfterS` of a 429; network_error when no reply.
 */
import { useMutation } from '@tanstack/react-query';
import type { Locale } from '@/lib/config';
import type { ContactIssue, ContactMessageInput, ContactMessageSent } from '@/lib/contracts/contact';
import { api, ApiClientError, callFailure } from './client';

/** A refused or failed contact call. */
export class ContactSendError extends ApiClientError {
  constructor(
    code: 'network_error' | 'request_error',
    message: string,
    statusCode: number | null,
    apiCode: string | null,
    /** Field issues of a 400 (`[{ path: ['email'], code: 'invalid_email' }]`). */
    readonly issues: ContactIssue[] = [],
    /** Seconds to wait, from a 429's Retry-After. */
    readonly retryAfterS: number | null = null,
  ) {
    super(code, message, statusCode, apiCode);
    this.name = 'ContactSendError';
  }
}

function toContactError(err: unknown): ContactSendError {
  const f = callFailure(err);
  return new ContactSendError(f.code, f.message, f.statusCode, f.apiCode, f.issues as ContactIssue[], f.retryAfterS);
}

/** What the form sends: the checked message and the page's language. */
export type ContactRequest = ContactMessageInput & { locale: Locale };

/**
 * POST contact: 201 `{ ok: true }`.
 * @throws ContactSendError (400 with `issues`, 429 with `retryAfterS`, 413, 415, 503, or no reply).
 */
export async function postContactMessage(message: ContactRequest): Promise<ContactMessageSent> {
  try {
    const { data } = await api.post<ContactMessageSent>('/contact', message, { headers: { 'Content-Type': 'application/json' } });
    return data;
  } catch (err) {
    throw toContactError(err);
  }
}

/** The contact form's mutation (no retry: a message must not be sent twice). */
export function useSendContactMessage() {
  return useMutation<ContactMessageSent, ContactSendError, ContactRequest>({ mutationFn: postContactMessage, retry: false });
}
