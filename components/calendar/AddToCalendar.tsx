/**
 * "Add to my calendar" for one event (spec §2: every event can be added to a personal
 * calendar): a button-looking link downloading the event's `.ics` (RFC 5545) from the API,
 * whose event address is in the page's language. Its accessible name names the file type.
 * Plain HTML from the server (issue 23: MUI's Button before).
 */
import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import { EVENT } from '@/components/ui/icons/event';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { icsHref, icsPaths } from '@/lib/contracts/calendar';
import css from './calendar.module.css';

export async function AddToCalendar({ eventId, locale }: { eventId: number; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'calendarViews' });
  return (
    <a href={icsHref(icsPaths.event(eventId), locale)} download className={`${ui.button} ${ui.outlined} ${css.tall}`} data-testid="add-to-calendar">
      <Icon path={EVENT} size={20} />
      {t('addToCalendar')}
      <span className="visually-hidden"> {t('icsFile')}</span>
    </a>
  );
}
