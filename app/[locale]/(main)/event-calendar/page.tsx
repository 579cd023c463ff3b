/**
 * /event-calendar (spec §2 Static pages and Event calendar views, §4 Calendar build): the whole
 * site's public events in the day, 4 day, week or month view (from the query: `view`, `date`,
 * `from`, `until`), and the links to subscribe to its iCalendar feed or download it. Plain
 * HTML from the server (issue 23).
 */
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Metadata } from 'next';
import { CalendarFeedLinks } from '@/components/calendar/CalendarFeedLinks';
import { EventCalendar } from '@/components/calendar/EventCalendar';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/i18n/routing';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'titles' });
  return pageMetadata(locale, '/event-calendar', t('calendar'));
}

export default async function EventCalendarPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'titles' });
  return (
    <>
      <SubHeader locale={locale} path="/event-calendar" fallback={t('calendar')} />
      <div className="container">
        <EventCalendar locale={locale} path="/event-calendar" searchParams={await searchParams} />
        <CalendarFeedLinks locale={locale} />
      </div>
    </>
  );
}
