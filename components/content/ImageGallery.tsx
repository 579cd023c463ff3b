/**
 * A simple image gallery (presentations): every image shown, in a grid that is one column on
 * a phone, each lazy and sized from its upload. No motion, no hidden slides: every image is
 * reachable as it is. An image without alternative text is named "{title}, image n of N".
 */
import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import type { Media } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';
import { CmsImage } from './CmsImage';

export async function ImageGallery({ images, title, locale }: { images: Media[]; title: string; locale: Locale }) {
  if (!images.length) return null;
  const t = await getTranslations({ locale, namespace: 'content.presentations' });
  return (
    <Box
      component="ul"
      aria-label={t('gallery')}
      data-testid="gallery"
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {images.map((image, i) => (
        <Box component="li" key={`${image.url}-${i}`} sx={{ bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden' }}>
          <CmsImage
            media={image}
            alt={image.alternativeText ?? t('image', { title, index: i + 1, count: images.length })}
            eager={i === 0}
            style={{ width: '100%' }}
          />
        </Box>
      ))}
    </Box>
  );
}
