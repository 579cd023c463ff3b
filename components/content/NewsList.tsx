/**
 * The news cards of /news (spec §2 Static pages): image (lazy, sized), date in the page's
 * language, title linking to /news/{Slug}, summary. Phone first: the image sits above the
 * text, beside it from 600 px. Plain HTML (issue 23).
 */
import type { NewsArticle } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { CmsImage } from './CmsImage';
import styles from './content.module.css';

export function NewsList({ articles, locale }: { articles: NewsArticle[]; locale: Locale }) {
  return (
    <ul data-testid="news-list" className={styles.list}>
      {articles.map((a) => (
        <li key={a.id}>
          <article aria-labelledby={`news-${a.id}`} className={`${styles.card} ${styles.news}`}>
            {a.Image && (
              <div className={styles.newsImage}>
                <CmsImage media={a.Image} alt={a.Image.alternativeText ?? ''} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              </div>
            )}
            <div className={styles.newsText}>
              {a.PublishedDate && (
                <p className={styles.small}>
                  <time dateTime={a.PublishedDate}>{formatDate(a.PublishedDate, locale)}</time>
                </p>
              )}
              <h2 id={`news-${a.id}`} className={styles.cardTitle}>
                <Link href={`/news/${a.Slug}`}>{a.Title}</Link>
              </h2>
              {a.Summary && <p className={styles.text}>{a.Summary}</p>}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
