/**
 * "Add to my calendar" for one event (spec §2: every event can be added to a personal
 * calendar): a button-looking link downloading the event's `.ics` (RFC 5545) from the API,
 * whose event address is in the page's language. Its accessible name names the file type.
 */
import Button from '@mui/material/Button';
import EventIcon from '@mui/icons-material/Event';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { icsHref, icsPaths } from '@/lib/contracts/calendar';

export async function AddToCalendar({ eventId, locale }: { eventId: number; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'calendarViews' });
  return (
    <Button href={icsHref(icsPaths.event(eventId), locale)} download variant="outlined" startIcon={<EventIcon />} sx={{ minHeight: 44 }} data-testid="add-to-calendar">
      {t('addToCalendar')}
      <span className="visually-hidden"> {t('icsFile')}</span>
    </Button>
  );
}
