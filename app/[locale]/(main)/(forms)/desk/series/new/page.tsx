/**
 * /desk/series/new: a new series on the promoter's desk (issue 24; spec §3 Series), of one of the
 * promoters the login works for (`?promoter=` chooses among several; every promoter for an admin),
 * with that promoter's events to choose its rounds from and the live preview of its standings.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import css from '@/components/desk/desk.module.css';
import { SeriesFormIsland } from '@/components/desk/islands';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { seriesRules } from '@/lib/contracts/series';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { listDeskPromoters, listEventClasses, listPromoterEvents } from '@/lib/server/desk';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ promoter?: string | string[] }> };

const PATH = '/desk/series/new';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.series' });
  return { title: t('newTitle'), robots: { index: false, follow: false } };
}

export default async function NewDeskSeriesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('desk.open', null, PATH);
  const [promoters, t, td, { promoter: asked }] = await Promise.all([listDeskPromoters(viewer), getTranslations({ locale, namespace: 'desk.series' }), getTranslations({ locale, namespace: 'desk' }), searchParams]);
  if (!promoters.length) notFound();
  const promoter = promoters.find((p) => p.id === parseId(asked)) ?? promoters[0]!;
  const events = await listPromoterEvents(promoter.id);
  const options = await listEventClasses(events.map((e) => e.id));
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('newTitle')} parents={[{ label: td('title'), href: '/desk' }, { label: t('title'), href: '/desk/series' }]} />
      <div className="container">
        <p className={css.actions}>
          <Link href="/desk/series">{t('back')}</Link>
        </p>
        {promoters.length > 1 ? (
          <nav aria-label={td('fields.promoter')} className={css.actions}>
            <span>{td('fields.promoter')}:</span>
            {promoters.map((p) =>
              p.id === promoter.id ? (
                <strong key={p.id} aria-current="true">
                  {p.name}
                </strong>
              ) : (
                <Link key={p.id} href={`${PATH}?promoter=${p.id}`}>
                  {p.name}
                </Link>
              ),
            )}
          </nav>
        ) : null}
        <SeriesFormIsland
          key={promoter.id}
          seriesId={null}
          promoterId={promoter.id}
          initial={null}
          defaults={seriesRules.parse({})}
          events={events.map((e) => ({ ...e, date: formatDate(e.startDate, locale) }))}
          classOptions={options.classes}
          groupOptions={options.groups}
        />
      </div>
    </>
  );
}
