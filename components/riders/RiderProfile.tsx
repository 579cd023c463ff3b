/**
 * The public rider page's body (issue 25 "One rider, one profile"): facts (race numbers,
 * classes, club or team, hometown unless a minor, races), then the series standings, the
 * results by season and event, and the best laps. A server component: plain HTML and CSS
 * (./riders.module.css), no client JavaScript. Phone first: every table scrolls inside its own
 * box with the race or series name kept in view, so the page is never wider than the screen.
 * Empty states are worded (no series yet, no lap times).
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { placeText } from '@/components/trackside/RacerResults';
import type { Locale } from '@/lib/config';
import { formatDate, formatRaceTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { ProfileEvent, RiderProfile as Profile } from '@/lib/server/riders';
import css from './riders.module.css';

export async function RiderProfile({ locale, profile }: { locale: Locale; profile: Profile }) {
  const [t, ts] = await Promise.all([getTranslations({ locale, namespace: 'riders' }), getTranslations({ locale, namespace: 'states' })]);
  const dash = '—';
  const list = (values: string[]) => (values.length ? values.join(', ') : dash);
  const facts: [string, string][] = [
    [t('facts.numbers'), list(profile.numbers)],
    [t('facts.classes'), list(profile.classes)],
    ...(profile.clubs.length ? [[t('facts.clubs'), list(profile.clubs)] as [string, string]] : []),
    ...(profile.location ? [[t('facts.location'), profile.location] as [string, string]] : []),
    [t('facts.races'), t('racesCount', { count: profile.raceCount })],
  ];
  return (
    <>
      <p className={css.intro}>{t('intro')}</p>
      <dl className={css.facts} data-testid="rider-facts">
        {facts.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <nav aria-label={t('sections')}>
        <ul className={css.nav}>
          <li>
            <a className={`${ui.chip} ${ui.chipOutlined}`} href="#rider-series">
              {t('series.heading')}
            </a>
          </li>
          <li>
            <a className={`${ui.chip} ${ui.chipOutlined}`} href="#rider-seasons">
              {t('seasons.heading')}
            </a>
          </li>
          <li>
            <a className={`${ui.chip} ${ui.chipOutlined}`} href="#rider-best-laps">
              {t('bestLaps.heading')}
            </a>
          </li>
        </ul>
      </nav>

      <section id="rider-series" aria-labelledby="rider-series-title" className={css.part}>
        <h2 id="rider-series-title" className={`${ui.h5} ${css.partTitle}`}>
          {t('series.heading')}
        </h2>
        {profile.series.failed.map((s) => (
          <Alert key={s.id} severity="error">
            {t('series.failed')}: {s.name}
          </Alert>
        ))}
        {profile.series.series.length === 0 ? (
          <p role="status" className={css.text}>
            {t('series.none')}
          </p>
        ) : (
          <div className={`${ui.tableScroll} ${css.tableBox}`}>
            <table aria-labelledby="rider-series-title" data-testid="rider-series" className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">{t('series.series')}</th>
                  <th scope="col" className={ui.num}>
                    {t('series.position')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('series.points')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('series.eventsScored')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('series.overall')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {profile.series.series.map((s) => (
                  <tr key={`${s.seriesId}-${s.className ?? ''}`} data-series={s.seriesId}>
                    <td className={css.name}>
                      <Link href={`/series/${s.seriesId}`}>{s.seriesName}</Link>
                      <span className={css.sub}>{s.className ?? dash}</span>
                    </td>
                    <td className={`${ui.num} ${css.place}`}>{s.position ?? <span className={css.muted}>{t('series.notClassified')}</span>}</td>
                    <td className={ui.num}>{s.points}</td>
                    <td className={ui.num}>{s.eventsScored}</td>
                    <td className={`${ui.num} ${css.nowrap}`}>
                      {s.overallPosition !== null
                        ? t('series.overallValue', { position: s.overallPosition, points: s.overallPoints })
                        : s.overallPoints > 0
                          ? s.overallPoints
                          : dash}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section id="rider-seasons" aria-labelledby="rider-seasons-title" className={css.part}>
        <h2 id="rider-seasons-title" className={`${ui.h5} ${css.partTitle}`}>
          {t('seasons.heading')}
        </h2>
        {profile.seasons.map((season) => (
          <section key={season.year} aria-labelledby={`season-${season.year}`} data-season={season.year}>
            <h3 id={`season-${season.year}`} className={`${ui.h6} ${css.seasonTitle}`}>
              {t('seasons.season', { year: String(season.year) })}
            </h3>
            {season.events.map((event) => (
              <EventResults key={event.eventId} locale={locale} event={event} t={t} ts={ts} dash={dash} />
            ))}
          </section>
        ))}
      </section>

      <section id="rider-best-laps" aria-labelledby="rider-best-laps-title" className={css.part}>
        <h2 id="rider-best-laps-title" className={`${ui.h5} ${css.partTitle}`}>
          {t('bestLaps.heading')}
        </h2>
        {profile.bestLaps.length === 0 ? (
          <p role="status" className={css.text}>
            {t('bestLaps.none')}
          </p>
        ) : (
          <div className={`${ui.tableScroll} ${css.tableBox}`}>
            <table aria-labelledby="rider-best-laps-title" data-testid="rider-best-laps" className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">{t('bestLaps.event')}</th>
                  <th scope="col" className={ui.num}>
                    {t('bestLaps.lap')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {profile.bestLaps.map((lap) => (
                  <tr key={lap.eventId}>
                    <td className={css.name}>
                      <Link href={`/races/${lap.raceId}`}>{lap.eventName}</Link>
                      <span className={css.sub}>
                        {formatDate(lap.startDate, locale)} · {lap.raceName}
                        {lap.className ? ` · ${lap.className}` : ''}
                      </span>
                    </td>
                    <td className={`${ui.num} ${css.nowrap}`}>{formatRaceTime(lap.bestLapMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

type Translate = Awaited<ReturnType<typeof getTranslations<'riders'>>>;
type TranslateStates = Awaited<ReturnType<typeof getTranslations<'states'>>>;

/** One event's races: timed columns (laps, best lap, time) where a race was timed, enduro columns (points, checks) where it was scored so. */
function EventResults({ locale, event, t, ts, dash }: { locale: Locale; event: ProfileEvent; t: Translate; ts: TranslateStates; dash: string }) {
  const timed = event.races.some((r) => r.laps !== null || r.bestLapMs !== null || r.totalTimeMs !== null);
  const scored = event.races.some((r) => r.kind === 'enduro' || r.points !== null || r.checkpoints !== null);
  const titleId = `event-${event.eventId}`;
  return (
    <article className={css.event} aria-labelledby={titleId} data-event={event.eventId}>
      <h4 id={titleId} className={css.eventTitle}>
        <Link href={`/events/${event.eventId}`}>{event.eventName}</Link>
        <span className={css.eventDate}>{formatDate(event.startDate, locale)}</span>
      </h4>
      <div className={`${ui.tableScroll} ${css.tableBox}`}>
        <table aria-labelledby={titleId} className={ui.table}>
          <thead>
            <tr>
              <th scope="col">{t('results.race')}</th>
              <th scope="col" className={ui.num}>
                {t('results.position')}
              </th>
              <th scope="col" className={ui.num}>
                {t('results.classPosition')}
              </th>
              {scored && (
                <>
                  <th scope="col" className={ui.num}>
                    {t('results.points')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('results.checks')}
                  </th>
                </>
              )}
              {timed && (
                <>
                  <th scope="col" className={ui.num}>
                    {t('results.laps')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('results.bestLap')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('results.time')}
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {event.races.map((race) => (
              <tr key={`${race.raceId}-${race.raceNumber}`} data-race={race.raceId}>
                <td className={css.name}>
                  <Link href={`/races/${race.raceId}`}>{race.raceName}</Link>
                  {race.live && <span className={css.liveChip}>{t('results.live')}</span>}
                  <span className={css.sub}>
                    {[race.className, `${t('results.number')} ${race.raceNumber}`, race.team ? t('results.team', { team: race.team }) : null, race.state === null ? t('results.notRun') : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </td>
                <td className={`${ui.num} ${css.place}`}>{placeText(race.position, race.state, (k) => ts(k as 'DNF'), dash)}</td>
                <td className={ui.num}>{placeText(race.classPosition, race.state, (k) => ts(k as 'DNF'), dash)}</td>
                {scored && (
                  <>
                    <td className={ui.num}>{race.points ?? dash}</td>
                    <td className={ui.num}>{race.checkpoints ?? dash}</td>
                  </>
                )}
                {timed && (
                  <>
                    <td className={ui.num}>{race.laps ?? dash}</td>
                    <td className={`${ui.num} ${css.nowrap}`}>{race.bestLapMs ? formatRaceTime(race.bestLapMs) : dash}</td>
                    <td className={`${ui.num} ${css.nowrap}`}>{race.totalTimeMs ? formatRaceTime(race.totalTimeMs) : dash}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
