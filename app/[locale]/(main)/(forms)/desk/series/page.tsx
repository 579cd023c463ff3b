/**
 * /desk/series: the series (championships) on the promoter's desk (issue 24 "Series: create, add
 * or remove events, the rules …"): every series of the promoters the login works for (all for a
 * federation admin), hidden ones included, with a link to edit each and one for a new series.
 * Guarded like /desk (`desk.open`); per request, never indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import css from '@/components/desk/desk.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatEventDates } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { listDeskSeries } from '@/lib/server/desk';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/desk/series';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.series' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function DeskSeriesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('desk.open', null, PATH);
  const [list, t, td] = await Promise.all([listDeskSeries(viewer), getTranslations({ locale, namespace: 'desk.series' }), getTranslations({ locale, namespace: 'desk' })]);
  const many = new Set(list.map((s) => s.promoter.id)).size > 1;
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} parents={[{ label: td('title'), href: '/desk' }]} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <p className={css.actions}>
          <Link href="/desk">{td('back')}</Link>
          <Link href="/desk/series/new" className={`${ui.button} ${ui.contained}`}>
            {t('new')}
          </Link>
        </p>
        {list.length === 0 ? (
          <p role="status">{t('none')}</p>
        ) : (
          <div className={ui.tableScroll} role="region" aria-label={t('title')} tabIndex={0}>
            <table className={ui.table} data-testid="desk-series">
              <caption className="visually-hidden">{t('title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.name')}</th>
                  <th scope="col">{t('columns.dates')}</th>
                  {many ? <th scope="col">{td('columns.promoter')}</th> : null}
                  <th scope="col">{t('columns.events')}</th>
                  <th scope="col">{td('columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      <Link href={`/desk/series/${s.id}`}>{s.name}</Link>
                    </th>
                    <td>{formatEventDates(s.startDate, s.endDate, locale)}</td>
                    {many ? <td>{s.promoter.name}</td> : null}
                    <td>{s.events}</td>
                    <td>
                      <span className={`${ui.chip} ${s.isPublic ? '' : ui.chipOutlined}`}>{s.isPublic ? td('status.public') : td('status.hidden')}</span>
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
