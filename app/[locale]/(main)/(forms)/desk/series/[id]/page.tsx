/**
 * /desk/series/{id}: one series on the promoter's desk (issue 24 "Series: create, add or remove
 * events, the rules as a form over the engine's rules … with a live preview of the standings
 * before saving"; spec §3 Series): its form with the preview, a link to its public standings,
 * and every desk change of it. Another promoter's series answers like an unknown one (404).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { AuditList } from '@/components/desk/AuditList';
import css from '@/components/desk/desk.module.css';
import { SeriesFormIsland } from '@/components/desk/islands';
import { SubHeader } from '@/components/layout/SubHeader';
import { Alert } from '@/components/ui/Alert';
import type { Locale } from '@/lib/config';
import { seriesRules } from '@/lib/contracts/series';
import { parseId } from '@/lib/contracts/ids';
import { AppError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { getDeskSeries, listEventClasses, listPromoterEvents, listSeriesAudit } from '@/lib/server/desk';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.series' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function DeskSeriesEditPage({ params }: Props) {
  const { locale, id: raw } = await params;
  setRequestLocale(locale);
  const id = parseId(raw);
  const path = `/desk/series/${raw}`;
  const viewer = await authorize('desk.open', null, path);
  if (id === null) notFound();
  const found = await getDeskSeries(viewer, id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') notFound();
    throw err;
  });
  const [events, audit, t, td] = await Promise.all([listPromoterEvents(found.promoterId, id), listSeriesAudit(id), getTranslations({ locale, namespace: 'desk.series' }), getTranslations({ locale, namespace: 'desk' })]);
  const options = await listEventClasses(events.map((e) => e.id));
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={found.series.name} parents={[{ label: td('title'), href: '/desk' }, { label: t('title'), href: '/desk/series' }]} />
      <div className="container">
        <p className={css.actions}>
          <Link href="/desk/series">{t('back')}</Link>
          <Link href={`/series/${id}`}>{t('viewPublic')}</Link>
          <Link href={`/desk/series/${id}/riders`}>{td('riders.link')}</Link>
        </p>
        {found.rulesValid ? null : <Alert severity="warning">{t('rulesInvalid')}</Alert>}
        <SeriesFormIsland
          seriesId={id}
          initial={found.series}
          defaults={seriesRules.parse({})}
          events={events.map((e) => ({ ...e, date: formatDate(e.startDate, locale) }))}
          classOptions={[...new Set([...options.classes, ...found.series.rules.classes])]}
          groupOptions={[...new Set([...options.groups, ...found.series.rules.classGroups])]}
        />
        <AuditList audit={audit} locale={locale} what="series" />
      </div>
    </>
  );
}
