/**
 * The event's header card (spec §2 Event page; §3 Event; §4 Registration status): name, days,
 * venue with its address and map (EventMap), discipline, promoter, track length, timing
 * source, the registration status chip (open, closed, done) and "Complete" once the results
 * are final, and "Add to my calendar". Plain HTML from the server (issue 23: MUI's Paper, Chip
 * and Typography before); the open chip's text colour is chosen against the CMS success colour.
 */
import type { CSSProperties } from 'react';
import { getTranslations } from 'next-intl/server';
import { AddToCalendar } from '@/components/calendar/AddToCalendar';
import { BuyTickets } from '@/components/spectators/BuyTickets';
import { Icon } from '@/components/ui/Icon';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { describeEvent, EVENT_DISCIPLINES } from '@/lib/contracts/events';
import { Link } from '@/lib/i18n/navigation';
import { namesIn } from '@/components/organizations/names';
import { getSiteSettings } from '@/lib/cms';
import type { EventDetails, EventRegistration } from '@/lib/server/events';
import { formatEventDates } from '@/lib/format';
import { EventMap } from './EventMap';
import { addressLines, mapQuery, mapSearchUrl, textOn } from './event-format';
import css from './event-page.module.css';

/** Material icon CheckCircle (its path). */
const CHECK_CIRCLE = 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z';
const SOURCES = ['rmonitor', 'ecea-csv', 'ama-json'] as const;
/** Open stands out (filled, success colour), closed is outlined, done grey. */
const STATUS_CLASS = { open: css.chipOpen, closed: css.chipClosed, done: '' } as const;

export async function EventHeader({ locale, event, registration }: { locale: Locale; event: EventDetails; registration: EventRegistration }) {
  const [t, shell, settings, nameOf] = await Promise.all([
    getTranslations({ locale, namespace: 'eventPage' }),
    getTranslations({ locale, namespace: 'shell' }),
    getSiteSettings(locale),
    namesIn(locale),
  ]);
  const lines = addressLines(event);
  const query = mapQuery(event);
  const discipline = event.discipline
    ? (EVENT_DISCIPLINES as readonly string[]).includes(event.discipline)
      ? t(`disciplines.${event.discipline as (typeof EVENT_DISCIPLINES)[number]}`)
      : event.discipline
    : null;
  const source = SOURCES.find((s) => s === event.source) ?? null;
  const address = lines.map((line, i) => (
    <span key={i} className={css.line}>
      {line}
    </span>
  ));
  const colours = { '--on-success': textOn(settings.colors.success) } as CSSProperties;
  return (
    <section className={`${ui.outlinedPaper} ${css.header}`} aria-labelledby="event-name" style={colours}>
      <div className={css.headerTop}>
        <h2 id="event-name" className={`${ui.h5} ${css.wrap}`}>
          {event.name}
        </h2>
        <div className={css.chips} aria-label={t('statusLabel')} role="group">
          <span className={`${css.chip} ${STATUS_CLASS[registration.status]}`}>{t(`status.${registration.status}`)}</span>
          {event.isComplete && (
            <span className={css.chip}>
              <Icon path={CHECK_CIRCLE} size={18} />
              {t('complete')}
            </span>
          )}
        </div>
      </div>
      {event.isCancelled ? (
        <p role="status" className={`${ui.alert} ${ui.alertError}`} data-testid="event-cancelled">
          {t('cancelled')}
        </p>
      ) : null}
      <dl className={css.facts}>
        <dt>{event.endDate && event.endDate > event.startDate ? t('dates') : t('date')}</dt>
        <dd>
          <time dateTime={event.startDate}>{formatEventDates(event.startDate, event.endDate, locale)}</time>
        </dd>
        {(event.location || lines.length > 0) && (
          <>
            <dt>{t('venue')}</dt>
            <dd>
              {event.location && <span className={css.venue}>{event.location}</span>}
              {lines.length > 0 &&
                (query && !settings.mapsKey ? (
                  <a href={mapSearchUrl(query)} target="_blank" rel="noopener noreferrer">
                    {address}
                    <span className="visually-hidden"> {t('map.searchHint')} {shell('opensInNewTab')}</span>
                  </a>
                ) : (
                  <address className={css.address}>{address}</address>
                ))}
            </dd>
          </>
        )}
        {discipline && (
          <>
            <dt>{t('discipline')}</dt>
            <dd>{discipline}</dd>
          </>
        )}
        <dt>{t('promoter')}</dt>
        <dd>
          <Link href={`/promoters/${event.promoter.userId}`}>{nameOf(event.promoter)}</Link>
        </dd>
        {event.trackLengthKm !== null && (
          <>
            <dt>{t('trackLength')}</dt>
            <dd>{t('trackLengthValue', { km: event.trackLengthKm.toLocaleString(locale, { maximumFractionDigits: 2 }) })}</dd>
          </>
        )}
        {source && (
          <>
            <dt>{t('source')}</dt>
            <dd>{t(`sources.${source}`)}</dd>
          </>
        )}
      </dl>
      {describeEvent(event, locale) ? <div className={css.description}>{describeEvent(event, locale)}</div> : null}
      {query && settings.mapsKey && <EventMap locale={locale} mapsKey={settings.mapsKey} query={query} place={event.location ?? lines[0]} />}
      <div className={css.addToCalendar}>
        <AddToCalendar eventId={event.id} locale={locale} />
      </div>
      <BuyTickets locale={locale} eventId={event.id} />
    </section>
  );
}
