/**
 * Site parameters as client components receive them (spec §3 Site parameters, Theme settings,
 * Language). The CMS client (lib/cms/settings.ts) builds them; imports nothing from the server.
 */

export interface Language {
  name: string;
  ab: string;
}

export interface SiteSettings {
  defaultOrganization: number | null;
  defaultPromoter: number | null;
  defaultPromoterUserId: number;
  defaultPromoterList: number[];
  colors: {
    primary: string;
    accent: string;
    secondary: string;
    info: string;
    warning: string;
    error: string;
    success: string;
    navbar: string;
    subheader: string;
    subheaderFont: string;
    menuButton: string;
    menuBorder: string;
    menuFont: string;
    accordion: string;
    hover: string;
  };
  subheaderFontSize: number;
  menuFontSize: number;
  defaultLocale: string;
  localeList: string[];
  languageList: Language[];
  /** Browser-tab title in the page's language (parameter `TabTitle:<content locale>`, else `TabTitle`). */
  tabTitle: string | null;
  /** Site name shown in the banner, in the page's language (`PageTitle:<content locale>`, else `PageTitle`). */
  pageTitle: string | null;
  /**
   * The federation's name in the page's language (parameter `FederationName:<content locale>`,
   * else `FederationName`; issue 25): what pages print inside running text ("Events of …"),
   * the same in the PDFs. Null when the CMS has none.
   */
  federationName: string | null;
  /** Its short name (acronym) in the page's language (`FederationShortName:<content locale>`, else `FederationShortName`). */
  federationShortName: string | null;
  /** Recipient of the contact form (parameter ContactEmail); null → CONTACT_EMAIL. */
  contactEmail: string | null;
  /** reCAPTCHA v2 site key (parameter CaptchaSiteKey); null → no captcha. */
  captchaSiteKey: string | null;
  /**
   * Maps key (parameter MapsKeyName, spec §3): a Google Maps Embed API key. When set, event pages
   * embed a map of the venue; when null they link the address to a map search.
   */
  mapsKey: string | null;
}
