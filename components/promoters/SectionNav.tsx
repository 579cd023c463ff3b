/**
 * Tabs as links (house rule: server-rendered tab switching, works without JavaScript): a
 * named `nav` of links, the current one marked `aria-current="page"`. Used by the promoter
 * page (`?tab=calendar|events|championship`), the organization sections and the series views.
 * Phone first: the links wrap onto a second line instead of widening the page. Plain HTML
 * (issue 23): server-renderable, no MUI.
 */
import { Link } from '@/lib/i18n/navigation';
import styles from './promoters.module.css';

export interface SectionLink {
  /** A site path without language prefix. */
  href: string;
  label: string;
  current: boolean;
}

export function SectionNav({ label, links }: { label: string; links: SectionLink[] }) {
  return (
    <nav aria-label={label} className={styles.sectionNav}>
      <ul className={styles.sectionList}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={link.current ? 'page' : undefined} className={styles.sectionLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
