/**
 * An image from the CMS, through the site's `/ll/uploads` proxy (lib/cms mediaUrl), lazy by
 * default, its width and height set from the upload so the page does not jump when it loads.
 * Renders nothing when the media has no URL.
 */
import type { CSSProperties } from 'react';
import { mediaUrl, type Media } from '@/lib/cms';

export function CmsImage({
  media,
  alt,
  eager = false,
  style,
}: {
  media: Pick<Media, 'url' | 'width' | 'height'> | null | undefined;
  /** '' for a decorative image (its text is beside it). */
  alt: string;
  eager?: boolean;
  style?: CSSProperties;
}) {
  const src = mediaUrl(media?.url);
  if (!src) return null;
  const sized = !!(media?.width && media.height);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- CMS uploads (often SVG) are served as they are (images.unoptimized).
    <img
      src={src}
      alt={alt}
      width={sized ? media!.width! : undefined}
      height={sized ? media!.height! : undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{ display: 'block', maxWidth: '100%', height: 'auto', ...(sized ? {} : { aspectRatio: '16 / 9', objectFit: 'cover' }), ...style }}
    />
  );
}
