/**
 * Server side of the floating sponsor strip: reads the CMS floating footer (spec §7
 * `/api/floating-footer?populate[sponsors][populate]=*`) and hands the client leaf plain data.
 * Nothing is rendered when the CMS is down, the strip is not Visible or has no logos.
 */
import { getFloatingFooter, mediaUrl } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/routing';
import { BASE_PATH } from '@/lib/config';
import { isExternalLink } from '@/lib/navigation';
import { SponsorStrip, type SponsorLogo } from './SponsorStrip';

const DEFAULT_SPEED_MS = 30_000;
const DEFAULT_HEIGHT_PX = 75;
const MIN_SPACING_PX = 20;

export async function Sponsors({ locale }: { locale: Locale }) {
  const strip = await getFloatingFooter();
  if (!strip || !strip.Visible) return null;
  const logos: SponsorLogo[] = strip.sponsors.flatMap((s) => {
    const src = mediaUrl(s.Logo?.url);
    if (!src) return [];
    const href = s.Link ? (isExternalLink(s.Link) ? s.Link : `${BASE_PATH}${localizedPath(locale, s.Link)}`) : null;
    return [{ name: s.Name ?? s.Logo?.alternativeText ?? '', src, href, width: s.Logo?.width ?? null, height: s.Logo?.height ?? null }];
  });
  if (!logos.length) return null;
  return (
    <SponsorStrip
      title={strip.Title}
      logos={logos}
      speed={strip.speed && strip.speed > 0 ? strip.speed : DEFAULT_SPEED_MS}
      height={strip.height && strip.height > 0 ? strip.height : DEFAULT_HEIGHT_PX}
      spacing={Math.max(MIN_SPACING_PX, strip.spaces ?? MIN_SPACING_PX)}
    />
  );
}
