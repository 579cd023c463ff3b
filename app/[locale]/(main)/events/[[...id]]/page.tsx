/**
 * /events/{id?} (spec §2 Event page with races, registration, start grid, results and series;
 * §6 Event display): the event's header and its tabs (`?tab=`), rendered by EventView. With
 * no id, a malformed one, or an event the visitor may not see (the permission lookup is not 1,
 * or fails), the visitor goes to the default promoter's results page. Plain HTML from the
 * server (issue 23). `/events/{id}/register` is the event's registration (issue 27,
 * components/event-registration/RegisterPage).
 */
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { RegisterPage } from '@/components/event-registration/RegisterPage';
import { EventView } from '@/components/events/EventView';
import css from '@/components/events/event-page.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import { eventMetadata, eventOrDefaultResults } from '@/components/results/event-access';
import type { Locale } from '@/lib/i18n/routing';

type Props = {
  params: Promise<{ locale: Locale; id?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return eventMetadata((await params).id);
}

export default async function EventPage({ params, searchParams }: Props) {
  const { locale, id: segments } = await params;
  setRequestLocale(locale);
  // /events/{id}/register (issue 27): the event's registration, for a visitor who may see the event.
  if (segments?.length === 2 && segments[1] === 'register') {
    const event = await eventOrDefaultResults(segments.slice(0, 1), locale);
    return <RegisterPage locale={locale} event={event} search={await searchParams} />;
  }
  const event = await eventOrDefaultResults(segments, locale);
  const path = `/events/${event.id}`;
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={event.name} />
      <div className={`container ${css.page}`}>
        <EventView locale={locale} event={event} path={path} searchParams={await searchParams} />
      </div>
    </>
  );
}
