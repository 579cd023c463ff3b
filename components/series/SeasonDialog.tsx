'use client';
/**
 * A rider's season in a series (spec §2 series points; issue 9 "a rider's row opens their
 * season"): opened by `?season={riderKey}&seasonClass={class}` in the URL (a row's link or a
 * tap on the row), fetched from livelaps/series/{id}/rider: the rider's standings (class,
 * overall, class group), a points-progression chart (points counted and position after each
 * round, drops applied as at that date) with a text table for screen readers, and every race
 * result event by event with the event's points, drop scores struck through, and a link to
 * the rider's public page (issue 25: `/riders/{participantId}`). Closing removes the parameters.
 *
 * Loaded when used (issue 23): ./SeasonDialogLoader imports this module (`next/dynamic`,
 * `ssr: false`) only once the URL names a rider, so MUI, TanStack Query and the chart library
 * stay out of the series page's first load. Its content is wrapped here in `MuiIsland` (the
 * site's MUI theme) and `QueryProvider` (the tab's shared query client).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@/components/charts/LineChart';
import { MuiIsland } from '@/components/layout/MuiIsland';
import { QueryProvider } from '@/components/layout/QueryProvider';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { errorKey } from '@/lib/api/client';
import { fetchRiderSeason } from '@/lib/api/series';
import { STANDING_SCOPES, type RiderSeason, type StandingScope } from '@/lib/contracts/series';
import { formatDate } from '@/lib/format';
import { personName } from '@/lib/format/person-name';
import { riderPath } from '@/lib/contracts/riders';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { SEASON_CLASS_PARAM, SEASON_PARAM } from './params';

/** A round as the dialog labels it. */
export interface SeasonRound {
  id: number;
  round: number;
  name: string;
  startDate: string;
  held: boolean;
}

const tableSx = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 14,
  fontVariantNumeric: 'tabular-nums',
  '& th, & td': { px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', textAlign: 'right' },
  '& tr > :first-child': { textAlign: 'left' },
  '& thead th': { bgcolor: '#f5f7fa' },
} as const;

function Standings({ season, scope }: { season: RiderSeason; scope: StandingScope }) {
  const t = useTranslations('series.seasonDialog');
  const tt = useTranslations('seriesTable');
  const r = season.row;
  const label: Record<StandingScope, string> = {
    class: r.className ? `${tt('class')} · ${r.className}` : tt('class'),
    overall: tt('overallPosition'),
    group: r.classGroup ? `${tt('group')} · ${r.classGroup}` : tt('group'),
  };
  const scopes = STANDING_SCOPES.filter((s) => s !== 'group' || r.classGroup);
  return (
    <Box component="table" sx={{ ...tableSx, mb: 2 }}>
      <caption className="visually-hidden">{t('summary')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('summary')}</th>
          <th scope="col">{t('position')}</th>
          <th scope="col">{t('points')}</th>
        </tr>
      </thead>
      <tbody>
        {scopes.map((s) => (
          <Box component="tr" key={s} sx={s === scope ? { fontWeight: 700 } : undefined}>
            <th scope="row" style={{ fontWeight: 'inherit' }}>
              {label[s]}
            </th>
            <td>{r.classified && r[s].position !== null ? r[s].position : tt('notClassified')}</td>
            <td>{r[s].points}</td>
          </Box>
        ))}
        <tr>
          <th scope="row" style={{ fontWeight: 'inherit' }}>
            {t('eventsScored')}
          </th>
          <td />
          <td>{r.eventsScored}</td>
        </tr>
      </tbody>
    </Box>
  );
}

