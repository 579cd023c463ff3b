/**
 * A simple image gallery (presentations): every image shown, in a grid that is one column on
 * a phone (then two, at most three), each lazy and sized from its upload. No motion, no hidden
 * slides: every image is reachable as it is. An image without alternative text is named
 * "{title}, image n of N". Plain HTML (issue 23).
 */
import { getTranslations } from 'next-intl/server';
import type { Media } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';
import { CmsImage } from './CmsImage';
import styles from './content.module.css';

export async function ImageGallery({ images, title, locale }: { images: Media[]; title: string; locale: Locale }) {
  if (!images.length) return null;
  const t = await getTranslations({ locale, namespace: 'content.presentations' });
  return (
    <ul aria-label={t('gallery')} data-testid="gallery" className={`${styles.list} ${styles.grid3} ${styles.gallery}`}>
      {images.map((image, i) => (
        <li key={`${image.url}-${i}`} className={styles.galleryItem}>
          <CmsImage
            media={image}
            alt={image.alternativeText ?? t('image', { title, index: i + 1, count: images.length })}
            eager={i === 0}
            style={{ width: '100%' }}
          />
        </li>
      ))}
    </ul>
  );
}
