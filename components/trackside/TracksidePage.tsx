/**
 * /liveonlivelaps (spec §2 "live now", Trackside profile search, the tab set; §1 live laps):
 * the tab set rendered on the server from `?tab=` (home 0, results 1, laps 2, points 3; a
 * value that is not a whole number in range opens home; profile 4 is not offered until
 * participants can log in) with the selected racer in `?racer=` kept by every tab link.
 *  - home: the sessions running now (components/live/LiveSessions) and the racer search
 *    (`?type=&q=` rendered here too, so it works without JavaScript);
 *  - results, laps, points: the selected racer's detail and races, laps in the live or last
 *    race, series points; without a racer (or an unknown one) a prompt to search.
 * Headings: the page title (h1, the sub-header), the tab's subject (h2), its parts (h3).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { LiveSessions } from '@/components/live/LiveSessions';
import { LinkButton } from '@/components/ui/links';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';
import {
  TRACKSIDE_PATH,
  TRACKSIDE_TABS,
  buildSearchRequest,
  criterionIssue,
  racerFromQuery,
  searchType,
  tracksideHref,
  tracksideSearchRequest,
  tracksideTab,
  type RacerDetail,
} from '@/lib/contracts/trackside';
import { rotateTab } from '@/lib/contracts/navigation';
import { AppError } from '@/lib/errors';
import { getRacer, getRacerLaps, getRacerPoints, listRacerRaces, searchRacers } from '@/lib/server/trackside';
import { RacerHeader } from './RacerHeader';
import { RacerLaps } from './RacerLaps';
import { RacerPoints } from './RacerPoints';
import { RacerResults } from './RacerResults';
import { TracksideSearch, type TracksideSearchProps } from './TracksideSearch';
import { TracksideTabs } from './TracksideTabs';

export type TracksideQuery = { tab?: string | string[]; racer?: string | string[]; type?: string | string[]; q?: string | string[] };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The racer of `?racer=`, or null when there is none, it is malformed or unknown (or hidden). */
async function racerOf(id: number | null): Promise<RacerDetail | null> {
  if (id === null) return null;
  try {
    return await getRacer(id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}

/** The page title per tab: the menu's (or "Live laps") on home; "{racer} – Results" on a racer's tab ("Live laps: Results" without one). */
export async function tracksideMetadata(locale: Locale, query: TracksideQuery): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const tab = tracksideTab(query.tab);
  const base = await pageMetadata(locale, TRACKSIDE_PATH, t('title'), t('description'));
  if (tab === 0) return base;
  const racer = await racerOf(racerFromQuery(query.racer));
  const label = t(`tabs.${TRACKSIDE_TABS[tab]}`);
  return { ...base, title: racer ? t('metaTitle', { racer: racer.racerName, tab: label }) : t('metaTitleNoRacer', { page: String(base.title ?? t('title')), tab: label }) };
}

/** The search the address holds (`?type=&q=`), run on the server, or null. */
async function initialSearch(query: TracksideQuery, defaultOrganization: number | null): Promise<TracksideSearchProps['initial']> {
  const q = first(query.q);
  if (q === undefined) return null;
  const type = searchType(first(query.type));
  if (criterionIssue(q, type)) return null;
  const request = buildSearchRequest(type, q, defaultOrganization);
  if (!request) return null;
  return { type, criterion: q.trim(), request, reply: await searchRacers(tracksideSearchRequest.parse(request)) };
}

export async function TracksidePage({ locale, query }: { locale: Locale; query: TracksideQuery }) {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const tab = tracksideTab(query.tab);
  const racerId = racerFromQuery(query.racer);
  const count = TRACKSIDE_TABS.length;
  const label = (i: number) => t(`tabs.${TRACKSIDE_TABS[i]}`);
  const keep = racerId;
  const tabs = TRACKSIDE_TABS.map((_, i) => ({ label: label(i), href: tracksideHref(i, keep) }));
  const previous = rotateTab(tab, -1, count);
  const next = rotateTab(tab, 1, count);

  let body: ReactNode;
  if (tab === 0) {
    const settings = await getSiteSettings(locale);
    const initial = await initialSearch(query, settings.defaultOrganization);
    body = (
      <>
        <LiveSessions locale={locale} headingLevel={2} />
        <Box component="section" aria-labelledby="trackside-search-title" sx={{ mt: 4 }}>
          <Typography component="h2" variant="h5" id="trackside-search-title" sx={{ mb: 1 }}>
            {t('findRacer')}
          </Typography>
          <Typography sx={{ mb: 2, fontSize: 15 }} color="text.secondary">
            {t('findRacerIntro')}
          </Typography>
          <TracksideSearch key={`${first(query.type) ?? ''}|${first(query.q) ?? ''}`} defaultOrganization={settings.defaultOrganization} initial={initial} />
        </Box>
      </>
    );
  } else {
    const racer = await racerOf(racerId);
    if (!racer) {
      body = (
        <Box component="section" aria-labelledby="trackside-prompt-title">
          <Typography component="h2" variant="h5" id="trackside-prompt-title" sx={{ mb: 1 }}>
            {label(tab)}
          </Typography>
          {racerId !== null && (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              {t('racerNotFound')}
            </Alert>
          )}
          <Typography sx={{ mb: 2 }} data-testid="trackside-prompt">
            {t('chooseRacer')}
          </Typography>
          <LinkButton href={tracksideHref(0, null)} variant="contained">
            {t('goSearch')}
          </LinkButton>
        </Box>
      );
    } else {
      let panel: ReactNode;
      if (tab === 1) panel = <RacerResults locale={locale} racer={racer} races={(await listRacerRaces(racer.id)).races} />;
      else if (tab === 2) panel = <RacerLaps locale={locale} laps={await getRacerLaps(racer.id)} />;
      else {
        let points: Awaited<ReturnType<typeof getRacerPoints>> | null = null;
        try {
          points = await getRacerPoints(racer.id);
        } catch (err) {
          console.error('[trackside] series points of racer', racer.id, err);
        }
        panel = points ? (
          <RacerPoints locale={locale} points={points} />
        ) : (
          <Alert severity="error" role="alert">
            {t('errors.fetchSeries')}
          </Alert>
        );
      }
      body = (
        <Box component="section" aria-labelledby="racer-heading" data-racer={racer.id}>
          <RacerHeader locale={locale} racer={racer} headingId="racer-heading" />
          {panel}
        </Box>
      );
    }
  }

  return (
    <>
      <SubHeader locale={locale} path={TRACKSIDE_PATH} fallback={t('title')} />
      <Container maxWidth="md" sx={{ py: { xs: 1.5, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <TracksideTabs
          label={t('tabsLabel')}
          tabs={tabs}
          current={tab}
          previous={{ label: t('previousTab', { tab: label(previous) }), href: tracksideHref(previous, keep) }}
          next={{ label: t('nextTab', { tab: label(next) }), href: tracksideHref(next, keep) }}
        />
        <Box data-testid="trackside-panel" data-tab={TRACKSIDE_TABS[tab]}>
          {body}
        </Box>
      </Container>
    </>
  );
}
