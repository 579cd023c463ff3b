/**
 * /liveonlivelaps (spec §2 "live now", Trackside profile search, the tab set; §1 live laps):
 * the tab set rendered on the server from `?tab=` (home 0, results 1, laps 2, points 3, and
 * profile 4 for a logged-in participant only (spec §2 "Only a logged-in participant has a
 * profile"); a value that is not a whole number in range opens home) with the selected racer
 * in `?racer=` kept by every tab link.
 *  - home: the sessions running now (components/live/LiveSessions) and the racer search
 *    (`?type=&q=&page=` rendered here too, so it works without JavaScript, an invalid
 *    criterion with its message);
 *  - results, laps, points: the selected racer's summary (no standings: ./RacerHeader), then
 *    the detail and races (results), the laps in the live or last race (laps: the racer and
 *    the laps only), the series points (points). Series standings are computed only on the
 *    results and points tabs, once per render (`getRacerPoints`); a series that fails shows
 *    'Failed to load series results' in those parts, never a failed page. Without a racer (or
 *    an unknown one) a prompt to search;
 *  - profile (a logged-in participant's): their own racer detail and races (as on results,
 *    for their participant id, whatever `?racer=` holds) with a link to their account page;
 *    before their first race, their name and a note that results show here once they race.
 * The viewer (`TracksideViewer`) comes from the route, read from the session cookie: the
 * page cache keeps only anonymous renders, so a stored page never shows someone's profile.
 * The page title needs only the racer's name (`getRacerSummary`, shared with the page through
 * the render's `loadRacer`). Headings: the page title (h1, the sub-header), the tab's subject
 * (h2), its parts (h3). Plain HTML (./trackside.module.css); the tab bar and the search are
 * the client leaves.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { LiveSessions } from '@/components/live/LiveSessions';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { ACCOUNT_CIRCLE } from '@/components/ui/icons/account-circle';
import ui from '@/components/ui/ui.module.css';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';
import {
  PROFILE_TAB,
  TRACKSIDE_PATH,
  buildSearchRequest,
  criterionIssue,
  racerFromQuery,
  searchPageFromQuery,
  searchType,
  tracksideHref,
  tracksideSearchRequest,
  tracksideTab,
  tracksideTabs,
  type RacerPoints as RacerPointsData,
  type RacerSummary,
} from '@/lib/contracts/trackside';
import { rotateTab } from '@/lib/contracts/navigation';
import { AppError } from '@/lib/errors';
import { Link } from '@/lib/i18n/navigation';
import { detailOf, getRacerLaps, getRacerPoints, getRacerSummary, listRacerRaces, loadRacer, searchRacers } from '@/lib/server/trackside';
import { RacerHeader } from './RacerHeader';
import { RacerLaps } from './RacerLaps';
import { RacerPoints } from './RacerPoints';
import { RacerResults } from './RacerResults';
import { TracksideSearchIsland } from './islands';
import type { TracksideSearchProps } from './TracksideSearch';
import { TracksideTabs } from './TracksideTabs';
import css from './trackside.module.css';

export type TracksideQuery = {
  tab?: string | string[];
  racer?: string | string[];
  type?: string | string[];
  q?: string | string[];
  page?: string | string[];
};

/**
 * Who is looking, as the page needs it: the logged-in participant's racer record and name
 * (null for a visitor who is logged out or whose login has no participant profile).
 */
