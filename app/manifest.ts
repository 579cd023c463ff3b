/**
 * The web app manifest (issue 10 "installable (web app manifest)"; spec §1 live laps and
 * trackside): installing the site opens the live laps at /ll/liveonlivelaps in its own window,
 * within /ll/. Served at /ll/manifest.webmanifest (Next links it from every page's head).
 * Names in English, the default language; colours from the spec (§9 theme colours: primary
 * #1976d2) and the banner's navy; PNG icons 192 and 512 px plus a maskable 512 px (public/icons).
 */
import type { MetadataRoute } from 'next';
import en from '@/messages/en.json';
import { BASE_PATH } from '@/lib/config';
import { TRACKSIDE_PATH } from '@/lib/contracts/trackside';

export default function manifest(): MetadataRoute.Manifest {
  const t = en.trackside.manifest;
  return {
    id: `${BASE_PATH}${TRACKSIDE_PATH}`,
    name: t.name,
    short_name: t.shortName,
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
