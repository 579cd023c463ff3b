'use client';
/**
 * The race's lap chart itself (spec §2 race results): the leaders' positions at the end of each
 * lap from livelaps/race/lapchart/{id}, drawn with MUI X's line chart, position 1 at the top;
 * a loading message, and an error with "Try again". Loaded only when the visitor presses "Show
 * the lap chart" (issue 23: ./LapChartToggle.tsx imports it with `next/dynamic`), with its own
 * TanStack Query provider and the site's MUI theme around the chart.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { LineChart } from '@/components/charts/LineChart';
import { MuiIsland } from '@/components/layout/MuiIsland';
import { QueryProvider } from '@/components/layout/QueryProvider';
import ui from '@/components/ui/ui.module.css';
import { errorKey } from '@/lib/api/client';
import { fetchLapChart } from '@/lib/api/results';
import { ResultsAlert } from './ResultsAlert';
import css from './results.module.css';

const PALETTE = ['#1976d2', '#d32f2f', '#388e3c', '#f57c00', '#7b1fa2', '#0097a7', '#5d4037', '#c2185b', '#455a64', '#afb42b'];

function Chart({ raceId, raceName }: { raceId: number; raceName: string }) {
  const t = useTranslations('race');
  const te = useTranslations('apiErrors');
  // A closed account's record has no name (issue 29).
  const tc = useTranslations('common');
  const query = useQuery({ queryKey: ['lapchart', raceId], queryFn: () => fetchLapChart(raceId), meta: { overlay: false } });
  return (
    <>
      {query.isLoading && (
        <p role="status" className={`${ui.body2} ${css.loading}`}>
          <span className={css.spinner} aria-hidden="true" />
          <span>{t('loadingChart')}</span>
        </p>
      )}
      {query.isError && (
        <ResultsAlert
          severity="error"
          action={
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => query.refetch()}>
              {t('retry')}
            </button>
          }
        >
          {t('chartFailed')} {te(errorKey(query.error, (k) => te.has(k)))}
        </ResultsAlert>
      )}
      {query.data && query.data.competitors.length > 0 && (
        <div role="img" aria-label={`${t('lapChart')} — ${raceName}`} data-testid="lap-chart" className={css.chartBox}>
          <LineChart
            margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
            xAxis={[{ data: query.data.laps, label: t('lapAxis'), scaleType: 'point', tickLabelInterval: (_v, i) => query.data.laps.length <= 25 || i % Math.ceil(query.data.laps.length / 12) === 0 }]}
            yAxis={[{ reverse: true, min: 1, label: t('positionAxis'), tickMinStep: 1, width: 48 }]}
            series={query.data.competitors.map((c, i) => ({
              data: c.positions,
              label: `${c.number} ${c.name || tc('formerMember')}`,
              showMark: false,
              connectNulls: false,
              curve: 'linear' as const,
              color: PALETTE[i % PALETTE.length],
            }))}
            slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
          />
        </div>
      )}
    </>
  );
}

export function LapChartView(props: { raceId: number; raceName: string }) {
  return (
    <MuiIsland>
      <QueryProvider>
        <Chart {...props} />
      </QueryProvider>
    </MuiIsland>
  );
}
