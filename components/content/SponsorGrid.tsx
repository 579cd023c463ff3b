/**
 * The sponsors of /sponsors (spec §2 Static pages, §3 Sponsor): a grid of cards with the logo
 * (alt = the sponsor's name), name, description and link. A link to another site opens in a
 * new tab (rel noopener) and says so to screen readers; a site path (`/series`) stays in the
 * page's language. Plain HTML (issue 23): one column on a phone, then two, at most three.
 */
import { getTranslations } from 'next-intl/server';
import { sponsorLink, type Sponsor } from '@/lib/cms';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { CmsImage } from './CmsImage';
import styles from './content.module.css';

export async function SponsorGrid({ sponsors, locale }: { sponsors: Sponsor[]; locale: Locale }) {
  const [t, shell] = await Promise.all([getTranslations({ locale, namespace: 'content.sponsors' }), getTranslations({ locale, namespace: 'shell' })]);
  return (
    <ul data-testid="sponsor-grid" className={`${styles.list} ${styles.grid3}`}>
      {sponsors.map((s) => {
        const link = sponsorLink(s.Link);
        return (
          <li key={s.id}>
            <article aria-labelledby={`sponsor-${s.id}`} className={`${styles.card} ${styles.padded} ${styles.column} ${styles.loose}`}>
              {s.Logo && (
                <div className={styles.logo}>
                  <CmsImage media={s.Logo} alt={s.Name} style={{ maxHeight: '100%', width: 'auto', objectFit: 'contain' }} />
                </div>
              )}
              <h2 id={`sponsor-${s.id}`} className={styles.cardTitle}>
                {s.Name}
              </h2>
              {s.Description && <p className={styles.text}>{s.Description}</p>}
              {link && (
                <div className={styles.foot}>
                  {link.kind === 'site' ? (
                    <Link href={link.href}>{t('more', { name: s.Name })}</Link>
                  ) : (
                    <a href={link.href} target="_blank" rel="noopener noreferrer">
                      {t('website', { name: s.Name })}
                      <span className="visually-hidden"> {shell('opensInNewTab')}</span>
                    </a>
                  )}
                </div>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
