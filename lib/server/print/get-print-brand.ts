/**
 * The federation's name and logo on printouts (spec §2 Print layout "the federation's logo";
 * issue 25 "PDFs … with the CMS logo and name"): the name the page header shows in that
 * language (the CMS site parameter `PageTitle[:<content locale>]`, else the messages' site name,
 * as components/layout/SiteHeader.tsx reads it) and the CMS parameter image `Logo` (else
 * `TopBannerLogo`). The HTML sheet shows the logo by its URL; the PDF embeds it as PNG: a PNG or
 * JPEG upload as it is, an SVG one rasterised with sharp (installed with Next.js for its image
 * optimisation, loaded only here and only when present). Without a CMS logo, or when it cannot
 * be read, the site's own icon (public/icons/icon-192.png) is printed.
 */
import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTranslator } from 'next-intl';
import { BASE_PATH, type Locale } from '../../config';
import { getParameterImages, getSiteSettings, mediaUrl } from '../../cms';
import { loadMessages } from '../../i18n/messages';
import { cmsUrl, serverEnv } from '../config/env';

export interface PrintBrand {
  /** The federation's name as the page header shows it in the sheet's language. */
  name: string;
  /** The logo's URL for the HTML sheet (the CMS upload, else the site's icon). */
  logoSrc: string;
  /** The CMS upload's path (`/uploads/…`) and type, for the PDF; null without a CMS logo. */
  logo: { url: string; mime: string | null } | null;
}

/** The federation's name and logo in `locale` (CMS reads cached like the page's; never throws). */
export async function getPrintBrand(locale: Locale): Promise<PrintBrand> {
  const [settings, images, messages] = await Promise.all([getSiteSettings(locale), getParameterImages(locale), loadMessages(locale)]);
  const image = images.Logo ?? images.TopBannerLogo ?? null;
  return {
    name: settings.pageTitle ?? createTranslator({ locale, messages, namespace: 'meta' })('siteName'),
    logoSrc: mediaUrl(image?.url) ?? `${BASE_PATH}/icons/icon.svg`,
    logo: image?.url ? { url: image.url, mime: image.mime ?? null } : null,
  };
}

/** Side of the rasterised logo, in pixels (printed 28 pt wide: about 490 dpi). */
const LOGO_PX = 192;
const logos = new Map<string, Promise<Uint8Array | null>>();

/**
 * The logo as PNG (or JPEG) bytes for the PDF: the CMS upload `logo` (fetched once per URL and
 * process; an SVG rasterised), else — or when that fails — the site's icon; null when neither
 * can be read. Never throws.
 */
export function logoImage(logo: PrintBrand['logo']): Promise<Uint8Array | null> {
  const key = logo?.url ?? '';
  let found = logos.get(key);
  if (!found) {
    found = (logo ? cmsLogo(logo.url) : Promise.resolve(null)).then((bytes) => bytes ?? siteIcon());
    logos.set(key, found);
    // A failed read is tried again at the next printout (the CMS may be back).
    void found.then((bytes) => {
      if (!bytes) logos.delete(key);
    });
  }
  return found;
}

async function siteIcon(): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(path.join(process.cwd(), 'public', 'icons', 'icon-192.png')));
  } catch {
    return null;
  }
}

/** PNG and JPEG files start with these bytes. */
const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8;

async function cmsLogo(url: string): Promise<Uint8Array | null> {
  try {
    const absolute = /^https?:\/\//.test(url) ? url : `${cmsUrl()}${url.startsWith('/') ? url : `/${url}`}`;
    const res = await fetch(absolute, { signal: AbortSignal.timeout(serverEnv().CMS_TIMEOUT_MS), cache: 'no-store' });
    if (!res.ok) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (isPng(bytes) || isJpeg(bytes)) return bytes;
    return await rasterise(bytes);
  } catch {
    return null;
  }
}

/** An SVG (or other image sharp reads) as a square PNG, or null when sharp is not installed or cannot read it. */
async function rasterise(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const { default: sharp } = await import('sharp');
    const png = await sharp(bytes, { density: 300 }).resize(LOGO_PX, LOGO_PX, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } }).png().toBuffer();
    return new Uint8Array(png);
  } catch {
    return null;
  }
}
