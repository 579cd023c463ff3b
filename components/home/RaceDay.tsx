/**
 * The home page for race day (issue 25 "Race day has no front door"; spec §2 Landing page): what
 * a racer or a parent looks for first, above the CMS sections (which stay):
 * - Live now: the sessions running (races whose live feed writes now), each linking to its live
 *   page; hidden when none runs.
 * - Next events: the public events of the calendar from today, with dates, place, discipline,
 *   the club and a cancelled mark, linking to each event's page.
 * - Latest results: the newest public events with results, linking to their results tab, and to
 *   the results index.
 * - Series leaders: the current season's public series, each class's leader as its series page
 *   ranks it (the same engine output), linking to the standings.
 * Every read is the owner's cached, tagged read (live, calendar, results index, series), so the
 * page cache drops the home page with the pages showing the same data. Server components only:
 * no client code (the home page's script budget). A read that fails hides its section and keeps
 * the page out of the cache (`markUncacheable`); the CMS content still shows.
 */
import { getTranslations } from 'next-intl/server';
import { FEDERATION_TIME_ZONE, type Locale } from '@/lib/config';
import { calendarToday } from '@/lib/contracts/calendar';
import { formatEventDates, intlLocale } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { markUncacheable } from '@/lib/server/cache';
import { listLatestResults, listNextEvents, listSeasonLeaders, type SeasonLeaders } from '@/lib/server/home';
import { listLiveSessions } from '@/lib/server/live';
import { flagKind, toGo } from '@/components/live/clock';
import { namesIn } from '@/components/organizations/names';
import css from './race-day.module.css';

/** A read's value, or null (logged, page not cached) when it fails. */
async function attempt<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    console.error(`[home] ${what}:`, err instanceof Error ? err.message : err);
    markUncacheable();
    return null;
  }
}

/** Classes of a series shown before "show the other classes". */
const CLASSES_SHOWN = 4;

/** The sessions running now, in the page's container; nothing at all when none runs. */
export async function LiveNow({ locale }: { locale: Locale }) {
  const sessions = await attempt('live sessions', () => listLiveSessions());
  if (!sessions?.length) return null;
  const [t, tl] = await Promise.all([getTranslations({ locale, namespace: 'home.raceDay' }), getTranslations({ locale, namespace: 'live' })]);
  const time = new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: FEDERATION_TIME_ZONE });
  return (
    <div className={`container ${css.liveSlot}`}>
    <section aria-labelledby="home-live-title" className={`${css.block} ${css.live}`} data-testid="home-live">
      <h2 id="home-live-title" className={css.title}>
        <span className={css.liveDot} aria-hidden="true" />
        {t('liveTitle')}
      </h2>
      <ul className={css.list}>
        {sessions.map((s) => {
          const kind = flagKind(s.clock?.flag);
          const left = toGo(s.clock);
          return (
            <li key={s.raceId} className={css.item} data-testid="home-live-session" data-race={s.raceId}>
              <Link href={`/races/${s.raceId}`} className={css.itemLink}>
                {s.raceName}
              </Link>
              <span className={css.meta}>
                {s.eventName}
                {s.location ? ` · ${s.location}` : ''}
              </span>
              <span className={css.facts}>
                <span className={css.flag} data-flag={kind}>
                  {tl('flag', { flag: kind, name: s.clock?.flag?.trim() ?? '' })}
                </span>
                {left && <span>{'laps' in left ? tl('lapsToGo', { count: left.laps }) : tl('timeToGo', { time: left.time })}</span>}
                <span>{s.leader ? tl('leader', { number: s.leader.number, name: s.leader.name }) : tl('noLeader')}</span>
                <span>{tl('competitors', { count: s.entries })}</span>
                <time dateTime={s.updatedAt} className={css.muted}>
                  {tl('updated', { time: time.format(new Date(s.updatedAt)) })}
                </time>
              </span>
            </li>
          );
        })}
      </ul>
      <p className={css.more}>
        <Link href="/liveonlivelaps">{t('liveAll')} →</Link>
      </p>
    </section>
    </div>
  );
}

