/** Renders CMS HTML after sanitising it (lib/cms/html). Plain HTML, no MUI (issue 23). */
import { sanitizeRichText } from '@/lib/cms/html';
import type { Locale } from '@/lib/i18n/routing';
import styles from './content.module.css';

export function RichText({ html, locale }: { html: string | null | undefined; locale: Locale }) {
  return <div className={`rich-text ${styles.richText}`} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html, locale) }} />;
}
