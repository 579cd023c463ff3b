'use client';
/**
 * The lap chart's "Show the lap chart" button (spec §2 race results), a tiny client leaf
 * (issue 23): pressing it loads the chart (./LapChartView.tsx, `next/dynamic`, `ssr: false`),
 * which fetches the leaders' positions; until its code has arrived, the loading message.
 */
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import ui from '@/components/ui/ui.module.css';
import css from './results.module.css';

function ChartCodeLoading() {
  const t = useTranslations('race');
  return (
    <p role="status" className={`${ui.body2} ${css.loading}`}>
      <span className={css.spinner} aria-hidden="true" />
      <span>{t('loadingChart')}</span>
    </p>
  );
}

const LapChartView = dynamic(() => import('./LapChartView').then((m) => m.LapChartView), { ssr: false, loading: ChartCodeLoading });

export function LapChartToggle({ raceId, raceName }: { raceId: number; raceName: string }) {
  const t = useTranslations('race');
  const [open, setOpen] = useState(false);
  if (open) return <LapChartView raceId={raceId} raceName={raceName} />;
  return (
    <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => setOpen(true)}>
      {t('showLapChart')}
    </button>
  );
}