async function NextEvents({ locale, today }: { locale: Locale; today: string }) {
  const [events, t, td, nameOf] = await Promise.all([
    attempt('next events', () => listNextEvents(today)),
    getTranslations({ locale, namespace: 'home.raceDay' }),
    getTranslations({ locale, namespace: 'eventPage.disciplines' }),
    namesIn(locale),
  ]);
  if (!events) return null;
  return (
    <section aria-labelledby="home-next-title" className={css.block} data-testid="home-next">
      <h2 id="home-next-title" className={css.title}>
        {t('nextTitle')}
      </h2>
      {events.length === 0 ? (
        <p role="status" className={css.empty}>
          {t('nextEmpty')}
        </p>
      ) : (
        <ul className={css.list}>
          {events.map((e) => {
            const place = [e.location, e.city].filter(Boolean).join(', ');
            const discipline = e.discipline && td.has(e.discipline as never) ? td(e.discipline as never) : e.discipline;
            return (
              <li key={e.id} className={css.item} data-testid="home-next-event" data-cancelled={e.cancelled || undefined}>
                <span className={css.date}>
                  <time dateTime={e.startDate}>{formatEventDates(e.startDate, e.endDate, locale)}</time>
                  {e.cancelled && <span className={css.cancelled}>{t('cancelled')}</span>}
                  {!e.cancelled && e.registrationStatus === 'open' && <span className={css.open}>{t('registrationOpen')}</span>}
                </span>
                <Link href={`/events/${e.id}`} className={`${css.itemLink} ${e.cancelled ? css.struck : ''}`}>
                  {e.name}
                </Link>
                <span className={css.meta}>{[place, discipline, nameOf(e.promoter)].filter(Boolean).join(' · ')}</span>
              </li>
            );
          })}
        </ul>
      )}
      <p className={css.more}>
        <Link href="/event-calendar">{t('calendarLink')} →</Link>
      </p>
    </section>
  );
}

async function LatestResults({ locale }: { locale: Locale }) {
  const [events, t, td, nameOf] = await Promise.all([
    attempt('latest results', () => listLatestResults()),
    getTranslations({ locale, namespace: 'home.raceDay' }),
    getTranslations({ locale, namespace: 'eventPage.disciplines' }),
    namesIn(locale),
  ]);
  if (!events) return null;
  return (
    <section aria-labelledby="home-results-title" className={css.block} data-testid="home-results">
      <h2 id="home-results-title" className={css.title}>
        {t('resultsTitle')}
      </h2>
      {events.length === 0 ? (
        <p role="status" className={css.empty}>
          {t('resultsEmpty')}
        </p>
      ) : (
        <ul className={css.list}>
          {events.map((e) => {
            const discipline = e.discipline && td.has(e.discipline as never) ? td(e.discipline as never) : e.discipline;
            return (
              <li key={e.id} className={css.item} data-testid="home-result-event">
                <span className={css.date}>
                  <time dateTime={e.startDate}>{formatEventDates(e.startDate, e.endDate, locale)}</time>
                </span>
                <Link href={`/events/${e.id}?tab=results`} className={css.itemLink}>
                  {e.name}
                </Link>
                <span className={css.meta}>{[t('races', { count: e.raceCount }), discipline, nameOf(e.promoter)].filter(Boolean).join(' · ')}</span>
              </li>
            );
          })}
        </ul>
      )}
      <p className={css.more}>
        <Link href="/results">{t('resultsAll')} →</Link>
      </p>
    </section>
  );
}

