'use client';
/**
 * Opens a rider's detail (spec §3 Race results columns, "modal fields") when the URL carries
 * `?rider={entryId}` (a row's link or a tap on the row, components/ui/ScrollFrame). A tiny
 * client leaf (issue 23): the dialog itself (MUI, TanStack Query and the lap-time chart,
 * ./RiderDialog.tsx) is loaded with `next/dynamic` the first time a rider is asked for, and
 * then stays mounted so that it closes with its transition and opens again at once.
 */
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';

const RiderDialog = dynamic(() => import('./RiderDialog').then((m) => m.RiderDialog), { ssr: false });

export function RiderDialogLoader({ raceId }: { raceId: number }) {
  const asked = Boolean(Number(useSearchParams().get('rider')));
  const [loaded, setLoaded] = useState(asked);
  if (asked && !loaded) setLoaded(true);
  return loaded ? <RiderDialog raceId={raceId} /> : null;
}
