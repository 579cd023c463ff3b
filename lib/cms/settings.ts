/**
 * Site parameters (spec §3 Site parameters) with the spec's fallbacks (§9): theme colours,
 * sub-header font size 44 px, locale list en/fr-CA, language list English/en.
 */
import { z } from 'zod';

import type { Language, SiteSettings } from '../contracts/site';

export type { Language, SiteSettings };

export const DEFAULT_SETTINGS: SiteSettings = {
  defaultOrganization: null,
  defaultPromoter: null,
  defaultPromoterUserId: 1,
  defaultPromoterList: [],
  colors: {
    primary: '#1976d2',
    accent: '#424242',
    secondary: '#ff8f00',
    info: '#26a69a',
    warning: '#ffc107',
    error: '#dd2c00',
    success: '#00e676',
    navbar: '#1976d2',
    subheader: '#1976d2',
    subheaderFont: '#ffffff',
    menuButton: '#1976d2',
    menuBorder: '#ff8f00',
    menuFont: '#ffffff',
    accordion: '#e3f2fd',
    hover: '#1565c0',
  },
  subheaderFontSize: 44,
  menuFontSize: 16,
  defaultLocale: 'en',
  localeList: ['en', 'fr-CA'],
  languageList: [{ name: 'English', ab: 'en' }],
  tabTitle: null,
  pageTitle: null,
  federationName: null,
  federationShortName: null,
  contactEmail: null,
  captchaSiteKey: null,
  mapsKey: null,
};

const color = z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i);
const positiveInt = z.coerce.number().int().positive();
const languageList = z.array(z.object({ name: z.string().min(1), ab: z.string().min(2) })).min(1);
const localeList = z.array(z.string().min(2)).min(1);
const idList = z.array(positiveInt);

function parseJson(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Reads one parameter through `schema`, falling back when it is absent or malformed. */
function pick<T>(params: Map<string, string>, name: string, schema: z.ZodType<T>, fallback: T, json = false): T {
  const raw = params.get(name);
  if (raw === undefined || raw.trim() === '') return fallback;
  const parsed = schema.safeParse(json ? parseJson(raw) : raw.trim());
  return parsed.success ? parsed.data : fallback;
}

/**
 * Builds the site settings from name/value parameters (missing or bad values → defaults).
 * Text parameters may be translated: `TabTitle:fr-CA` is used for French pages, `TabTitle`
 * for any language without its own value (likewise `PageTitle`, `FederationName`, `FederationShortName`) (`contentLocale` is the CMS locale, e.g. fr-CA).
 */
export function settingsFromParameters(entries: { Name: string; Value: string }[], contentLocale = 'en'): SiteSettings {
  const p = new Map(entries.map((e) => [e.Name, e.Value]));
  for (const [name, value] of p) {
    const [base, locale] = name.split(':');
    if (locale && locale.toLowerCase() === contentLocale.toLowerCase() && value.trim() !== '') p.set(base!, value);
  }
  const d = DEFAULT_SETTINGS;
  const c = d.colors;
  return {
    defaultOrganization: pick(p, 'DefaultOrganization', positiveInt.nullable(), d.defaultOrganization),
    defaultPromoter: pick(p, 'DefaultPromoter', positiveInt.nullable(), d.defaultPromoter),
    defaultPromoterUserId: pick(p, 'DefaultPromoterUserId', positiveInt, d.defaultPromoterUserId),
    defaultPromoterList: pick(p, 'DefaultPromoterList', idList, d.defaultPromoterList, true),
    colors: {
      ...c,
      primary: pick(p, 'NormalColor', color, c.primary),
      navbar: pick(p, 'NavbarColor', color, c.navbar),
      subheader: pick(p, 'SubheaderColor', color, c.subheader),
      subheaderFont: pick(p, 'SubheaderFontColor', color, c.subheaderFont),
      menuButton: pick(p, 'MainMenuButtonColor', color, c.menuButton),
      menuBorder: pick(p, 'MainMenuBorder', color, c.menuBorder),
      menuFont: pick(p, 'MainMenuFontColor', color, c.menuFont),
      accordion: pick(p, 'AccordionColor', color, c.accordion),
      hover: pick(p, 'HoverColor', color, c.hover),
    },
    subheaderFontSize: pick(p, 'SubheaderFontSize', positiveInt, d.subheaderFontSize),
    menuFontSize: pick(p, 'MainMenuFontSize', positiveInt, d.menuFontSize),
    defaultLocale: pick(p, 'DefaultLocale', z.string().min(2), d.defaultLocale),
    localeList: pick(p, 'LocaleList', localeList, d.localeList, true),
    languageList: pick(p, 'LanguageList', languageList, d.languageList, true),
    tabTitle: pick(p, 'TabTitle', z.string().nullable(), d.tabTitle),
    pageTitle: pick(p, 'PageTitle', z.string().nullable(), d.pageTitle),
    federationName: pick(p, 'FederationName', z.string().trim().min(1).nullable(), d.federationName),
    federationShortName: pick(p, 'FederationShortName', z.string().trim().min(1).nullable(), d.federationShortName),
    contactEmail: pick(p, 'ContactEmail', z.string().email().nullable(), d.contactEmail),
    captchaSiteKey: pick(p, 'CaptchaSiteKey', z.string().nullable(), d.captchaSiteKey),
    mapsKey: pick(p, 'MapsKeyName', z.string().nullable(), d.mapsKey),
  };
}
