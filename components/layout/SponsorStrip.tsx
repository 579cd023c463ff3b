'use client';
/**
 * The floating sponsor strip (spec §2 Layouts, §4 Floating sponsor strip, §9): hidden by
 * default, shown only once its data and every logo have loaded, hidden for good on any
 * failure. It loops once every `speed` ms (default 30000), logos `height` px high (default 75;
 * at most 48 on phones) with `spaces` px between them (minimum 20). Hovering pauses it, a
 * click on the strip toggles pause, and a pause/play button does the same from the keyboard.
 * Visitors who prefer reduced motion get a still row they can scroll. Plain HTML (issue 23); the
 * marquee's code is fetched only when the strip is about to show.
 */
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Icon } from '@/components/ui/Icon';
import { PAUSE } from '@/components/ui/icons/pause';
import { PLAY_ARROW } from '@/components/ui/icons/play-arrow';
import styles from './shell.module.css';

/** The scrolling row, loaded once the logos are in (issue 23: heavy pieces loaded when used). */
const Marquee = dynamic(() => import('react-fast-marquee'), { ssr: false });

export interface SponsorLogo {
  name: string;
  src: string;
  href: string | null;
  /** A link to another site: opens in a new tab. */
  external: boolean;
  width: number | null;
  height: number | null;
}

export interface SponsorStripProps {
  /** The CMS title (one language only: the translated 'Sponsors' names the strip instead). */
  title: string | null;
  logos: SponsorLogo[];
  /** Milliseconds for one loop. */
  speed: number;
  /** Logo height in px. */
  height: number;
  /** Space between logos in px. */
  spacing: number;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const PHONE = '(max-width: 599.95px)';

function subscribeQuery(media: string) {
  return (onChange: () => void) => {
    const query = window.matchMedia(media);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  };
}
const subscribeReducedMotion = subscribeQuery(REDUCED_MOTION);
const subscribePhone = subscribeQuery(PHONE);

/** Loads every image; resolves with their natural sizes, rejects on the first failure. */
function preload(srcs: string[]): Promise<{ width: number; height: number }[]> {
  return Promise.all(
    srcs.map(
      (src) =>
        new Promise<{ width: number; height: number }>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve({ width: img.naturalWidth || 1, height: img.naturalHeight || 1 });
          img.onerror = () => reject(new Error(`sponsor logo failed to load: ${src}`));
          img.src = src;
        }),
    ),
  );
}

/** The strip itself (see the file's docstring); renders nothing until every logo has loaded. */
export function SponsorStrip({ logos, speed, height, spacing }: SponsorStripProps) {
  const t = useTranslations('shell');
  const [sizes, setSizes] = useState<{ width: number; height: number }[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(true);
  const reduced = useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
  const phone = useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE).matches, () => false);

  useEffect(() => {
    if (!logos.length) return;
    let alive = true;
    preload(logos.map((l) => l.src)).then(
      (s) => alive && setSizes(s),
      (err: unknown) => {
        console.warn('[sponsors]', err instanceof Error ? err.message : err);
        if (alive) setFailed(true);
      },
    );
    return () => {
      alive = false;
    };
  }, [logos]);

  if (failed || !sizes || !logos.length) return null;
  const h = phone ? Math.min(48, height) : height;
  const widths = sizes.map((s) => Math.round((s.width / s.height) * h));
  const loopWidth = widths.reduce((a, w) => a + w + spacing, 0);
  const pxPerSecond = Math.max(10, loopWidth / (speed / 1000));

  /** The logos as the marquee shows (and copies) them: hidden from assistive technology, out of the tab order. */
  const items = logos.map((logo, i) => {
    const img = (
      // eslint-disable-next-line @next/next/no-img-element -- CMS uploads served as they are (SVG logos).
      <img src={logo.src} alt="" width={widths[i]} height={h} style={{ display: 'block', height: h, width: widths[i] }} />
    );
    return (
      <div key={`${logo.name}-${i}`} style={{ marginRight: spacing, flex: 'none' }}>
        {logo.href ? (
          <a href={logo.href} tabIndex={-1} onClick={(e) => e.stopPropagation()} {...(logo.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {img}
          </a>
        ) : (
          img
        )}
      </div>
    );
  });

  /** The sponsors once, for screen readers and keyboards (shown while one of its links has focus). */
  const list = (
    <ul className="sponsor-links">
      {logos.map((logo, i) => (
        <li key={`${logo.name}-${i}`}>
          {logo.href ? (
            <a href={logo.href} {...(logo.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {logo.name}
              {logo.external && ` ${t('opensInNewTab')}`}
            </a>
          ) : (
            logo.name
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <aside aria-label={t('sponsors')} data-testid="sponsor-strip" data-playing={!reduced && playing ? 'true' : 'false'} className={`no-print sponsor-strip ${styles.strip}`}>
      {!reduced && (
        <button type="button" className={styles.stripButton} aria-label={playing ? t('pauseSponsors') : t('playSponsors')} onClick={() => setPlaying((p) => !p)}>
          <Icon path={playing ? PAUSE : PLAY_ARROW} size={20} />
        </button>
      )}
      {list}
      <div aria-hidden="true" data-testid="sponsor-marquee" className={styles.marquee} style={{ overflowX: reduced ? 'auto' : 'hidden' }} onClick={() => setPlaying((p) => !p)}>
        {reduced ? (
          <div style={{ display: 'flex' }}>{items}</div>
        ) : (
          <Marquee speed={pxPerSecond} play={playing} pauseOnHover autoFill>
            {items}
          </Marquee>
        )}
      </div>
    </aside>
  );
}
