/**
 * The points tab of a racer (spec §2 /liveonlivelaps points (3); §3 Series table): for each
 * series they scored in, their class, class position, class points and events counted, with
 * the overall standing; each series links to its table (/series/{id}). 'Failed to load
 * series results' for a series whose standings could not be computed; a sentence when they
 * have no series points yet.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import type { RacerPoints as RacerPointsData } from '@/lib/contracts/trackside';
import { Link } from '@/lib/i18n/navigation';

const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export async function RacerPoints({ locale, points }: { locale: Locale; points: RacerPointsData }) {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const dash = t('detail.none');
  return (
    <Box component="section" aria-labelledby="racer-points-title">
      <Typography component="h3" variant="h6" id="racer-points-title" sx={{ mb: 1 }}>
        {t('points.heading')}
      </Typography>
      {points.failed.map((s) => (
        <Alert key={s.id} severity="error" sx={{ mb: 1 }}>
          {t('errors.loadSeriesResults')}: {s.name}
        </Alert>
      ))}
      {points.series.length === 0 ? (
        <Typography role="status">{t('points.none')}</Typography>
      ) : (
        <Table size="small" aria-labelledby="racer-points-title" data-testid="racer-points" sx={{ '& td, & th': { px: { xs: 0.75, sm: 1.5 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('points.series')}</TableCell>
              <TableCell align="right">{t('points.position')}</TableCell>
              <TableCell align="right">{t('points.points')}</TableCell>
              <TableCell align="right">{t('points.eventsCounted')}</TableCell>
              <TableCell align="right" sx={wide}>
                {t('points.overall')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {points.series.map((s) => (
              <TableRow key={`${s.seriesId}-${s.className}`} data-series={s.seriesId}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Link href={`/series/${s.seriesId}`}>{s.seriesName}</Link>
                  <Typography component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
                    {s.className ?? dash}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, fontSize: 16 }}>
                  {s.position ?? <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>{t('points.notClassified')}</Typography>}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {s.points}
                </TableCell>
                <TableCell align="right">{s.eventsCounted}</TableCell>
                <TableCell align="right" sx={wide}>
                  {s.overallPosition === null ? dash : t('points.overallValue', { position: s.overallPosition, points: s.overallPoints })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
