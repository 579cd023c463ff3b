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
  tabTitle: string | null;
  pageTitle: string | null;
}
