'use client';
/**
 * MUI X's line chart, loaded when a chart is first shown (DESIGN.md: heavy client pieces loaded
 * when used). Every chart of the site draws data a visitor asked for after the page loaded (the
 * lap chart, a rider's laps, a rider's season), so the chart library (~105 KiB of JavaScript,
 * gzip) stays out of the results, series and print pages' first load. Same props as
 * `@mui/x-charts/LineChart`; until the code has arrived, a busy placeholder of the chart's place,
 * in plain HTML (issue 23: this module itself imports no MUI, only the chart's type).
 */
import type { LineChartProps } from '@mui/x-charts/LineChart';
import dynamic from 'next/dynamic';
import css from './charts.module.css';

function ChartLoading() {
  return (
    <div aria-busy="true" className={css.loading}>
      <span className={css.spinner} aria-hidden="true" />
    </div>
  );
}

export const LineChart = dynamic<LineChartProps>(() => import('@mui/x-charts/LineChart').then((m) => m.LineChart), { ssr: false, loading: ChartLoading });
