/**
 * Client call for the contact form (spec §1 contact page): POST /ll/api/v1/contact with a
 * checked message and the page's language, and the TanStack mutation the form uses. Failures
 * become `ContactSendError`: the API's code (`rate_limited`, `mail_unavailable`, a field code
 * …), the field `issues` of a 400, and `retryAfterS` of a 429; network_error when no reply.
 */
import { useMutation } from '@tanstack/react-query';
import type { Locale } from '@/lib/config';
import type { ContactIssue, ContactMessageInput, ContactMessageSent } from '@/lib/contracts/contact';
import { api, ApiClientError, isApiHttpError } from './client';

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
  if (isApiHttpError(err)) {
    if (!err.response) return new ContactSendError('network_error', err.message, null, null);
    const data = err.response.data as { message?: unknown; error?: unknown; issues?: unknown } | undefined;
    const retry = Number(err.response.headers.get('retry-after'));
    return new ContactSendError(
      'request_error',
      typeof data?.message === 'string' ? data.message : err.message,
      err.response.status,
      typeof data?.error === 'string' ? data.error : null,
      Array.isArray(data?.issues) ? (data.issues as ContactIssue[]) : [],
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
  }
  return new ContactSendError('request_error', err instanceof Error ? err.message : String(err), null, null);
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
