/**
 * Documents to download (spec §2 Static pages: /documents, the rulebook on /rules). Phone
 * first: one card per document, never wider than the screen, with its title, description,
 * type (translated), date and file size in the page's language, and a download link whose
 * text names the file and its format for screen readers ("Download: Rulebook 2026 (PDF, 182 KB)").
 * Plain HTML (issue 23): one column, two from 900 px.
 */
import { getTranslations } from 'next-intl/server';
import { documentDate, fileFormat, formatFileSize, mediaUrl, type CmsDocument } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import styles from './content.module.css';

export async function DocumentList({ documents, locale, headingLevel = 2 }: { documents: CmsDocument[]; locale: Locale; headingLevel?: 2 | 3 }) {
  const t = await getTranslations({ locale, namespace: 'content.documents' });
  const units = { kb: t('kb'), mb: t('mb') };
  const Heading = `h${headingLevel}` as const;
  return (
    <ul data-testid="document-list" className={`${styles.list} ${styles.grid2}`}>
      {documents.map((d) => {
        const href = mediaUrl(d.File?.url);
        const format = d.File ? fileFormat(d.File) : null;
        const size = d.File?.size != null ? formatFileSize(d.File.size, locale, units) : null;
        const date = documentDate(d);
        const details = [format, size].filter(Boolean).join(', ');
        return (
          <li key={d.id}>
            <article aria-labelledby={`document-${d.id}`} className={`${styles.card} ${styles.padded} ${styles.column}`}>
              <Heading id={`document-${d.id}`} className={styles.cardTitle}>
                {d.Title}
              </Heading>
              {d.Description && <p className={styles.text}>{d.Description}</p>}
              <dl className={styles.details}>
                <dt>{t('type')}</dt>
                <dd>{t(`types.${d.Type}`)}</dd>
                {date && (
                  <>
                    <dt>{t('date')}</dt>
                    <dd>
                      <time dateTime={date}>{formatDate(date, locale)}</time>
                    </dd>
                  </>
                )}
                {size && (
                  <>
                    <dt>{t('size')}</dt>
                    <dd>{size}</dd>
                  </>
                )}
              </dl>
              <div className={styles.download}>
                {href ? (
                  <a href={href} download={d.File?.name ?? ''} type={d.File?.mime ?? undefined}>
                    {t('download')}
                    <span className="visually-hidden">: {d.Title}</span>
                    {details && ` (${details})`}
                  </a>
                ) : (
                  <p className={styles.small}>{t('noFile')}</p>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
