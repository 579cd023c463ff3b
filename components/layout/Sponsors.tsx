/**
 * Server side of the floating sponsor strip: reads the CMS floating footer (spec §7
 * `/api/floating-footer?populate[sponsors][populate]=*`) and hands the client leaf plain data.
 * Nothing is rendered when the CMS is down, the strip is not Visible or has no logos. The
 * strip's code loads once the page is interactive (./lazy-shell.tsx).
 */
import { getFloatingFooter, mediaUrl, sponsorLink } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/routing';
import { BASE_PATH } from '@/lib/config';
import { SponsorStrip } from './lazy-shell';
import type { SponsorLogo } from './SponsorStrip';

const DEFAULT_SPEED_MS = 30_000;
const DEFAULT_HEIGHT_PX = 75;
const MIN_SPACING_PX = 20;

/** The strip for the page's language (its links get the language prefix), or nothing. */
export async function Sponsors({ locale }: { locale: Locale }) {
  const strip = await getFloatingFooter();
  if (!strip || !strip.Visible) return null;
  const logos: SponsorLogo[] = strip.sponsors.flatMap((s) => {
    const src = mediaUrl(s.Logo?.url);
    if (!src) return [];
    const link = sponsorLink(s.Link);
    const href = link ? (link.kind === 'external' ? link.href : `${BASE_PATH}${localizedPath(locale, link.href)}`) : null;
    return [{ name: s.Name ?? s.Logo?.alternativeText ?? '', src, href, external: link?.kind === 'external', width: s.Logo?.width ?? null, height: s.Logo?.height ?? null }];
  });
  if (!logos.length) return null;
  return (
    <SponsorStrip
      // A new set of logos is a new strip: loaded sizes and failures start over.
      key={logos.map((l) => `${l.src}|${l.href}`).join(' ')}
      title={strip.Title}
      logos={logos}
      speed={strip.speed && strip.speed > 0 ? strip.speed : DEFAULT_SPEED_MS}
      height={strip.height && strip.height > 0 ? strip.height : DEFAULT_HEIGHT_PX}
      spacing={Math.max(MIN_SPACING_PX, strip.spaces ?? MIN_SPACING_PX)}
    />
  );
}
