/**
 * The body of /races/{id?} and /scores/{id?} (spec §2; §6 Race display; §8 Results): the id
 * from the path or, without one, from `id_test`; the permission lookup only when an id exists
 * (anything but 1 goes to the error page); a hidden race reads 'Race is not available for
 * public display'; no id at all reads 'The selected race cannot be displayed'. While the race's
 * timing feed runs (`races.live_state = 'live'`, issue 10) the live board replaces the results
 * table; a finished live race shows its results like any other, and so does a race whose feed
 * died (no write for LIVE_STALE_MS: read as finished at each render, and a render showing the
 * board is not cached past that moment: lib/server/live/freshness.ts).
 *
 * Plain HTML (issue 23): a server component with no MUI; the results' tabs are links, the live
 * board (components/live) keeps itself current from the browser with its own event stream and
 * refreshes the page (`router.refresh()`) when the session ends.
 */
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { SubHeader } from '@/components/layout/SubHeader';
import { LiveBoard } from '@/components/live/LiveBoardLoader';
import type { Locale } from '@/lib/config';
import { parseOptionalId } from '@/lib/contracts/ids';
import { parseResultsQuery, type ResultView } from '@/lib/contracts/results';
import { formatDate } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { getLiveBoard } from '@/lib/server/live';
import { canDisplayRace, permitted } from '@/lib/server/permissions';
import { getRace, toRaceView, type RaceInfo } from '@/lib/server/races';
import ui from '@/components/ui/ui.module.css';
import { RaceResults } from './RaceResults';
import { ResultsAlert } from './ResultsAlert';
import css from './results.module.css';

export type RacePageSearch = Record<string, string | string[] | undefined>;

/** The race id of the URL: the path's one segment, else `id_test` (spec §2 route parameters). */
export function raceIdOf(segments: string[] | undefined, search: RacePageSearch): number | null | 'none' {
  if (segments?.length) return parseOptionalId(segments);
  const test = search.id_test;
  if (test === undefined) return 'none';
  return parseOptionalId(Array.isArray(test) ? test : [test]);
}

/**
 * The race a race route names (spec §6 Race display), for /races, /scores and the print routes:
 * 'none' when the URL names no race; a malformed id or a refused permission lookup goes to the
 * error page, an unknown race to the 404 page; otherwise the race (hidden or not: the caller
 * says 'Race is not available for public display').
 */
export async function displayedRace(segments: string[] | undefined, search: RacePageSearch, locale: Locale): Promise<RaceInfo | 'none'> {
  const id = raceIdOf(segments, search);
  if (id === 'none') return 'none';
  if (id === null || !(await permitted(canDisplayRace(id)))) {
    const errors = await getTranslations({ locale, namespace: 'errors' });
    return redirect({ href: { pathname: '/error', query: { message: errors('notFoundPermission') } }, locale });
  }
  const race = await getRace(id);
  if (!race) notFound();
  return race;
}

export async function RacePage({ locale, route, segments, search, defaultView }: {
  locale: Locale;
  route: '/races' | '/scores';
  segments: string[] | undefined;
  search: RacePageSearch;
  defaultView?: ResultView;
}) {
  const [t, tPrint] = await Promise.all([getTranslations({ locale, namespace: 'race' }), getTranslations({ locale, namespace: 'print' })]);
  const race = await displayedRace(segments, search, locale);
  if (race === 'none') {
    return (
      <>
        <SubHeader locale={locale} path={route} fallback={t('cannotDisplay')} />
        <div className="container">
          <ResultsAlert severity="warning">{t('cannotDisplay')}</ResultsAlert>
        </div>
      </>
    );
  }
  const title = `${race.event.name} — ${race.name}`;
  const header = <SubHeader locale={locale} path={`${route}/${race.id}`} fallback={title} parents={[{ label: race.event.name, href: `/events/${race.event.id}` }]} />;
  const back = (
    <p className={`${css.back} no-print`}>
      <Link href={`/events/${race.event.id}`}>← {t('backToEvent', { event: race.event.name })}</Link>
      {' · '}
      <time dateTime={race.event.startDate}>{formatDate(race.event.startDate, locale)}</time>
      {' · '}
      <Link href={`/eventScores/${race.event.id}`}>{t('eventScores')}</Link>
      {' · '}
      <Link href={`${route}/print/${race.id}`}>{route === '/scores' ? tPrint('printScoreSheet') : tPrint('printSheet')}</Link>
    </p>
  );
  if (!race.isPublic) {
    return (
      <>
        {header}
        <div className="container">
          {back}
          <ResultsAlert severity="info">{t('notPublic')}</ResultsAlert>
        </div>
      </>
    );
  }
  // A race whose timing feed runs shows the live board; once its session ended (or its feed
  // went stale), the results. Checked at every render: the page cache keeps no live page past it.
  const live = await getLiveBoard(race.id, { liveOnly: true });
  if (live) {
    const tl = await getTranslations({ locale, namespace: 'live' });
    return (
      <>
        {header}
        <div className={css.page}>
          {back}
          <h2 className={`${ui.h5} ${css.liveHeading}`}>{tl('heading')}</h2>
          <p className={`${ui.body2} ${css.liveIntro} muted`}>{tl('intro')}</p>
          <LiveBoard initial={live} />
        </div>
      </>
    );
  }
  const query = parseResultsQuery(search);
  // The tabs' and the filters' links keep the page's path (and `id_test` when the path names no race).
  const path = segments?.length ? `${route}/${race.id}` : route;
  return (
    <>
      {header}
      <div className={css.page}>
        {back}
        {race.clock?.flag && race.clock.flag.toLowerCase() !== 'finish' && (
          <p className={css.flag} role="status">
            {t('timingFlag', { flag: race.clock.flag })}
          </p>
        )}
        <RaceResults race={toRaceView(race)} locale={locale} query={{ view: defaultView, ...query }} page={{ path, search }} />
      </div>
    </>
  );
}
