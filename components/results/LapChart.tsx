/**
 * The race's lap chart (spec §2 race results): the leaders' position at the end of each lap,
 * fetched from livelaps/race/lapchart/{id} when the visitor asks for it (it is not part of the
 * page). Position 1 is at the top.
 *
 * Plain HTML (issue 23): the section's heading and intro are rendered here on the server; the
 * "Show the lap chart" button is a tiny client leaf (./LapChartToggle.tsx) that loads the chart
 * (./LapChartView.tsx: TanStack Query, MUI X's line chart) only once it is pressed.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { LapChartToggle } from './LapChartToggle';
import css from './results.module.css';

export async function LapChart({ locale, raceId, raceName }: { locale: Locale; raceId: number; raceName: string }) {
  const t = await getTranslations({ locale, namespace: 'race' });
  return (
    <section aria-labelledby="lapchart-title" className={`${css.lapChart} no-print`}>
      <h2 id="lapchart-title" className={ui.h6}>
        {t('lapChart')}
      </h2>
      <p className={`${ui.body2} muted`}>{t('lapChartIntro')}</p>
      <LapChartToggle raceId={raceId} raceName={raceName} />
    </section>
  );
}
