/**
 * Typed content fetchers (spec §7 Content service calls). Each answers parsed, zod-checked
 * content, or the spec's fallback when the CMS is unreachable or sends something malformed
 * (logged, never thrown): pages always render.
 */
import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import { contentLocale, DEFAULT_LOCALE, type Locale } from '../i18n/routing';
import { cmsGet } from './client';
import { bySortOrder, parseEntries } from './parse';
import {
  floatingFooterSchema,
  footerItemSchema,
  homeButtonSchema,
  homeContentSchema,
  menuSchema,
  pageContentSchema,
  parameterImageSchema,
  parameterSchema,
  simplePageSchema,
  type FloatingFooter,
  type FooterItem,
  type HomeButton,
  type HomeContent,
  type Media,
  type MenuItem,
  type PageContent,
  type SimplePage,
} from './schemas';
import { DEFAULT_SETTINGS, settingsFromParameters, type SiteSettings } from './settings';

export * from './schemas';
export { mediaUrl } from './client';
export type { SiteSettings, Language } from './settings';
export * from './content';
export * from './waivers';

/** Parses `data` with `schema`; logs and answers `fallback` when it does not match. */
function parseOr<T>(what: string, schema: z.ZodType<T>, data: unknown, fallback: T): T {
  if (data === null || data === undefined) return fallback;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.warn(`[cms] ignoring malformed ${what}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return fallback;
}

/** Parses a list item by item, dropping (and logging) the malformed ones; [] when there is none. */
function parseList<T>(what: string, schema: z.ZodType<T>, data: unknown): T[] {
  return parseEntries(what, schema, data) ?? [];
}

/** Menu items with their sub-menus, in `locale` (page size 1000), sorted by sort_order. */
export const getMenu = cache(async (locale: Locale): Promise<MenuItem[]> => {
  const data = await cmsGet(
    `/api/menus?populate[sub_menus]=*&pagination[pageSize]=1000&locale=${contentLocale(locale)}`,
    ['cms:menu'],
  );
  return parseList('menu item', menuSchema, data).sort(bySortOrder());
});

/** Footer items in `locale`, ordered by sort_order (spec §2 Footer). */
export const getFooter = cache(async (locale: Locale): Promise<FooterItem[]> => {
  const data = await cmsGet(`/api/static-footers?populate=*&locale=${contentLocale(locale)}`, ['cms:footer']);
  return parseList('footer item', footerItemSchema, data)
    .filter((item) => item.visible)
    .sort(bySortOrder());
});

/** Home content (Title, Images, Section1..4) in `locale`, or null. */
export const getHomeContent = cache(async (locale: Locale): Promise<HomeContent | null> => {
  const data = await cmsGet(
    `/api/home-content?populate[0]=Images&populate[1]=Section1&populate[2]=Section2&populate[3]=Section3&populate[4]=Section4&locale=${contentLocale(locale)}`,
    ['cms:home'],
  );
  return parseOr('home content', homeContentSchema.nullable(), data, null);
});

/** Landing-page action buttons in `locale`. */
export const getHomeButtons = cache(async (locale: Locale): Promise<HomeButton[]> => {
  const data = await cmsGet(`/api/home-menus?locale=${contentLocale(locale)}`, ['cms:home']);
  return parseList('home button', homeButtonSchema, data).sort(bySortOrder());
});

/**
 * Site parameters (page size 100) as settings, with the spec's defaults; translated text
 * parameters (`TabTitle:fr-CA`) resolved for `locale` (default: the default language).
 */
export const getSiteSettings = cache(async (locale: Locale = DEFAULT_LOCALE): Promise<SiteSettings> => {
  const data = await cmsGet('/api/parameters?pagination[pageSize]=100', ['cms:parameters']);
  if (!Array.isArray(data)) return DEFAULT_SETTINGS;
  return settingsFromParameters(parseList('parameter', parameterSchema, data), contentLocale(locale));
});

/**
 * Parameter images by name (Logo, ImagePlaceholder, TabLogo, TopBannerLogo). An image named
 * `TopBannerLogo:fr-CA` replaces `TopBannerLogo` on French pages (a banner whose tagline is
 * written in the image).
 */
export const getParameterImages = cache(async (locale: Locale = DEFAULT_LOCALE): Promise<Record<string, Media>> => {
  const data = await cmsGet('/api/parameter-images?populate=*', ['cms:parameters']);
  const out: Record<string, Media> = {};
  const items = parseList('parameter image', parameterImageSchema, data);
  for (const item of items) {
    if (item.Image && !item.Name.includes(':')) out[item.Name] = item.Image;
  }
  const suffix = `:${contentLocale(locale)}`.toLowerCase();
  for (const item of items) {
    if (item.Image && item.Name.toLowerCase().endsWith(suffix)) out[item.Name.slice(0, -suffix.length)] = item.Image;
  }
  return out;
});

/** Contact content (Title, Description HTML) in `locale`, or null. */
export const getContactPage = cache(async (locale: Locale): Promise<PageContent | null> =>
  parseOr('contact page', pageContentSchema.nullable(), await cmsGet(`/api/contact-page?locale=${contentLocale(locale)}`, ['cms:contact']), null),
);

/** About content (Title, Description HTML) in `locale`, or null. */
export const getAboutPage = cache(async (locale: Locale): Promise<PageContent | null> =>
  parseOr('about page', pageContentSchema.nullable(), await cmsGet(`/api/about-page?locale=${contentLocale(locale)}`, ['cms:about']), null),
);

/** A simple page by its SeoLink in `locale`, or null. */
export const getSimplePage = cache(async (locale: Locale, seoLink: string): Promise<SimplePage | null> => {
  const data = await cmsGet(
    `/api/simple-pages?filters[SeoLink][$eq]=${encodeURIComponent(seoLink)}&locale=${contentLocale(locale)}`,
    ['cms:simple-pages'],
  );
  return parseList('simple page', simplePageSchema, data)[0] ?? null;
});

/** The floating sponsor strip, or null (then the strip stays hidden, spec §4). */
export const getFloatingFooter = cache(async (): Promise<FloatingFooter | null> =>
  parseOr('floating footer', floatingFooterSchema.nullable(), await cmsGet('/api/floating-footer?populate[sponsors][populate]=*', ['cms:sponsors']), null),
);
