/**
 * Typed client for the JSON API (/ll/api/v1), for client components through TanStack Query.
 * Errors become `ApiClientError` with the API's message (spec §8: network_error when no
 * response, request_error otherwise, the server message when present).
 */
import axios, { isAxiosError } from 'axios';
import { BASE_PATH } from '@/lib/config';

export const api = axios.create({ baseURL: `${BASE_PATH}/api/v1`, timeout: 10_000, headers: { Accept: 'application/json' } });

export class ApiClientError extends Error {
  constructor(
    readonly code: 'network_error' | 'request_error',
    message: string,
    readonly statusCode: number | null,
    /** The API's error code (`not_found`, `not_public`, `service_unavailable` …), when it sent one. */
    readonly apiCode: string | null = null,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/** Any failed call as an `ApiClientError`: network_error without a reply, else request_error with the API's `message` and `error` code when it sent them. */
export function toClientError(err: unknown): ApiClientError {
  if (isAxiosError(err)) {
    if (!err.response) return new ApiClientError('network_error', err.message, null);
    const data = err.response.data as { message?: unknown; error?: unknown } | undefined;
    const message = typeof data?.message === 'string' ? data.message : err.message;
    return new ApiClientError('request_error', message, err.response.status, typeof data?.error === 'string' ? data.error : null);
  }
  return new ApiClientError('request_error', err instanceof Error ? err.message : String(err), null);
}

/**
 * GET `path` under /ll/api/v1 and return the reply's `message`.
 * @throws ApiClientError network_error (no reply) or request_error (with the server's message).
 */
export async function apiGet(path: string): Promise<unknown> {
  try {
    const { data } = await api.get<{ message: unknown }>(path);
    return data.message;
  } catch (err) {
    throw toClientError(err);
  }
}

/**
 * The message key of a failed call for `t('apiErrors.' + key)` (errors are codes, translated
 * by the client): the API's own code when the messages know it, else network_error /
 * request_error (spec §8 Trackside: network_error when no response, request_error otherwise).
 */
export function errorKey(err: unknown, known: (key: string) => boolean): string {
  if (err instanceof ApiClientError) {
    if (err.apiCode && known(err.apiCode)) return err.apiCode;
    return err.code;
  }
  return 'request_error';
}
