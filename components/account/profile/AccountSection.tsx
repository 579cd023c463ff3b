/**
 * One section of the account pages (issue 11 "Profiles"): a landmark `<section>` named by its
 * heading (h2; the page title is the h1 of the sub-header), an anchor id the page's
 * table of contents links to, and an optional short introduction. Plain HTML (issue 23).
 */
import type { ReactNode } from 'react';
import styles from './account.module.css';

export function AccountSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={styles.section} data-testid={`account-${id}`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}

/** An empty state inside a section ('No results yet' …). */
export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className={styles.empty} data-testid={testId}>
      {children}
    </p>
  );
}
