'use client';
/**
 * The race's lap chart (spec §2 race results): the leaders' position at the end of each lap,
 * fetched from livelaps/race/lapchart/{id} when the visitor asks for it (it is not part of the
 * page). Position 1 is at the top.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LineChart } from '@/components/charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorKey } from '@/lib/api/client';
import { useState } from 'react';
import { fetchLapChart } from '@/lib/api/results';

const PALETTE = ['#1976d2', '#d32f2f', '#388e3c', '#f57c00', '#7b1fa2', '#0097a7', '#5d4037', '#c2185b', '#455a64', '#afb42b'];

export function LapChart({ raceId, raceName }: { raceId: number; raceName: string }) {
  const t = useTranslations('race');
  const te = useTranslations('apiErrors');
  const [open, setOpen] = useState(false);
  const query = useQuery({ queryKey: ['lapchart', raceId], queryFn: () => fetchLapChart(raceId), enabled: open, meta: { overlay: false } });
  return (
    <Box component="section" aria-labelledby="lapchart-title" sx={{ mt: 3 }} className="no-print">
      <Typography id="lapchart-title" component="h2" variant="h6">
        {t('lapChart')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('lapChartIntro')}
      </Typography>
      {!open && (
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {t('showLapChart')}
        </Button>
      )}
      {open && query.isLoading && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <span>{t('loadingChart')}</span>
        </Stack>
      )}
      {open && query.isError && (
        <Alert severity="error" action={<Button onClick={() => query.refetch()}>{t('retry')}</Button>}>
          {t('chartFailed')} {te(errorKey(query.error, (k) => te.has(k)))}
        </Alert>
      )}
      {query.data && query.data.competitors.length > 0 && (
        <Box role="img" aria-label={`${t('lapChart')} — ${raceName}`} data-testid="lap-chart" sx={{ height: { xs: 320, md: 420 } }}>
          <LineChart
            margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
            xAxis={[{ data: query.data.laps, label: t('lapAxis'), scaleType: 'point', tickLabelInterval: (_v, i) => query.data.laps.length <= 25 || i % Math.ceil(query.data.laps.length / 12) === 0 }]}
            yAxis={[{ reverse: true, min: 1, label: t('positionAxis'), tickMinStep: 1, width: 48 }]}
            series={query.data.competitors.map((c, i) => ({
              data: c.positions,
              label: `${c.number} ${c.name}`,
              showMark: false,
              connectNulls: false,
              curve: 'linear' as const,
              color: PALETTE[i % PALETTE.length],
            }))}
            slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
          />
        </Box>
      )}
    </Box>
  );
}
