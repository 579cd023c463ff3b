/**
 * /promoters/{id} (spec §2 /promoters/{id?}, "Promoters list with tabs Calendar, Events and
 * Championship"): one club by its promoter user id: its details, then the tabs as links
 * (`?tab=calendar|events|championship`, calendar by default): its event calendar with its
 * iCalendar feed, its public events (upcoming first, then by season), its public series with their class leaders.
 * Unknown, malformed or hidden → 404 (the §6 Promoter display redirect runs in proxy.ts).
 * Plain HTML (issue 23): no MUI.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CalendarFeedLinks } from '@/components/calendar/CalendarFeedLinks';
import { EventCalendar } from '@/components/calendar/EventCalendar';
import { SubHeader } from '@/components/layout/SubHeader';
import { EventCards } from '@/components/promoters/EventCards';
import { PromoterDetailsPanel } from '@/components/promoters/PromoterDetailsPanel';
import { SectionNav } from '@/components/promoters/SectionNav';
import styles from '@/components/promoters/promoters.module.css';
import { SeriesCards } from '@/components/promoters/SeriesCards';
import { SeriesLeaders } from '@/components/series/SeriesLeaders';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { federationDate } from '@/lib/format';
import { promoterIn } from '@/components/organizations/names';
import { getPublicPromoter, listPromoterEventsBySeason, listSeriesOfPromoters } from '@/lib/server/promoters';

const TABS = ['calendar', 'events', 'championship'] as const;
type Tab = (typeof TABS)[number];

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: Locale; id: string }>; searchParams: Promise<SearchParams> };

/** The tab of `?tab=` (the first when repeated); anything else is the calendar. */
function readTab(value: string | string[] | undefined): Tab {
  const v = Array.isArray(value) ? value[0] : value;
  return (TABS as readonly string[]).includes(v ?? '') ? (v as Tab) : 'calendar';
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const userId = parseId(id);
  const found = userId === null ? null : await getPublicPromoter(userId);
  if (!found) return {};
  const promoter = await promoterIn(locale, found);
  const t = await getTranslations({ locale, namespace: 'directory.promoter' });
  return { title: t(`meta.${readTab((await searchParams).tab)}`, { name: promoter.name }) };
}

export default async function PromoterPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const userId = parseId(id);
  const found = userId === null ? null : await getPublicPromoter(userId);
  if (!found) notFound();
  const promoter = await promoterIn(locale, found);
  const query = await searchParams;
  const tab = readTab(query.tab);
  const [t, tp] = await Promise.all([getTranslations({ locale, namespace: 'directory.promoter' }), getTranslations({ locale, namespace: 'directory.promoters' })]);
  const path = `/promoters/${promoter.userId}`;
  const scope = { promoterUserId: promoter.userId };

  return (
    <>
      <SubHeader locale={locale} path={path} fallback={promoter.name} title={promoter.name} parents={[{ label: tp('title'), href: '/promoters' }]} />
      <div className="container">
        <PromoterDetailsPanel locale={locale} promoter={promoter} />
        <SectionNav label={t('tabsLabel')} links={TABS.map((k) => ({ href: k === 'calendar' ? path : `${path}?tab=${k}`, label: t(`tabs.${k}`), current: k === tab }))} />
        {/* The calendar's own heading (the month shown) is the tab's h2. */}
        {tab !== 'calendar' && (
          <h2 className={styles.tabHeading}>{t(`tabs.${tab}`)}</h2>
        )}
        {tab === 'calendar' && (
          <>
            <EventCalendar locale={locale} path={path} searchParams={query} scope={scope} keep={['tab']} />
            <CalendarFeedLinks locale={locale} scope={scope} />
          </>
        )}
        {tab === 'events' && <EventCards locale={locale} level={3} events={await listPromoterEventsBySeason(promoter.id, federationDate())} />}
        {tab === 'championship' && (
          <SeriesCards
            locale={locale}
            level={3}
            series={await listSeriesOfPromoters([promoter.id])}
            empty={t('noSeries')}
            details={(s) => (s.rounds ? <SeriesLeaders locale={locale} seriesId={s.id} seriesName={s.name} /> : null)}
          />
        )}
      </div>
    </>
  );
}