function LeaderTable({ classes, caption, labels }: { classes: SeasonLeaders['series'][number]['leaders']; caption: string; labels: { cls: string; rider: string; points: string; nc: string; ncTitle: string; pts: (n: number) => string } }) {
  return (
    <table className={css.leaders}>
      <caption className="visually-hidden">{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{labels.cls}</th>
          <th scope="col">{labels.rider}</th>
          <th scope="col">{labels.points}</th>
        </tr>
      </thead>
      <tbody>
        {classes.map((c) => {
          const r = c.rows[0];
          return (
            <tr key={c.className} data-testid="home-leader">
              <th scope="row" className={css.leaderClass}>
                {c.className}
              </th>
              <td className={css.leaderName}>
                {r.number && <span className={css.number}>{r.number}</span>} {r.name}
                {r.position === null && (
                  <>
                    {' '}
                    <abbr title={labels.ncTitle} className={css.nc}>
                      {labels.nc}
                    </abbr>
                  </>
                )}
              </td>
              <td className={css.leaderPoints}>{labels.pts(r.points)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

async function SeriesLeadersBlock({ locale, today }: { locale: Locale; today: string }) {
  const [data, t, te, tt, ts, nameOf] = await Promise.all([
    attempt('series leaders', () => listSeasonLeaders(today)),
    getTranslations({ locale, namespace: 'home.raceDay' }),
    getTranslations({ locale, namespace: 'eventPage.series' }),
    getTranslations({ locale, namespace: 'seriesTable' }),
    getTranslations({ locale, namespace: 'series' }),
    namesIn(locale),
  ]);
  if (!data) return null;
  const labels = { cls: tt('class'), rider: tt('name'), points: tt('points'), nc: ts('notClassifiedShort'), ncTitle: tt('notClassified'), pts: (n: number) => te('points', { points: n }) };
  return (
    <section aria-labelledby="home-series-title" className={`${css.block} ${css.wide}`} data-testid="home-series">
      <h2 id="home-series-title" className={css.title}>
        {data.season ? t('seriesTitleSeason', { season: data.season }) : t('seriesTitle')}
      </h2>
      {data.series.length === 0 ? (
        <p role="status" className={css.empty}>
          {t('seriesEmpty')}
        </p>
      ) : (
        <ul className={css.seriesGrid}>
          {data.series.map((s) => {
            const shown = s.leaders.slice(0, CLASSES_SHOWN);
            const rest = s.leaders.slice(CLASSES_SHOWN);
            const unclassified = s.leaders.some((c) => c.rows[0].position === null);
            return (
              <li key={s.id} className={css.series} data-testid="home-series-card">
                <h3 className={css.seriesName}>
                  <Link href={`/series/${s.id}`}>{s.name}</Link>
                </h3>
                <p className={css.meta}>
                  {nameOf(s.promoter)} · {t('roundsHeld', { held: s.held, count: s.rounds })}
                </p>
                {s.leaders.length === 0 ? (
                  <p role="status" className={css.empty}>
                    {te('noStandings')}
                  </p>
                ) : (
                  <>
                    <LeaderTable classes={shown} caption={t('leadersCaption', { series: s.name })} labels={labels} />
                    {rest.length > 0 && (
                      <details className={css.details}>
                        <summary>{t('moreClasses', { count: rest.length })}</summary>
                        <LeaderTable classes={rest} caption={t('leadersCaption', { series: s.name })} labels={labels} />
                      </details>
                    )}
                    {unclassified && <p className={css.note}>{te('notClassifiedNote')}</p>}
                  </>
                )}
                <p className={css.more}>
                  <Link href={`/series/${s.id}`}>
                    {te('fullStandings')}
                    <span className="visually-hidden"> — {s.name}</span> →
                  </Link>
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <p className={css.more}>
        <Link href="/series">{t('seriesAll')} →</Link>
      </p>
    </section>
  );
}

/** Next events, latest results and series leaders (the live sessions are `LiveNow`, placed above the carousel). */
export async function RaceDay({ locale }: { locale: Locale }) {
  const today = calendarToday();
  const t = await getTranslations({ locale, namespace: 'home.raceDay' });
  return (
    <div className={css.raceDay} aria-label={t('label')} role="region">
      <NextEvents locale={locale} today={today} />
      <LatestResults locale={locale} />
      <SeriesLeadersBlock locale={locale} today={today} />
    </div>
  );
}

