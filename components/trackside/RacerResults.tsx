/**
 * The results tab of a racer (spec §2 /liveonlivelaps results (1); §3 Racer detail): the
 * detail — class, class rank, class points, overall rank, overall points, brand, location,
 * points earned, with the series standing they come from — then their races, newest first:
 * event, race (linking to /races/{id}), date, position and class position (laps and best lap
 * from a tablet up). Phone first: the race and the positions stay on a 390 px screen.
 * `seriesFailed`: a series' standings could not be computed ('Failed to load series results'
 * above the figures, which then come from the other series or stay empty).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import type { RacerDetail, RacerRace } from '@/lib/contracts/trackside';
import { formatDate, formatRaceTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';

/** From a tablet up only. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A position, or the result's state when unplaced (DNF, DNS, DSQ), or a dash. */
export function placeText(position: number | null, state: RacerRace['state'], states: (key: string) => string, dash: string): string {
  if (position !== null) return String(position);
  if (state && state !== 'finished' && state !== 'running') return states(state);
  return dash;
}

export async function RacerResults({ locale, racer, races, seriesFailed = false }: { locale: Locale; racer: RacerDetail; races: RacerRace[]; seriesFailed?: boolean }) {
  const [t, ts] = await Promise.all([getTranslations({ locale, namespace: 'trackside' }), getTranslations({ locale, namespace: 'states' })]);
  const dash = t('detail.none');
  const value = (v: number | string | null) => (v === null || v === '' ? dash : String(v));
  const facts: [string, string][] = [
    [t('detail.class'), value(racer.className)],
    [t('detail.classRank'), value(racer.classRank)],
    [t('detail.classPoints'), value(racer.classPoints)],
    [t('detail.overallRank'), value(racer.overallRank)],
    [t('detail.overallPoints'), value(racer.overallPoints)],
    [t('detail.brand'), value(racer.brand)],
    [t('detail.location'), value(racer.location)],
    [t('detail.pointsEarned'), value(racer.pointsEarned)],
  ];
  return (
    <>
      <Box component="section" aria-labelledby="racer-detail-title" sx={{ mb: 3 }}>
        <Typography component="h3" variant="h6" id="racer-detail-title" sx={{ mb: 1 }}>
          {t('detail.heading')}
        </Typography>
        {seriesFailed && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="racer-series-failed">
            {t('errors.loadSeriesResults')}
          </Alert>
        )}
        <Box
          component="dl"
          data-testid="racer-detail"
          sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1, m: 0 }}
        >
          {facts.map(([label, text]) => (
            <Box key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.25, py: 0.75, minWidth: 0 }}>
              <Typography component="dt" sx={{ fontSize: 12, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: '0.03em' }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: 18, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography sx={{ mt: 1, fontSize: 14 }} color="text.secondary">
          {racer.series && racer.lastEvent
            ? t.rich('detail.source', {
                series: racer.series.name,
                event: racer.lastEvent.name,
                link: (chunks) => <Link href={`/series/${racer.series!.id}`}>{chunks}</Link>,
              })
            : t('detail.noSeries')}
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="racer-races-title">
        <Typography component="h3" variant="h6" id="racer-races-title" sx={{ mb: 1 }}>
          {t('races.heading')} <Typography component="span" color="text.secondary">({t('races.count', { count: races.length })})</Typography>
        </Typography>
        <Table size="small" aria-labelledby="racer-races-title" data-testid="racer-races" sx={{ tableLayout: 'auto', '& td, & th': { px: { xs: 0.75, sm: 1.5 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('races.race')}</TableCell>
              <TableCell align="right">{t('races.position')}</TableCell>
              <TableCell align="right">{t('races.classPosition')}</TableCell>
              <TableCell align="right" sx={wide}>
                {t('races.laps')}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {t('races.bestLap')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {races.map((race) => (
              <TableRow key={`${race.raceId}-${race.raceNumber}`} data-race={race.raceId}>
                <TableCell sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Link href={`/races/${race.raceId}`}>{race.raceName}</Link>
                  {race.live && <Chip label={t('races.live')} color="success" size="small" sx={{ ml: 1, height: 20 }} />}
                  <Typography component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
                    {race.eventName} · {formatDate(race.startDate, locale)}
                    {race.className ? ` · ${race.className}` : ''}
                    {race.state === null ? ` · ${t('races.notRun')}` : ''}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, fontSize: 16 }}>
                  {placeText(race.position, race.state, (k) => ts(k as 'DNF'), dash)}
                </TableCell>
                <TableCell align="right">{placeText(race.classPosition, race.state, (k) => ts(k as 'DNF'), dash)}</TableCell>
                <TableCell align="right" sx={wide}>
                  {race.laps ?? ''}
                </TableCell>
                <TableCell align="right" sx={{ ...wide, fontVariantNumeric: 'tabular-nums' }}>
                  {formatRaceTime(race.bestLapMs)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
