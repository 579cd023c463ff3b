'use client';
/**
 * The landing page's rotating image carousel (spec §2 Screens): cycles every 6 s, pauses on
 * hover or focus and for visitors who prefer reduced motion, with previous/next/pause
 * controls and a live region announcing the slide. Plain HTML (issue 23): a small client
 * leaf of plain buttons and inline SVG icons, no MUI. Without JavaScript the first slide
 * shows, still.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Icon } from '@/components/ui/Icon';
import { CHEVRON_LEFT } from '@/components/ui/icons/chevron-left';
import { CHEVRON_RIGHT } from '@/components/ui/icons/chevron-right';
import { PAUSE } from '@/components/ui/icons/pause';
import { PLAY_ARROW } from '@/components/ui/icons/play-arrow';
import styles from './home.module.css';

export interface Slide {
  src: string;
  alt: string;
}

const INTERVAL_MS = 6000;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function Carousel({ slides }: { slides: Slide[] }) {
  const t = useTranslations('home');
  const [index, setIndex] = useState(0);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (!playing || hovered || slides.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, hovered, slides.length]);

  if (!slides.length) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + slides.length) % slides.length);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      className={`no-print ${styles.carousel}`}
    >
      {slides.map((s, i) => (
        <div
          key={s.src}
          role="group"
          aria-roledescription="slide"
          aria-label={t('slide', { index: i + 1, count: slides.length })}
          aria-hidden={i !== index}
          className={i === index ? `${styles.slide} ${styles.current}` : styles.slide}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- CMS uploads (SVG) are served as they are. */}
          <img src={s.src} alt={s.alt} loading={i === 0 ? 'eager' : 'lazy'} />
        </div>
      ))}
      {slides.length > 1 && (
        <>
          <button type="button" aria-label={t('previous')} onClick={() => go(-1)} className={`${styles.control} ${styles.previous}`}>
            <Icon path={CHEVRON_LEFT} />
          </button>
          <button type="button" aria-label={t('next')} onClick={() => go(1)} className={`${styles.control} ${styles.next}`}>
            <Icon path={CHEVRON_RIGHT} />
          </button>
          <button type="button" aria-label={playing ? t('pause') : t('play')} onClick={() => setChoice(!playing)} className={`${styles.control} ${styles.toggle}`}>
            <Icon path={playing ? PAUSE : PLAY_ARROW} />
          </button>
        </>
      )}
      <span className="visually-hidden" aria-live="polite">
        {t('slide', { index: index + 1, count: slides.length })}
      </span>
    </section>
  );
}
