/**
 * /eventScores/{id?} (spec §2): every result of an event on one page, race by race, each in
 * its default view (teams first for a team enduro) with its downloads and a link to the
 * race's full results with filters and rider details. The event display rule of §6 applies:
 * no id, a malformed one or an event the visitor may not see goes to the default promoter's
 * results.
 *
 * Plain HTML (issue 23): a server component with no MUI and no client code of its own (each
 * race's table is the same server-rendered HTML as on /races/{id}, without controls).
 */
import type { Metadata } from 'next';
import { eventMetadata, eventOrDefaultResults } from '@/components/results/event-access';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RaceResults } from '@/components/results/RaceResults';
import { SubHeader } from '@/components/layout/SubHeader';
import css from '@/components/results/results.module.css';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { elide, formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { listEventRaces } from '@/lib/server/events';
import { getRace, toRaceView, type RaceInfo } from '@/lib/server/races';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return eventMetadata((await params).id);
}

export default async function EventScoresPage({ params }: Props) {
  const { locale, id: segments } = await params;
  setRequestLocale(locale);
  const event = await eventOrDefaultResults(segments, locale);
  const [list, t, te] = await Promise.all([listEventRaces(event.id), getTranslations({ locale, namespace: 'race' }), getTranslations({ locale, namespace: 'event' })]);
  const races = (await Promise.all(list.map((r) => getRace(r.id)))).filter((r): r is RaceInfo => r !== null && r.isPublic);
  return (
    <>
      <SubHeader locale={locale} path={`/eventScores/${event.id}`} fallback={event.name} />
      <div className={css.page}>
        <p className={`${css.back} no-print`}>
          <Link href={`/events/${event.id}`}>← {event.name}</Link>
          {' · '}
          <time dateTime={event.startDate}>{formatDate(event.startDate, locale)}</time>
        </p>
        <h2 className={`${ui.h5} ${css.overview}`}>{t('raceOverview', { event: event.name, elide: elide(event.name) })}</h2>
        {races.length === 0 && <p role="status">{te('noRaces')}</p>}
        {races.map((race) => (
          <section key={race.id} aria-labelledby={`race-${race.id}`} className={css.raceSection}>
            <h3 id={`race-${race.id}`} className={ui.h6}>
              {race.name}
              {race.runNumber !== null && races.some((other) => other.id !== race.id && other.name === race.name) ? ` (${t('runNumber', { number: race.runNumber })})` : ''}
            </h3>
            <p className={`${ui.body2} no-print`}>
              <Link href={`/races/${race.id}`}>{t('openRace', { race: race.name, elide: elide(race.name) })} →</Link>
            </p>
            <RaceResults race={toRaceView(race)} locale={locale} query={{}} compact />
          </section>
        ))}
      </div>
    </>
  );
}
