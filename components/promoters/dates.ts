/**
 * Date ranges of the directory pages: "June 9 – 10, 2026" / "9 – 10 juin 2026", one date for a
 * one-day event (spec §5 "Date display varies by locale").
 */
import { formatDate, intlLocale } from '@/lib/format';

const utc = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
};

/** `start` (YYYY-MM-DD) to `end` (YYYY-MM-DD or null) in `locale`, as one date when they are the same day. */
export function formatDateRange(start: string, end: string | null, locale: string): string {
  if (!end || end === start) return formatDate(start, locale);
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).formatRange(utc(start), utc(end));
}
