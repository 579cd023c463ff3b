/**
 * Display helpers shared by server and client components: race times (ms → m:ss.sss, spec
 * §3 Race results columns) and dates (locale-aware, spec §5 "Date display varies by locale").
 */

/** 314808 → "5:14.808"; 3_725_004 → "1:02:05.004"; null → "". */
export function formatRaceTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(Math.round(ms));
  const h = Math.floor(abs / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  const s = Math.floor((abs % 60_000) / 1000);
  const milli = abs % 1000;
  const sss = `${String(s).padStart(2, '0')}.${String(milli).padStart(3, '0')}`;
  return h > 0 ? `${sign}${h}:${String(m).padStart(2, '0')}:${sss}` : `${sign}${m}:${sss}`;
}

/** A gap in ms as "+1.854" seconds (or "+1:02.345" past a minute). */
export function formatGap(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  if (ms === 0) return '';
  return ms < 60_000 ? `+${(ms / 1000).toFixed(3)}` : `+${formatRaceTime(ms)}`;
}

const intlLocale = (locale: string) => (locale === 'fr' ? 'fr-CA' : locale === 'es' ? 'es' : 'en-CA');

/** "2026-04-12" → "April 12, 2026" / "12 avril 2026" / "12 de abril de 2026". */
export function formatDate(isoDate: string, locale: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}
