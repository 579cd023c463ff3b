/**
 * /series/{id} (spec §2 /series/{id?} in the series layout; §3 Series, Series table; §4 Series
 * results): the series' name in the fixed title, what the series is (club, season, rounds,
 * rules), the standings kinds as links (`?view=riders|teams|clubs`, teams and clubs only when
 * the series has team rules; server-rendered, works without JavaScript), then the standings.
 */
import Container from '@mui/material/Container';
import { getTranslations } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import { SectionNav } from '@/components/promoters/SectionNav';
import type { Locale } from '@/lib/config';
import { parseSeriesQuery } from '@/lib/contracts/series';
import type { SeriesDetail } from '@/lib/server/series';
import { SeriesHeader } from './SeriesHeader';
import { SeriesStandings, type SeriesView } from './SeriesStandings';

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
      <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <SeriesHeader locale={locale} detail={detail} />
        {detail.rules.teams && (
          <div className="no-print">
            <SectionNav
              label={t('views.label')}
              links={(['riders', 'teams', 'clubs'] as const).map((v) => ({ href: v === 'riders' ? path : `${path}?view=${v}`, label: t(`views.${v}`), current: v === view }))}
            />
          </div>
        )}
        <SeriesStandings locale={locale} detail={detail} query={{ ...query, view: view === 'riders' ? undefined : view }} view={view} />
      </Container>
    </>
  );
}
