/**
 * The session's language as the server keeps it (spec §7 Language: GET {api}/langs/current,
 * read on the print layout).
 */
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { api, toClientError } from './client';

/**
 * `data.code` of GET /ll/api/v1/langs/current when the reply's `status` is 200 and the code is a
 * site language; null otherwise (the print layout then keeps the page's language).
 * @throws ApiClientError network_error / request_error when the call fails.
 */
export async function fetchCurrentLanguage(): Promise<Locale | null> {
  try {
    const { data } = await api.get<{ status?: unknown; data?: { code?: unknown } }>('/langs/current');
    return data.status === 200 && isLocale(data.data?.code) ? data.data.code : null;
  } catch (err) {
    throw toClientError(err);
  }
}
