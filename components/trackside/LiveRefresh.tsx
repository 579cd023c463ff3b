'use client';
/**
 * Keeps a racer's page current while one of their races runs (spec §1 live laps): the
 * server-rendered tab is fetched again every `seconds` while the page is visible and the
 * browser online (no reload, the scroll position stays). Renders nothing.
 */
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export function LiveRefresh({ seconds = 15 }: { seconds?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) router.refresh();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [router, seconds]);
  return null;
}