function Progression({ season, rounds, name }: { season: RiderSeason; rounds: SeasonRound[]; name: string }) {
  const t = useTranslations('series.seasonDialog');
  const ts = useTranslations('series');
  const steps = season.progression;
  if (!steps.length) return null;
  const roundOf = (eventId: number) => rounds.find((r) => r.id === eventId)?.round ?? steps.findIndex((s) => s.eventId === eventId) + 1;
  const labels = steps.map((s) => ts('roundShort', { round: roundOf(s.eventId) }));
  const positions = steps.map((s) => s.position);
  const maxPosition = Math.max(1, ...positions.filter((p): p is number => p !== null));
  return (
    <Box component="section" aria-labelledby="season-chart-title" sx={{ mb: 2 }}>
      <Typography id="season-chart-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('chart')}
      </Typography>
      <Box role="img" aria-label={t('chartLabel', { name })} data-testid="season-chart" sx={{ height: 240, mx: -1 }}>
        <LineChart
          height={240}
          margin={{ left: 4, right: 4, top: 8, bottom: 4 }}
          xAxis={[{ data: labels, scaleType: 'point' }]}
          yAxis={[
            { id: 'points', position: 'left', label: t('cumulative'), min: 0, width: 60, tickMinStep: 1 },
            { id: 'position', position: 'right', label: t('positionAxis'), reverse: true, min: 1, max: Math.max(3, maxPosition), tickMinStep: 1, width: 40 },
          ]}
          series={[
            { data: steps.map((s) => s.points), label: t('cumulative'), yAxisId: 'points', color: '#1976d2', curve: 'linear', showMark: true },
            { data: positions, label: t('positionAxis'), yAxisId: 'position', color: '#ef6c00', curve: 'linear', showMark: true, connectNulls: false },
          ]}
          slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
        />
      </Box>
      <table className="visually-hidden">
        <caption>{t('chartLabel', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('round')}</th>
            <th scope="col">{t('event')}</th>
            <th scope="col">{t('cumulative')}</th>
            <th scope="col">{t('positionAxis')}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((s, i) => (
            <tr key={s.eventId}>
              <th scope="row">{labels[i]}</th>
              <td>{s.eventName}</td>
              <td>{s.points}</td>
              <td>{s.position ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

function Events({ season, rounds, scope }: { season: RiderSeason; rounds: SeasonRound[]; scope: StandingScope }) {
  const t = useTranslations('series.seasonDialog');
  const ts = useTranslations('series');
  const tt = useTranslations('seriesTable');
  const states = useTranslations('states');
  const locale = useLocale();
  const cells = season.row.events;
  const list = rounds.length
    ? rounds.map((r, i) => ({ ...r, cell: cells.find((c) => c?.eventId === r.id) ?? cells[i] ?? null }))
    : cells.flatMap((c, i) => (c ? [{ id: c.eventId, round: i + 1, name: c.raceName, startDate: '', held: true, cell: c }] : []));
  return (
    <Box component="section" aria-labelledby="season-events-title">
      <Typography id="season-events-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('byEvent')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {list
          .filter((e) => e.held || e.cell)
          .map((e) => {
            const races = season.races.filter((r) => r.eventId === e.id);
            const score = e.cell && e.cell.eventId === e.id ? e.cell[scope] : null;
            return (
              <Box component="li" key={e.id} data-testid="season-event" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2 }}>
                  <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {ts('roundShort', { round: e.round })} · {e.name}
                    {e.startDate && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' · '}
                        <time dateTime={e.startDate}>{formatDate(e.startDate, locale)}</time>
                      </Typography>
                    )}
                  </Typography>
                  {score && score.points !== null && (
                    <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid={score.drop ? 'season-drop' : undefined}>
                      {score.drop ? (
                        <>
                          <Box component="s" sx={{ color: 'text.secondary', textDecorationColor: '#c62828', textDecorationThickness: 2 }}>
                            {t('eventPoints', { points: score.points })}
                          </Box>
                          <span className="visually-hidden"> {tt('drop')}</span>
                          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }} aria-hidden="true">
                            ({t('dropped')})
                          </Typography>
                        </>
                      ) : (
                        t('eventPoints', { points: score.points })
                      )}
                    </Typography>
                  )}
                </Stack>
                {races.length ? (
                  <Box sx={{ overflowX: 'auto', mt: 0.75 }}>
                    <Box component="table" sx={tableSx}>
                      <thead>
                        <tr>
                          <th scope="col">{t('race')}</th>
                          <th scope="col">{t('racePosition')}</th>
                          <th scope="col">{t('classPosition')}</th>
                          <th scope="col">{t('points')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {races.map((r) => (
                          <tr key={r.raceId} data-testid="season-race">
                            <th scope="row" style={{ fontWeight: 400 }}>
                              {r.raceName}
                            </th>
                            <td>{r.position ?? (states.has(r.state) ? states(r.state as 'DNF') : r.state)}</td>
                            <td>{r.classPosition ?? ''}</td>
                            <td>{r.points}</td>
                          </tr>
                        ))}
                      </tbody>
                    </Box>
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {e.cell ? t('noRaces') : t('notThere')}
                  </Typography>
                )}
              </Box>
            );
          })}
      </Box>
    </Box>
  );
}

type SeasonDialogProps = { seriesId: number; scope: StandingScope; rounds: SeasonRound[] };

/** The dialog inside the site's MUI theme and the shared query client (neither is on the page's first load). */
export function SeasonDialog(props: SeasonDialogProps) {
  return (
    <QueryProvider>
      <MuiIsland>
        <RiderSeasonDialog {...props} />
      </MuiIsland>
    </QueryProvider>
  );
}

function RiderSeasonDialog({ seriesId, scope, rounds }: SeasonDialogProps) {
  const t = useTranslations('series.seasonDialog');
  const te = useTranslations('apiErrors');
  const tc = useTranslations('common');
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const key = params.get(SEASON_PARAM) || null;
  const className = params.get(SEASON_CLASS_PARAM) || null;
  const query = useQuery({
    queryKey: ['rider-season', seriesId, key, className],
    queryFn: () => fetchRiderSeason(seriesId, key ?? '', className),
    enabled: key !== null,
    meta: { overlay: false },
  });
  const close = () => {
    const next = new URLSearchParams(params.toString());
    next.delete(SEASON_PARAM);
    next.delete(SEASON_CLASS_PARAM);
    const s = next.toString();
    router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
  };
  const r = query.data?.row;
  const name = r ? personName(r.firstName, r.lastName, tc('formerMember')) : '';
  return (
    <Dialog open={key !== null} onClose={close} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="season-title">
      <DialogTitle id="season-title">
        {r ? (
          <>
            {[r.number, name].filter(Boolean).join(' · ')}
            {r.className && (
              <Typography component="span" variant="body1" color="text.secondary" sx={{ display: 'block' }}>
                {r.className}
              </Typography>
            )}
            {r.participantId > 0 && (
              <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
                <Link href={riderPath(r.participantId)} data-testid="season-profile-link">
                  {t('profileLink')} →
                </Link>
              </Typography>
            )}
          </>
        ) : (
          t('loading')
        )}
      </DialogTitle>
      <DialogContent dividers>
        {query.isLoading && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <span>{t('loading')}</span>
          </Stack>
        )}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => query.refetch()}>{t('retry')}</Button>}>
            {t('failed')} {te(errorKey(query.error, (k) => te.has(k)))}
          </Alert>
        )}
        {query.data && (
          <>
            <Standings season={query.data} scope={scope} />
            <Progression season={query.data} rounds={rounds} name={name} />
            <Events season={query.data} rounds={rounds} scope={scope} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
