'use client';
/**
 * Where a rider's season opens (spec §2 series points; issue 9 "a rider's row opens their
 * season"): a small client leaf that renders nothing until the URL names a rider
 * (`?season={riderKey}`, set by a row's link or a tap on the row); then it loads the season
 * dialog (./SeasonDialog: MUI's Dialog, TanStack Query and the points chart of `@mui/x-charts`)
 * and keeps it mounted, so that it can close with its animation. Lazy (issue 23): none of that
 * is in the page's first load; it comes when a visitor opens a season.
 */
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import type { StandingScope } from '@/lib/contracts/series';
import { SEASON_PARAM } from './params';
import type { SeasonRound } from './SeasonDialog';

const SeasonDialog = dynamic(() => import('./SeasonDialog').then((m) => m.SeasonDialog), { ssr: false });

export function SeasonDialogLoader(props: { seriesId: number; scope: StandingScope; rounds: SeasonRound[] }) {
  const opened = !!useSearchParams().get(SEASON_PARAM);
  const [loaded, setLoaded] = useState(opened);
  if (opened && !loaded) setLoaded(true);
  return loaded ? <SeasonDialog {...props} /> : null;
}
