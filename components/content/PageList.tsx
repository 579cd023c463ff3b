/**
 * A list of linked entries with a short description (spec §2: /simple-page without a
 * SeoLink, /presentation without an id): each entry's title links to its page. Plain HTML
 * (issue 23).
 */
import { Link } from '@/lib/i18n/navigation';
import styles from './content.module.css';

export interface PageListItem {
  key: string | number;
  /** A site path without language prefix (`/simple-page/privacy`). */
  href: string;
  title: string;
  description: string | null;
}

export function PageList({ items, testId }: { items: PageListItem[]; testId?: string }) {
  return (
    <ul data-testid={testId} className={styles.list}>
      {items.map((item) => (
        <li key={item.key} className={`${styles.card} ${styles.padded}`}>
          <h2 className={item.description ? `${styles.cardTitle} ${styles.titleSpaced}` : styles.cardTitle}>
            <Link href={item.href}>{item.title}</Link>
          </h2>
          {item.description && <p className={styles.text}>{item.description}</p>}
        </li>
      ))}
    </ul>
  );
}
