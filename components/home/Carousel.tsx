'use client';
/**
 * The landing page's rotating image carousel (spec §2 Screens): cycles every 6 s, pauses on
 * hover or focus and for visitors who prefer reduced motion, with previous/next/pause
 * controls and a live region announcing the slide.
 */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { useTranslations } from 'next-intl';
import { useEffect, useState, useSyncExternalStore } from 'react';

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
  const control = { position: 'absolute', top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(0,0,0,0.45)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' } } as const;
  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      className="no-print"
      sx={{ position: 'relative', overflow: 'hidden', bgcolor: '#111', aspectRatio: { xs: '16 / 9', md: '16 / 6' }, maxHeight: { md: '45vh' }, width: '100%' }}
    >
      {slides.map((s, i) => (
        <Box
          key={s.src}
          role="group"
          aria-roledescription="slide"
          aria-label={t('slide', { index: i + 1, count: slides.length })}
          aria-hidden={i !== index}
          sx={{ position: 'absolute', inset: 0, opacity: i === index ? 1 : 0, transition: 'opacity 600ms ease' }}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- CMS uploads (SVG) are served as they are. */}
          <img src={s.src} alt={s.alt} style={{ width: '100%', height: '100%', objectFit: 'cover' }} loading={i === 0 ? 'eager' : 'lazy'} />
        </Box>
      ))}
      {slides.length > 1 && (
        <>
          <IconButton aria-label={t('previous')} onClick={() => go(-1)} sx={{ ...control, left: 8 }}>
            <ChevronLeft />
          </IconButton>
          <IconButton aria-label={t('next')} onClick={() => go(1)} sx={{ ...control, right: 8 }}>
            <ChevronRight />
          </IconButton>
          <IconButton
            aria-label={playing ? t('pause') : t('play')}
            onClick={() => setChoice(!playing)}
            sx={{ ...control, top: 'auto', bottom: 8, right: 8, transform: 'none' }}
          >
            {playing ? <Pause /> : <PlayArrow />}
          </IconButton>
        </>
      )}
      <span className="visually-hidden" aria-live="polite">
        {t('slide', { index: index + 1, count: slides.length })}
      </span>
    </Box>
  );
}
