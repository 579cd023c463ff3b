/**
 * /series/{id} (spec §2 /series/{id?} in the series layout; §3 Series, Series table; §4 Series
 * results): the series' name in the fixed title, what the series is (club, season, rounds,
 * rules), the standings kinds as links (`?view=riders|teams|clubs`, teams and clubs only when
 * the series has team rules; server-rendered, works without JavaScript), then the standings.
 * Plain HTML (issue 23: MUI's Container and the MUI SectionNav before); the page's own
 * JavaScript is only the small leaves of the standings (filters, table frame, season loader).
 */
import { getTranslations } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { parseSeriesQuery } from '@/lib/contracts/series';
import { Link } from '@/lib/i18n/navigation';
import type { SeriesDetail } from '@/lib/server/series';
import { SeriesHeader } from './SeriesHeader';
import { SeriesStandings, type SeriesView } from './SeriesStandings';
import css from './series.module.css';

export type SeriesSearch = Record<string, string | string[] | undefined>;

/** The view of the URL: teams and clubs only for a series with team rules, else the riders. */
export function seriesView(detail: Pick<SeriesDetail, 'rules'>, search: SeriesSearch): SeriesView {
  const { view } = parseSeriesQuery(search);
  return detail.rules.teams && (view === 'teams' || view === 'clubs') ? view : 'riders';
}

export async function SeriesPage({ locale, detail, search }: { locale: Locale; detail: SeriesDetail; search: SeriesSearch }) {
  const t = await getTranslations({ locale, namespace: 'series' });
  const query = parseSeriesQuery(search);
  const view = seriesView(detail, search);
  const path = `/series/${detail.id}`;
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={detail.name} title={detail.name} parents={[{ label: t('title'), href: '/series' }]} />
      <div className={css.page}>
        <SeriesHeader locale={locale} detail={detail} />
        {detail.rules.teams && (
          <nav aria-label={t('views.label')} className={`no-print ${css.views}`}>
            <ul className={`${ui.tabs} ${css.viewList}`}>
              {(['riders', 'teams', 'clubs'] as const).map((v) => (
                <li key={v}>
                  <Link href={v === 'riders' ? path : `${path}?view=${v}`} aria-current={v === view ? 'page' : undefined} className={ui.tab}>
                    {t(`views.${v}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <SeriesStandings locale={locale} detail={detail} query={{ ...query, view: view === 'riders' ? undefined : view }} view={view} />
      </div>
    </>
  );
}
