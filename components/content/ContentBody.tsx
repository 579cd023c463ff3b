/**
 * CMS rich text for a content page (simple pages, the rulebook, news, presentations) that
 * never makes the page wider than the screen (DESIGN.md, Phone first): long words wrap,
 * images shrink, and content holding a table (the series archive) scrolls sideways inside
 * its own box, which is then a named, keyboard-focusable region so it can be scrolled
 * without a mouse. Plain HTML (issue 23).
 */
import { RichText } from '@/components/content/RichText';
import type { Locale } from '@/lib/i18n/routing';
import styles from './content.module.css';

export function ContentBody({ html, locale, label }: { html: string; locale: Locale; label: string }) {
  const wide = /<table[\s>]/i.test(html);
  return (
    <div {...(wide ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})} data-testid="content-body" className={styles.body}>
      <RichText html={html} locale={locale} />
    </div>
  );
}
