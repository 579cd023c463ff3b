/**
 * The web app manifest (issue 10 "installable (web app manifest)"; spec §1 live laps and
 * trackside): installing the site opens the live laps at /ll/liveonlivelaps in its own window,
 * within /ll/. Served at /ll/manifest.webmanifest (Next links it from every page's head).
 *
 * One manifest serves every language, so its names are the site's own, not a translation
 * (components/pwa/manifest-names.ts): the browser-tab title of the CMS site settings (spec §3
 * Site parameters, default language), the short name its part before a dash ("FMQR" of "FMQR –
 * Federation …") when short enough for a home screen; without a tab title, messages
 * `trackside.manifest` (English, the default language). Colours from the spec (§9 theme
 * colours: primary #1976d2) and the banner's navy; PNG icons 192 and 512 px plus a maskable
 * 512 px (public/icons). Revalidated with the CMS settings (lib/cms `cmsGet`).
 */
import type { MetadataRoute } from 'next';
import en from '@/messages/en.json';
import { getSiteSettings } from '@/lib/cms';
import { BASE_PATH } from '@/lib/config';
import { TRACKSIDE_PATH } from '@/lib/contracts/trackside';
import { manifestNames } from '@/components/pwa/manifest-names';

export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const t = en.trackside.manifest;
  const settings = await getSiteSettings().catch(() => null);
  const { name, shortName } = manifestNames(settings?.tabTitle ?? null, { name: t.name, shortName: t.shortName });
  return {
    id: `${BASE_PATH}${TRACKSIDE_PATH}`,
    name,
    short_name: shortName,
    description: t.description,
    lang: 'en',
    start_url: `${BASE_PATH}${TRACKSIDE_PATH}`,
    scope: `${BASE_PATH}/`,
    display: 'standalone',
    orientation: 'any',
    theme_color: '#0d2c54',
    background_color: '#ffffff',
    categories: ['sports'],
    icons: [
      { src: `${BASE_PATH}/icons/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${BASE_PATH}/icons/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${BASE_PATH}/icons/icon-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
