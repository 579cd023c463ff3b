/**
 * The laps tab of a racer (spec §2 /liveonlivelaps laps (2)): the race running now, else their
 * last race (linking to its results), the result there, and every lap from the passings —
 * lap, lap time, total time, position after the lap — the best lap marked in words and in
 * bold. A sentence when no lap times were recorded. While the race runs the tab refreshes by
 * itself when the racer completes a lap (LiveRefresh, on the race's live stream).
 */
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
import type { RacerLaps as RacerLapsData } from '@/lib/contracts/trackside';
import { formatDate, formatRaceTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { LiveRefresh } from './LiveRefresh';
import { placeText } from './RacerResults';

export async function RacerLaps({ locale, laps }: { locale: Locale; laps: RacerLapsData }) {
  const [t, ts] = await Promise.all([getTranslations({ locale, namespace: 'trackside' }), getTranslations({ locale, namespace: 'states' })]);
  const race = laps.race;
  if (!race) return <Typography role="status">{t('laps.noRace')}</Typography>;
  const dash = t('detail.none');
  const best = laps.laps.find((l) => l.best);
  const summary: [string, string][] = [
    [t('races.position'), race.state === null ? dash : placeText(race.position, race.state, (k) => ts(k as 'DNF'), dash)],
    [t('races.classPosition'), race.state === null ? dash : placeText(race.classPosition, race.state, (k) => ts(k as 'DNF'), dash)],
    [t('races.laps'), race.laps === null ? dash : String(race.laps)],
    [t('races.bestLap'), formatRaceTime(race.bestLapMs ?? best?.lapTimeMs) || dash],
  ];
  return (
    <Box component="section" aria-labelledby="racer-laps-title">
      {race.live && <LiveRefresh raceId={race.raceId} entryId={laps.entryId} laps={race.laps ?? laps.laps.length} />}
      <Typography component="p" sx={{ fontSize: 13, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: '0.03em' }}>
        {race.live ? t('laps.liveRace') : t('laps.lastRace')}
        {race.live && <Chip label={t('races.live')} color="success" size="small" sx={{ ml: 1, height: 20 }} />}
      </Typography>
      <Typography component="h3" variant="h6" id="racer-laps-title" sx={{ overflowWrap: 'anywhere' }}>
        {race.raceName}
      </Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1 }}>
        {race.eventName} · {formatDate(race.startDate, locale)} · <Link href={`/races/${race.raceId}`}>{t('laps.results')}</Link>
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1, m: 0, mb: 2 }}>
        {summary.map(([label, text]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" sx={{ fontSize: 12, color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: 17, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
      {laps.laps.length === 0 ? (
        <Typography role="status">{t('laps.none')}</Typography>
      ) : (
        <>
          {race.live && (
            <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>{t('laps.refreshing')}</Typography>
          )}
          <Table size="small" aria-labelledby="racer-laps-title" data-testid="racer-laps" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } }, fontVariantNumeric: 'tabular-nums' }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('laps.lap')}</TableCell>
                <TableCell align="right">{t('laps.lapTime')}</TableCell>
                <TableCell align="right">{t('laps.total')}</TableCell>
                <TableCell align="right">{t('races.position')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {laps.laps.map((lap) => (
                <TableRow key={lap.lap} data-best={lap.best || undefined} sx={lap.best ? { bgcolor: 'rgba(0, 200, 83, 0.14)', '& td': { fontWeight: 700 } } : undefined}>
                  <TableCell>{lap.lap}</TableCell>
                  <TableCell align="right">
                    {formatRaceTime(lap.lapTimeMs) || dash}
                    {lap.best && (
                      <Box component="span" sx={{ display: 'block', fontSize: 12, fontWeight: 700 }}>
                        {t('laps.best')}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatRaceTime(lap.totalTimeMs) || dash}</TableCell>
                  <TableCell align="right">{lap.position ?? dash}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
