/**
 * The web app manifest's names (app/manifest.ts; issue 10 "installable"): one manifest serves
 * every language, so the names are the site's own — the browser-tab title of the CMS site
 * settings (spec §3 Site parameters) — not a translation. Pure (tests).
 */

/** Longest short name kept for a home screen label (characters). */
export const SHORT_NAME_MAX = 12;

/**
 * The manifest's name and short name from the CMS tab title, else `fallback`:
 * `"FMQR – Federation of Off-Road …"` → name the whole title, short name `"FMQR"` (its part
 * before a dash, bar or colon, when at most `SHORT_NAME_MAX` characters; else the fallback's).
 */
export function manifestNames(tabTitle: string | null | undefined, fallback: { name: string; shortName: string }): { name: string; shortName: string } {
  const title = tabTitle?.replace(/\s+/g, ' ').trim();
  if (!title) return fallback;
  const head = title.split(/\s[–—|:-]\s/)[0].trim();
  const fits = (text: string) => !!text && Array.from(text).length <= SHORT_NAME_MAX;
  return { name: title, shortName: fits(title) ? title : fits(head) ? head : fallback.shortName };
}
