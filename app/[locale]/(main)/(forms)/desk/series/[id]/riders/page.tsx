/**
 * /desk/series/{id}/riders: the riders of one series on the promoter's desk (issue 24 "Riders:
 * merge and split rider records (what `npm run riders` does) from the desk, with the standings
 * effect shown before confirming"; spec §3 Series table): its riders found by name or number, each
 * with its participant records, and the merge or split of ticked records with the class standings
 * rows it moves shown before confirming. `?q=` opens it on a search. Another promoter's series
 * answers like an unknown one (404).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import css from '@/components/desk/desk.module.css';
import { RiderMergeIsland } from '@/components/desk/islands';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { RIDERS_QUERY_MAX } from '@/lib/contracts/desk-riders';
import { parseId } from '@/lib/contracts/ids';
import { AppError } from '@/lib/errors';
import { Link } from '@/lib/i18n/navigation';
import { getDeskSeries, listDeskRiders } from '@/lib/server/desk';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale; id: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.riders' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function DeskSeriesRidersPage({ params, searchParams }: Props) {
  const { locale, id: raw } = await params;
  setRequestLocale(locale);
  const id = parseId(raw);
  const path = `/desk/series/${raw}/riders`;
  const viewer = await authorize('desk.open', null, path);
  if (id === null) notFound();
  const found = await getDeskSeries(viewer, id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') notFound();
    throw err;
  });
  const { q: asked } = await searchParams;
  const q = (Array.isArray(asked) ? asked[0] : asked)?.trim().slice(0, RIDERS_QUERY_MAX) ?? '';
  const [riders, t, td, ts] = await Promise.all([
    listDeskRiders(viewer, id, q),
    getTranslations({ locale, namespace: 'desk.riders' }),
    getTranslations({ locale, namespace: 'desk' }),
    getTranslations({ locale, namespace: 'desk.series' }),
  ]);
  return (
    <>
      <SubHeader
        locale={locale}
        path={path}
        fallback={t('title')}
        parents={[
          { label: td('title'), href: '/desk' },
          { label: ts('title'), href: '/desk/series' },
          { label: found.series.name, href: `/desk/series/${id}` },
        ]}
      />
      <div className="container">
        <p className={css.actions}>
          <Link href={`/desk/series/${id}`}>{t('back')}</Link>
          <Link href={`/series/${id}`}>{ts('viewPublic')}</Link>
        </p>
        <p className={css.intro}>{t('intro', { name: found.series.name })}</p>
        <RiderMergeIsland seriesId={id} initialQuery={q} initial={riders} />
      </div>
    </>
  );
}
