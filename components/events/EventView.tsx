/**
 * The body of an event page (spec §2 Event page with races, registration, start grid, results
 * and series; §4 Registration status, "an event can be complete"), shared by /events/{id} and
 * /organizations/{id}/events/{eventId}: the event's header card (dates, venue and map,
 * discipline, promoter, registration status, add to calendar), then the tabs as links
 * (`?tab=races|registration|grid|results|series`, races by default) with the current tab's
 * content, all rendered on the server (works without JavaScript). Only the current tab's
 * data is read. The caller has already applied the event display rule (spec §6).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/config';
import type { EventDetails } from '@/lib/server/events';
import { eventRegistration } from '@/lib/server/events';
import { EventHeader } from './EventHeader';
import { EventTabs } from './EventTabs';
import { parseEventTab, type EventTab } from './event-format';
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
    <Box sx={{ minWidth: 0 }}>
      <EventHeader locale={locale} event={event} registration={registration} />
      <EventTabs locale={locale} path={path} current={tab} />
      <Box component="section" aria-labelledby="event-tab-title" sx={{ pt: 2 }}>
        <Typography id="event-tab-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {t(`tabs.${tab}`)}
        </Typography>
        {panels[tab]}
      </Box>
    </Box>
  );
}
