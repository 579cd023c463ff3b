/**
 * One event in a calendar view (spec §2 Event calendar views, §3 Calendar "events carry a
 * start date and a title of weekday and day", §4 Registration status): its day title, its name
 * linking to /events/{id}, the venue and city, the discipline and a chip with the registration
 * status (open, closed or done). A list item: the views put it in a `<ul>`. Plain HTML (issue
 * 23: MUI's Chip and Typography before); the open chip's text colour comes from the calendar.
 */
import type { CalendarEntry } from '@/lib/contracts/calendar';
import { Link } from '@/lib/i18n/navigation';
import css from './calendar.module.css';

/** The translated texts an event item shows (built once per calendar). */
export interface EventItemLabels {
  status: Record<CalendarEntry['registrationStatus'], string>;
  /** The chip of a cancelled event. */
  cancelled: string;
  discipline: (discipline: string) => string;
}

export function CalendarEventItem({ event, title, labels, compact = false }: { event: CalendarEntry; title: string; labels: EventItemLabels; compact?: boolean }) {
  const place = [event.location, event.city].filter(Boolean).join(', ');
  return (
    <li data-event-id={event.id} className={compact ? `${css.event} ${css.compact}` : css.event}>
      <p className={css.eventDay}>
        <time dateTime={event.startDate}>{title}</time>
      </p>
      <p className={css.eventName}>
        <Link href={`/events/${event.id}`}>{event.name}</Link>
      </p>
      {place && <p className={css.eventPlace}>{place}</p>}
      <div className={css.eventTags}>
        {event.discipline && <span className={css.discipline}>{labels.discipline(event.discipline)}</span>}
        <span className={css.chip} data-status={event.cancelled ? 'cancelled' : event.registrationStatus}>
          {event.cancelled ? labels.cancelled : labels.status[event.registrationStatus]}
        </span>
      </div>
    </li>
  );
}
