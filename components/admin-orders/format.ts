/**
 * Small pure helpers of the office's orders pages (issue 26; /admin/orders): the states the
 * filter offers, reading the filter from the URL, a compact date and time in the federation's
 * time zone, and whether a string can be an order's public id.
 */
import { FEDERATION_TIME_ZONE } from '@/lib/config';
import { intlLocale } from '@/lib/format';
import { ORDER_STATES, type OrderState } from '@/lib/server/checkout';

/** The filter's choices: every state, or one. */
export const ORDER_FILTER_STATES = ['all', ...ORDER_STATES] as const;
export type OrderFilterState = 'all' | OrderState;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * The list's filter from the page's search parameters: an unknown state is `all`, the search is
 * trimmed to 100 characters, the page is a whole number 1 … 1000 (anything else: 1).
 */
export function orderFilter(query: { state?: string | string[]; q?: string | string[]; page?: string | string[] }): { state: OrderFilterState; q: string; page: number } {
  const state = first(query.state);
  const page = Number.parseInt(first(query.page), 10);
  return {
    state: (ORDER_FILTER_STATES as readonly string[]).includes(state) ? (state as OrderFilterState) : 'all',
    q: first(query.q).trim().slice(0, 100),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment as a short date and time in the federation's time zone, in `locale` ("Jun 10, 2026, 10:00" / "10 juin 2026, 10 h 00"), 24-hour clock. */
export function compactDateTime(at: Date, locale: string): string {
  const key = intlLocale(locale);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(key, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: FEDERATION_TIME_ZONE })));
  return format.format(at);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is written as a uuid (an order's public id). */
export const isOrderId = (value: string) => UUID.test(value);
