/** The footer (spec §2 Navigation: items ordered by sort_order, fetched per locale); plain HTML (issue 23). */
import { getTranslations } from 'next-intl/server';
import { getFooter } from '@/lib/cms';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { isExternalLink } from '@/lib/navigation';
import styles from './shell.module.css';

export async function SiteFooter({ locale }: { locale: Locale }) {
  const [items, t] = await Promise.all([getFooter(locale), getTranslations({ locale, namespace: 'shell' })]);
  return (
    <footer aria-label={t('footer')} className={styles.footer}>
      <ul className={styles.footerList}>
        {items.map((item) => {
          const newTab = item.IsOpenInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
          return (
            <li key={item.id}>
              {!item.page_link ? (
                item.name
              ) : isExternalLink(item.page_link) ? (
                <a href={item.page_link} {...newTab}>
                  {item.name}
                </a>
              ) : (
                <Link href={item.page_link} {...newTab}>
                  {item.name}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </footer>
  );
}
