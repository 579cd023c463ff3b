/**
 * The desk's audit log of one record (issue 24 "Audit log: every desk change recorded (who, when,
 * before, after) and listed per event"): each change, newest first, with who made it, when (the
 * federation's time zone) and which fields changed, named in the page's language. A server
 * component: it ships no JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { formatDateTime } from '@/lib/format';
import type { DeskAuditRow } from '@/lib/server/desk';
import css from './desk.module.css';

/** The audit log of an event (its own changes and its races') or of a series. */
export async function AuditList({ audit, locale, what }: { audit: DeskAuditRow[]; locale: Locale; what: 'event' | 'series' }) {
  const t = await getTranslations({ locale, namespace: 'desk' });
  const field = (entity: DeskAuditRow['entity'], key: string): string => {
    if (entity === 'race') return key === 'isPublic' ? t('races.public') : key === 'resultsStatus' ? t('races.status') : key === 'columns' ? t('races.columnsField') : t('races.name');
    if (entity === 'series') return t.has(`series.fields.${key}`) ? t(`series.fields.${key}` as 'series.fields.name') : key;
    if (key === 'hostClubs') return t('fields.hostClubs');
    if (key === 'liveFeed') return t('live.title');
    return t.has(`fields.${key}`) ? t(`fields.${key}` as 'fields.name') : key;
  };
  const fields = (a: DeskAuditRow) => Object.keys(a.changes).map((k) => field(a.entity, k)).join(', ');
  return (
    <section aria-labelledby="desk-audit">
      <h2 id="desk-audit" className={css.formTitle}>
        {t('audit.title')}
      </h2>
      {audit.length === 0 ? (
        <p>{t('audit.none')}</p>
      ) : (
        <ol className={css.audit} data-testid="desk-audit">
          {audit.map((a) => (
            <li key={a.id}>
              <time dateTime={a.at}>{formatDateTime(new Date(a.at), locale)}</time>
              {a.action === 'create'
                ? what === 'series'
                  ? t('audit.seriesCreated', { by: a.by })
                  : t('audit.created', { by: a.by })
                : a.entity === 'race'
                  ? t('audit.raceUpdated', { by: a.by, race: a.subject ?? '', fields: fields(a) })
                  : t('audit.updated', { by: a.by, fields: fields(a) })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
