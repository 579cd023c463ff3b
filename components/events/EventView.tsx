/**
 * The body of an event page (spec §2 Event page with races, registration, start grid, results
 * and series; §4 Registration status, "an event can be complete"), shared by /events/{id} and
 * /organizations/{id}/events/{eventId}: the event's header card (dates, venue and map,
 * discipline, promoter, registration status, add to calendar), then the tabs as links
 * (`?tab=races|registration|grid|results|series`, races by default) with the current tab's
 * content, all rendered on the server as plain HTML (issue 23: no client JavaScript of its own;
 * works without JavaScript). Only the current tab's data is read. The caller has already
 * applied the event display rule (spec §6).
 */
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { EventDetails } from '@/lib/server/events';
import { eventRegistration } from '@/lib/server/events';
import { EventHeader } from './EventHeader';
import { EventTabs } from './EventTabs';
import { parseEventTab, type EventTab } from './event-format';
import css from './event-page.module.css';
import { RacesTab } from './tabs/RacesTab';
import { RegistrationTab } from './tabs/RegistrationTab';
import { ResultsTab } from './tabs/ResultsTab';
import { SeriesTab } from './tabs/SeriesTab';
import { StartGridTab } from './tabs/StartGridTab';

export interface EventViewProps {
  locale: Locale;
  event: EventDetails;
  /** The page's path without the locale ('/events/12', '/organizations/1/events/12'): tab links keep it. */
  path: string;
  /** The page's search params as Next hands them (already awaited). */
  searchParams: Record<string, string | string[] | undefined>;
}

export async function EventView({ locale, event, path, searchParams }: EventViewProps) {
  const tab: EventTab = parseEventTab(searchParams.tab);
  const t = await getTranslations({ locale, namespace: 'eventPage' });
  const registration = eventRegistration(event);
  // Elements, not renders: only the current tab's component runs (and reads its data).
  const panels: Record<EventTab, ReactNode> = {
    races: <RacesTab locale={locale} eventId={event.id} />,
    registration: <RegistrationTab locale={locale} event={event} registration={registration} />,
    grid: <StartGridTab locale={locale} eventId={event.id} />,
    results: <ResultsTab locale={locale} eventId={event.id} />,
    series: <SeriesTab locale={locale} eventId={event.id} />,
  };
  return (
    <div className={css.view}>
      <EventHeader locale={locale} event={event} registration={registration} />
      <EventTabs locale={locale} path={path} current={tab} />
      <section aria-labelledby="event-tab-title" className={css.panel}>
        <h2 id="event-tab-title" className={`${ui.h6} ${css.panelTitle}`}>
          {t(`tabs.${tab}`)}
        </h2>
        {panels[tab]}
      </section>
    </div>
  );
}
