/** /event-calendar (spec §2, §4 Calendar build): the month view from 2 years back. */
import Container from '@mui/material/Container';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CalendarView } from '@/components/calendar/CalendarView';
import type { Metadata } from 'next';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { contentLocale, type Locale } from '@/lib/i18n/routing';
import { buildCalendar, calendarStart } from '@/lib/server/calendar/build';
import { listCalendarEvents } from '@/lib/server/events';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'titles' });
  return pageMetadata(locale, '/event-calendar', t('calendar'));
}

export default async function EventCalendarPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const today = new Date();
  const events = await listCalendarEvents(calendarStart(today));
  const years = buildCalendar(events, { today, locale: contentLocale(locale) });
  const t = await getTranslations({ locale, namespace: 'titles' });
  return (
    <>
      <SubHeader locale={locale} path="/event-calendar" fallback={t('calendar')} />
      <Container sx={{ py: 3 }}>
        <CalendarView years={years} locale={locale} />
      </Container>
    </>
  );
}
