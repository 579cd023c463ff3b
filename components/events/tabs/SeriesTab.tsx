/**
 * The series tab (spec §2 Event page: series; §3 Series: name, start date, end date, race
 * count; §8 'There are no series available for this race'): the public series (championships)
 * this event counts for, each with its season, this event's round, and its standings where
 * they stand now — the top three of each class that raced this event, each class linking to its
 * full table on /series/{id} (SeriesLeaders, components/series). A series whose standings fail
 * says so ('Failed to fetch series results') without hiding the others. Plain HTML from the
 * server (issue 23: MUI's Paper, Stack and Typography before).
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatEventDates } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { getEventSeries } from '@/lib/server/events';
import { SeriesLeaders } from '@/components/series/SeriesLeaders';
import css from '../event-page.module.css';

export async function SeriesTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [series, t] = await Promise.all([getEventSeries(eventId), getTranslations({ locale, namespace: 'eventPage' })]);
  if (!series.length)
    return (
      <p role="status" className={css.none}>
        {t('series.none')}
      </p>
    );
  return (
    <div className={css.seriesList}>
      {series.map((s) => (
        <article key={s.id} aria-labelledby={`series-${s.id}-title`} className={`${ui.outlinedPaper} ${css.series}`} data-testid="event-series">
          <h3 id={`series-${s.id}-title`} className={`${ui.h6} ${css.wrap}`}>
            <Link href={`/series/${s.id}`}>{s.name}</Link>
          </h3>
          <p className={`${ui.body2} muted`}>
            {t('series.season', { dates: formatEventDates(s.startDate, s.endDate, locale) })}
            {' · '}
            {s.round > 0 ? t('series.round', { round: s.round, count: s.roundCount }) : t('series.rounds', { count: s.roundCount })}
          </p>
          <SeriesLeaders locale={locale} seriesId={s.id} seriesName={s.name} eventId={eventId} />
        </article>
      ))}
    </div>
  );
}
