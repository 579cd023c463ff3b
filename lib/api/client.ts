/**
 * Typed client for the JSON API (/ll/api/v1), for client components through TanStack Query.
 * Errors become `ApiClientError` with the API's message (spec §8: network_error when no
 * response, request_error otherwise, the server message when present).
 *
 * The calls go through the browser's `fetch` (issue 23: axios was 20 KiB of gzip on every page
 * and none of its interceptors or adapters were used). `api` keeps the small part of axios's
 * surface the calls use: `get`/`delete(path, config)`, `post`/`put(path, body, config)` resolving
 * to `{ data, status, headers }` for a 2xx reply; any other reply rejects with an
 * `ApiHttpError` carrying `response` (status, parsed body, headers), and no reply (network
 * failure, timeout, the caller's abort) with one whose `response` is undefined.
 */
import { BASE_PATH } from '@/lib/config';

/** Per-call options: extra headers, a timeout in ms (default 10 s), the caller's abort signal, a DELETE's body. */
export interface ApiRequestConfig {
  headers?: Record<string, string>;
  timeout?: number;
  signal?: AbortSignal;
  data?: unknown;
}

/** A 2xx reply: the parsed JSON body (the text when it is not JSON), its status and headers. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** A failed call: `response` is the reply (non-2xx), undefined when none came. */
export class ApiHttpError extends Error {
  constructor(
    message: string,
    readonly response?: { status: number; data: unknown; headers: Headers },
  ) {
    super(message);
    this.name = 'ApiHttpError';
  }
}

/** Whether `err` is a failed call of `api` (with or without a reply). */
export const isApiHttpError = (err: unknown): err is ApiHttpError => err instanceof ApiHttpError;

/** The default timeout of a call, ms. */
export const API_TIMEOUT_MS = 10_000;

/** A client for the API under `baseURL` (the site's own: `api`; tests give a server's address). */
export function createApiClient(baseURL: string) {
  async function request<T>(method: string, path: string, body: unknown, config: ApiRequestConfig = {}): Promise<ApiResponse<T>> {
    const timeout = config.timeout ?? API_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeout);
    const onAbort = () => controller.abort();
    config.signal?.addEventListener('abort', onAbort, { once: true });
    if (config.signal?.aborted) controller.abort();
    const headers: Record<string, string> = { Accept: 'application/json', ...config.headers };
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    let reply: Response;
    let text: string;
    try {
      reply = await fetch(`${baseURL}${path}`, { method, headers, body: payload, signal: controller.signal, credentials: 'same-origin' });
      text = await reply.text();
    } catch (err) {
      const message = config.signal?.aborted ? 'canceled' : controller.signal.aborted ? `timeout of ${timeout}ms exceeded` : err instanceof Error ? err.message : 'Network Error';
      throw new ApiHttpError(message);
    } finally {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', onAbort);
    }
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : '';
    } catch {
      // not JSON (a proxy's page): the text
    }
    if (!reply.ok) throw new ApiHttpError(`Request failed with status code ${reply.status}`, { status: reply.status, data, headers: reply.headers });
    return { data: data as T, status: reply.status, headers: reply.headers };
  }
  return {
    get: <T = unknown>(path: string, config?: ApiRequestConfig) => request<T>('GET', path, undefined, config),
    delete: <T = unknown>(path: string, config?: ApiRequestConfig) => request<T>('DELETE', path, config?.data, config),
    post: <T = unknown>(path: string, body?: unknown, config?: ApiRequestConfig) => request<T>('POST', path, body, config),
    put: <T = unknown>(path: string, body?: unknown, config?: ApiRequestConfig) => request<T>('PUT', path, body, config),
  };
}

/** The site's API client (relative to the page's origin). */
export const api = createApiClient(`${BASE_PATH}/api/v1`);

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

/** What a failed call says, read once for every kind of client error (this one, the account and contact errors). */
export interface CallFailure {
  code: 'network_error' | 'request_error';
  message: string;
  statusCode: number | null;
  /** The API's error code (`not_found`, `rate_limited` …), when it sent one. */
  apiCode: string | null;
  /** The reply's `issues` (a 400's field issues), unchecked; empty when it sent none. */
  issues: unknown[];
  /** Seconds to wait, from a Retry-After header; null without one. */
  retryAfterS: number | null;
}

/** Reads any failed call: network_error without a reply, else request_error with the API's `message`, `error`, `issues` and Retry-After. */
export function callFailure(err: unknown): CallFailure {
  if (!isApiHttpError(err)) return { code: 'request_error', message: err instanceof Error ? err.message : String(err), statusCode: null, apiCode: null, issues: [], retryAfterS: null };
  if (!err.response) return { code: 'network_error', message: err.message, statusCode: null, apiCode: null, issues: [], retryAfterS: null };
  const data = err.response.data as { message?: unknown; error?: unknown; issues?: unknown } | undefined;
  const retry = Number(err.response.headers.get('retry-after'));
  return {
    code: 'request_error',
    message: typeof data?.message === 'string' ? data.message : err.message,
    statusCode: err.response.status,
    apiCode: typeof data?.error === 'string' ? data.error : null,
    issues: Array.isArray(data?.issues) ? data.issues : [],
    retryAfterS: Number.isFinite(retry) && retry > 0 ? retry : null,
  };
}

/** Any failed call as an `ApiClientError`: network_error without a reply, else request_error with the API's `message` and `error` code when it sent them. */
export function toClientError(err: unknown): ApiClientError {
  const f = callFailure(err);
  return new ApiClientError(f.code, f.message, f.statusCode, f.apiCode);
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