export type TracksideViewer = { participantId: number; name: string } | null;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The racer of `?racer=` (who they are, no standings), or null when there is none, it is malformed or unknown (or hidden). */
async function racerOf(id: number | null): Promise<RacerSummary | null> {
  if (id === null) return null;
  try {
    return await getRacerSummary(id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}

/** The racer's series points, or null when they could not be computed at all (logged; the part says 'Failed to load series results'). */
async function pointsOf(racerId: number): Promise<RacerPointsData | null> {
  try {
    return await getRacerPoints(racerId);
  } catch (err) {
    console.error('[trackside] series points of racer', racerId, err);
    return null;
  }
}

/** The page title per tab: the menu's (or "Live laps") on home, with the search criterion when one is asked; "{racer} – Results" on a racer's tab ("Live laps: Results" without one). Needs only the racer's name. */
export async function tracksideMetadata(locale: Locale, query: TracksideQuery, viewer: TracksideViewer = null): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const tabNames = tracksideTabs(viewer !== null);
  const tab = tracksideTab(query.tab, viewer !== null);
  const base = await pageMetadata(locale, TRACKSIDE_PATH, t('title'), t('description'));
  if (tab === 0) {
    // A search names its criterion (the saved copies listed offline are told apart).
    const q = first(query.q)?.trim();
    if (!q || criterionIssue(q, first(query.type))) return base;
    const page = searchPageFromQuery(query.page);
    return { ...base, title: t('metaTitleSearch', { criterion: q, page: String(base.title ?? t('title')), number: page }) };
  }
  const label = t(`tabs.${tabNames[tab]}`);
  if (tab === PROFILE_TAB && viewer) return { ...base, title: t('metaTitle', { racer: viewer.name, tab: label }) };
  const racer = await racerOf(racerFromQuery(query.racer));
  return { ...base, title: racer ? t('metaTitle', { racer: racer.racerName, tab: label }) : t('metaTitleNoRacer', { page: String(base.title ?? t('title')), tab: label }) };
}

/**
 * The search the address holds (`?type=&q=&page=`): run on the server when the criterion may
 * be searched, else its fault (shown under the field, without JavaScript too); null without `q`.
 */
async function initialSearch(query: TracksideQuery, defaultOrganization: number | null): Promise<Pick<TracksideSearchProps, 'initial' | 'typed'>> {
  const q = first(query.q);
  if (q === undefined) return { initial: null, typed: null };
  const type = searchType(first(query.type));
  const issue = criterionIssue(q, type);
  const typed = { type, criterion: q.trim().slice(0, 200), issue };
  if (issue) return { initial: null, typed };
  const request = buildSearchRequest(type, q, defaultOrganization, searchPageFromQuery(query.page));
  if (!request) return { initial: null, typed };
  return { initial: { type, criterion: q.trim(), request, reply: await searchRacers(tracksideSearchRequest.parse(request)) }, typed };
}

/** The racer detail and races of `racerId` (the results tab, and the profile tab for one's own record). */
async function resultsPanel(locale: Locale, racerId: number): Promise<ReactNode> {
  // The detail's ranks come from the series standings: a failure leaves them empty and says so.
  const [loaded, points, races] = await Promise.all([loadRacer(racerId), pointsOf(racerId), listRacerRaces(racerId)]);
  const detail = detailOf(loaded, points ?? { series: [], failed: [] });
  return <RacerResults locale={locale} racer={detail} races={races.races} seriesFailed={points === null || points.failed.length > 0} />;
}

/**
 * The profile tab (4) of a logged-in participant: their own racer detail and races (their
 * participant id), a link to their account page; before a first race, their name and a note.
 */
async function ProfileTab({ locale, viewer }: { locale: Locale; viewer: NonNullable<TracksideViewer> }) {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const racer = await racerOf(viewer.participantId);
  const accountLink = (
    <Link href="/account" className={`${ui.button} ${ui.outlined}`} data-testid="profile-account-link">
      <Icon path={ACCOUNT_CIRCLE} size={20} />
      {t('profile.accountLink')}
    </Link>
  );
  if (!racer) {
    return (
      <section aria-labelledby="racer-heading" data-testid="trackside-profile">
        <h2 id="racer-heading" className={`${ui.h5} ${css.racerHeading} ${css.spaced}`} data-testid="racer-name">
          {viewer.name}
        </h2>
        <p className={css.prompt}>{t('profile.noRaces')}</p>
        {accountLink}
      </section>
    );
  }
  return (
    <section aria-labelledby="racer-heading" data-racer={racer.id} data-testid="trackside-profile">
      <RacerHeader locale={locale} racer={racer} headingId="racer-heading" />
      <div className={css.accountRow}>{accountLink}</div>
      {await resultsPanel(locale, racer.id)}
    </section>
  );
}

export async function TracksidePage({ locale, query, viewer = null }: { locale: Locale; query: TracksideQuery; viewer?: TracksideViewer }) {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const tabNames = tracksideTabs(viewer !== null);
  const tab = tracksideTab(query.tab, viewer !== null);
  const racerId = racerFromQuery(query.racer);
  const count = tabNames.length;
  const label = (i: number) => t(`tabs.${tabNames[i]}`);
  const keep = racerId;
  const tabs = tabNames.map((_, i) => ({ label: label(i), href: tracksideHref(i, keep) }));
  const previous = rotateTab(tab, -1, count);
  const next = rotateTab(tab, 1, count);

  let body: ReactNode;
  if (tab === 0) {
    const settings = await getSiteSettings(locale);
    const { initial, typed } = await initialSearch(query, settings.defaultOrganization);
    body = (
      <>
        <LiveSessions locale={locale} headingLevel={2} />
        <section aria-labelledby="trackside-search-title" className={css.searchSection}>
          <h2 id="trackside-search-title" className={`${ui.h5} ${css.sectionTitle}`}>
            {t('findRacer')}
          </h2>
          <p className={`${css.intro} ${css.muted}`}>{t('findRacerIntro')}</p>
          <TracksideSearchIsland
            key={`${first(query.type) ?? ''}|${first(query.q) ?? ''}|${first(query.page) ?? ''}`}
            defaultOrganization={settings.defaultOrganization}
            initial={initial}
            typed={typed}
          />
        </section>
      </>
    );
  } else if (tab === PROFILE_TAB && viewer) {
    body = <ProfileTab locale={locale} viewer={viewer} />;
  } else {
    const racer = await racerOf(racerId);
    if (!racer) {
      body = (
        <section aria-labelledby="trackside-prompt-title">
          <h2 id="trackside-prompt-title" className={`${ui.h5} ${css.sectionTitle}`}>
            {label(tab)}
          </h2>
          {racerId !== null && (
            <Alert severity="warning" className={css.notFound}>
              {t('racerNotFound')}
            </Alert>
          )}
          <p className={css.prompt} data-testid="trackside-prompt">
            {t('chooseRacer')}
          </p>
          <Link href={tracksideHref(0, null)} className={`${ui.button} ${ui.contained}`}>
            {t('goSearch')}
          </Link>
        </section>
      );
    } else {
      let panel: ReactNode;
      if (tab === 1) {
        panel = await resultsPanel(locale, racer.id);
      } else if (tab === 2) {
        panel = <RacerLaps locale={locale} laps={await getRacerLaps(racer.id)} />;
      } else {
        const points = await pointsOf(racer.id);
        panel = points ? (
          <RacerPoints locale={locale} points={points} />
        ) : (
          <Alert severity="error">{t('errors.fetchSeries')}</Alert>
        );
      }
      body = (
        <section aria-labelledby="racer-heading" data-racer={racer.id}>
          <RacerHeader locale={locale} racer={racer} headingId="racer-heading" />
          {panel}
        </section>
      );
    }
  }

  return (
    <>
      <SubHeader locale={locale} path={TRACKSIDE_PATH} fallback={t('title')} />
      <div className={`container container-md ${css.page}`}>
        <TracksideTabs
          label={t('tabsLabel')}
          tabs={tabs}
          current={tab}
          previous={{ label: t('previousTab', { tab: label(previous) }), href: tracksideHref(previous, keep) }}
          next={{ label: t('nextTab', { tab: label(next) }), href: tracksideHref(next, keep) }}
        />
        <div data-testid="trackside-panel" data-tab={tabNames[tab]}>
          {body}
        </div>
      </div>
    </>
  );
}
