/**
 * What a content page shows when it has nothing to show (spec §2 Static pages): a sentence in
 * the page's language, announced politely (role=status). The same place says when the CMS is
 * unavailable; the page still answers 200. A plain paragraph (issue 23: no MUI).
 */
import type { ReactNode } from 'react';
import styles from './content.module.css';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.empty}>
      {children}
    </p>
  );
}
