/**
 * /desk: the promoter's desk (issue 24; spec §1 "Promoters and organizers manage events"): the
 * events of the promoters the login works for (all for a federation admin), hidden ones
 * included, each with its state and a link to edit it, and a button for a new one. Without a
 * session the proxy sends the visitor to the login; a login that manages no promoter gets the
 * 404 page (`authorize('desk.open')`). Per request, never indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import css from '@/components/desk/desk.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatEventDates } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { listDeskEvents } from '@/lib/server/desk';
import { can } from '@/lib/server/policy';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/desk';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function DeskPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('desk.open', null, PATH);
  const [events, t] = await Promise.all([listDeskEvents(viewer), getTranslations({ locale, namespace: 'desk' })]);
  const many = new Set(events.map((e) => e.promoter.id)).size > 1;
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <p className={css.actions}>
          <Link href="/desk/events/new" className={`${ui.button} ${ui.contained}`}>
            {t('newEvent')}
          </Link>
          <Link href="/desk/series">{t('series.link')}</Link>
          <Link href="/desk/classes">{t('classes.link')}</Link>
          <Link href="/desk/club">{t('texts.link')}</Link>
          {can(viewer, 'licences.confirm', null) ? <Link href="/desk/licences">{t('licences.title')}</Link> : null}
        </p>
        {events.length === 0 ? (
          <p role="status">{t('none')}</p>
        ) : (
          <div className={ui.tableScroll} role="region" aria-label={t('events')} tabIndex={0}>
            <table className={ui.table} data-testid="desk-events">
              <caption className="visually-hidden">{t('events')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.name')}</th>
                  <th scope="col">{t('columns.dates')}</th>
                  {many ? <th scope="col">{t('columns.promoter')}</th> : null}
                  <th scope="col">{t('columns.races')}</th>
                  <th scope="col">{t('columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e.id}>
                    <th scope="row">
                      <Link href={`/desk/events/${e.id}`}>{e.name}</Link>
                    </th>
                    <td>{formatEventDates(e.startDate, e.endDate, locale)}</td>
                    {many ? <td>{e.promoter.name}</td> : null}
                    <td>{e.races}</td>
                    <td>
                      <span className={css.status}>
                        <span className={`${ui.chip} ${e.isPublic ? '' : ui.chipOutlined}`}>{e.isPublic ? t('status.public') : t('status.hidden')}</span>
                        {e.registrationOpen ? <span className={ui.chip}>{t('status.registration')}</span> : null}
                        {e.isComplete ? <span className={`${ui.chip} ${ui.chipOutlined}`}>{t('status.complete')}</span> : null}
                        {e.isCancelled ? <span className={`${ui.chip} ${ui.chipOutlined}`}>{t('status.cancelled')}</span> : null}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
