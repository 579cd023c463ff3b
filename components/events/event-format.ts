/**
 * Pure helpers of the event page (spec §2 Event page; §5 "Date display varies by locale"):
 * the tab of the URL, the event's dates, its address and map links, entry fees and age
 * limits. No server import: usable anywhere, tested beside.
 */

/** The event page's tabs, in order (spec §2: races, registration, start grid, results, series). */
export const EVENT_TABS = ['races', 'registration', 'grid', 'results', 'series'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

/** The tab of the URL's `?tab=`; anything else (absent, unknown, repeated) is the default, races. */
export function parseEventTab(raw: string | string[] | undefined): EventTab {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (EVENT_TABS as readonly string[]).includes(value ?? '') ? (value as EventTab) : 'races';
}

/** The link of a tab: the page's path, with `?tab=` except for the default tab. */
export function eventTabHref(path: string, tab: EventTab): string {
  return tab === 'races' ? path : `${path}?tab=${tab}`;
}

/** Which age-limit text applies: both limits, a minimum, a maximum, or none. */
export function ageLimitKind(minAge: number | null, maxAge: number | null): 'range' | 'min' | 'max' | 'none' {
  if (minAge !== null && maxAge !== null) return 'range';
  if (minAge !== null) return 'min';
  if (maxAge !== null) return 'max';
  return 'none';
}

export interface EventPlace {
  location: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

const clean = (s: string | null) => s?.trim() || null;

/**
 * The address lines of the venue: street, then "City, State  Postal code", then country;
 * empty when the event has no address (a venue name alone is not one).
 */
export function addressLines(place: EventPlace): string[] {
  const street = clean(place.address);
  const city = clean(place.city);
  const region = [clean(place.state), clean(place.postalCode)].filter(Boolean).join(' ');
  const locality = [city, region || null].filter(Boolean).join(', ');
  const country = clean(place.country);
  if (!street && !city && !clean(place.postalCode)) return [];
  return [street, locality || null, country].filter((s): s is string => !!s);
}

/** The text a map searches for: the venue's name and its address, or null without an address. */
export function mapQuery(place: EventPlace): string | null {
  const lines = addressLines(place);
  if (!lines.length) return null;
  const venue = clean(place.location);
  return [venue, ...lines].filter(Boolean).join(', ');
}

/** A Google Maps search for `query` (no key needed): https://developers.google.com/maps/documentation/urls/get-started */
export function mapSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query }).toString()}`;
}

/** A Google Maps Embed API place map of `query` with the site's maps key (spec §3 site parameters: maps key name). */
export function mapEmbedUrl(key: string, query: string): string {
  return `https://www.google.com/maps/embed/v1/place?${new URLSearchParams({ key, q: query }).toString()}`;
}

/** MUI's near-black body text, as dark text on a coloured background. */
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';

/** WCAG 2 relative luminance of a `#rgb` / `#rrggbb` colour, or null when it is not one. */
function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The text colour to write on a CMS colour (a status chip, today's badge, the month's weekday
 * row): white or near-black, whichever contrasts more with it (what MUI's `contrastText` did,
 * without MUI in the page; issue 23). White when the colour cannot be read.
 */
export function textOn(background: string): '#fff' | typeof DARK_TEXT {
  const l = luminance(background);
  if (l === null) return '#fff';
  const dark = 0.0152; // luminance of rgba(0, 0, 0, 0.87) on white (#212121)
  return 1.05 / (l + 0.05) >= (l + 0.05) / (dark + 0.05) ? '#fff' : DARK_TEXT;
}
