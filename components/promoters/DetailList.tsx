/**
 * Contact details as a description list (label, value), two columns that stay inside a phone
 * screen (long addresses and links wrap). Empty values are left out; nothing when all are.
 * Plain HTML (issue 23): server-renderable, no MUI.
 */
import type { ReactNode } from 'react';
import styles from './promoters.module.css';

export function DetailList({ items }: { items: { label: string; value: ReactNode | null }[] }) {
  const shown = items.filter((i) => i.value !== null && i.value !== undefined && i.value !== '');
  if (!shown.length) return null;
  return (
    <dl className={`${styles.details} ${styles.body2}`}>
      {shown.map((i) => (
        <div key={i.label} className={styles.pair}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Plain paragraphs (already split). */
export function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((p, i) => (
        <p key={i} className={styles.paragraph}>
          {p}
        </p>
      ))}
    </>
  );
}
