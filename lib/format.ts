/**
 * Display helpers shared by server and client components: race times (ms → m:ss.sss, spec
 * §3 Race results columns) and dates (locale-aware, spec §5 "Date display varies by locale").
 */
import { FEDERATION_TIME_ZONE } from './config';

/**
 * Formats milliseconds the way the site displays times: `m:ss.sss` (314808 → `5:14.808`,
 * 33271 → `0:33.271`) and `h:mm:ss.sss` from one hour on (7203686 → `2:00:03.686`).
 * Negative values get a leading `-`; fractions of a millisecond are rounded.
 * @throws Error for a value that is not a finite number.
 */
export function formatTimeMs(ms: number): string {
  if (!Number.isFinite(ms)) throw new Error(`not a finite duration: ${ms}`);
  const sign = ms < 0 ? '-' : '';
  const abs = Math.round(Math.abs(ms));
  const hours = Math.floor(abs / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  const seconds = Math.floor((abs % 60_000) / 1000);
  const millis = abs % 1000;
  const ss = `${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
  return hours > 0 ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${sign}${minutes}:${ss}`;
}

/** A race time for a table cell: `formatTimeMs`, or '' when there is none. */
export function formatRaceTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? '' : formatTimeMs(ms);
}

/** A gap in ms as "+1.854" seconds (or "+1:02.345" past a minute). */
export function formatGap(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  if (ms === 0) return '';
  return ms < 60_000 ? `+${(ms / 1000).toFixed(3)}` : `+${formatRaceTime(ms)}`;
}

/** The Intl locale for a site language (French numbers and dates as in Canada). */
export const intlLocale = (locale: string) => (locale === 'fr' ? 'fr-CA' : locale === 'es' ? 'es' : 'en-CA');

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** One `Intl.DateTimeFormat` per language and style, made once: building one costs far more than formatting with it. */
function dateFormat(locale: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${style}`;
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** "2026-04-12" → "April 12, 2026" / "12 avril 2026" / "12 de abril de 2026". */
export function formatDate(isoDate: string, locale: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return dateFormat(intlLocale(locale), 'long-utc', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** "Zoë Ünal" → "Zoe Unal": letters without their accents, for searching and file names. */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
}

/** A file name part from text: accents stripped, lower case, runs of other characters as `-`, at most 80 characters; `fallback` when nothing is left. */
export function fileSlug(parts: string[], fallback: string): string {
  return (
    stripAccents(parts.join(' '))
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || fallback
  );
}

/**
 * Whether French elides "de" before `name` ("Résultats d’Enduro Sandy Lane", "Événements de
 * Sandy Lane"): 'yes' when the name starts with a vowel, else 'no' (not before y, nor before
 * h, which in the brand and English names of this sport is usually aspirated: "de Honda").
 * Messages use it as an ICU select: `{elide, select, yes {d’{x}} other {de {x}}}`; other
 * languages ignore it.
 */
export function elide(name: string): 'yes' | 'no' {
  const first = stripAccents(name.trim().charAt(0)).toLowerCase();
  return /[aeiou]/.test(first) ? 'yes' : 'no';
}

/** The calendar day (YYYY-MM-DD) of `at` in the federation's time zone (FEDERATION_TIME_ZONE): "today" for registration and the calendar. */
export function federationDate(at: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return dateFormat('en-CA', 'iso-day-federation', { timeZone: FEDERATION_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * An event's days in `locale` (spec §5 "Date display varies by locale"): "April 12, 2026" for
 * one day, "May 2 – 3, 2026" / "2 – 3 mai 2026" (the language's own range form) for more; an end
 * before the start is ignored.
 */
export function formatEventDates(startDate: string, endDate: string | null, locale: string): string {
  if (!endDate || endDate <= startDate) return formatDate(startDate, locale);
  const utc = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return dateFormat(intlLocale(locale), 'long-utc', { dateStyle: 'long', timeZone: 'UTC' }).formatRange(utc(startDate), utc(endDate));
}

/** An amount in cents as Canadian dollars in `locale` ("$45.00", "45,00 $"). */
export function formatCents(cents: number, locale: string): string {
  const key = `n|${intlLocale(locale)}|cad`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) formats.set(key, (format = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'CAD' })));
  return format.format(cents / 100);
}

/**
 * A moment as date and time in the federation's time zone (FEDERATION_TIME_ZONE), in `locale`:
 * "November 23, 2026 at 10:05" / "23 novembre 2026 à 10 h 05" /
 * "23 de noviembre de 2026 a las 10:05"
 * (24-hour clock). Used for the time a sheet was printed.
 */
export function formatDateTime(at: Date, locale: string): string {
  return dateFormat(intlLocale(locale), 'long-short-federation', { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone: FEDERATION_TIME_ZONE }).format(at);
}
