/**
 * Page links for a paged list (spec §3 Paging state): previous, the first, the last, the
 * current page and its neighbours, next. A `nav` named for screen readers; the current page
 * carries `aria-current="page"`. Page 1 is the list's own path (no `?page=1`). Plain links
 * styled as MUI's buttons (issue 23), each at least 44 px square.
 */
import { getTranslations } from 'next-intl/server';
import { pageWindow } from '@/lib/contracts/content';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import styles from './content.module.css';

/** `path` (no language prefix, e.g. `/news`) for page `page`. */
export function pageHref(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}

export async function Pagination({ locale, path, page, last }: { locale: Locale; path: string; page: number; last: number }) {
  if (last <= 1) return null;
  const t = await getTranslations({ locale, namespace: 'content.pagination' });
  return (
    <nav aria-label={t('label')} className={styles.pagination}>
      <ul className={styles.pages}>
        {page > 1 && (
          <li>
            <Link href={pageHref(path, page - 1)} className={styles.pageLink}>
              ‹ {t('previous')}
            </Link>
          </li>
        )}
        {pageWindow(page, last).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                href={pageHref(path, p)}
                className={`${styles.pageLink} ${p === page ? styles.contained : styles.outlined}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < last && (
          <li>
            <Link href={pageHref(path, page + 1)} className={styles.pageLink}>
              {t('next')} ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
