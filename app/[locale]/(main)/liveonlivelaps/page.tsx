/**
 * /liveonlivelaps (spec §2 "live now", the trackside tab set and profile search; §1 live laps
 * and trackside profile search): see components/trackside/TracksidePage. `?tab=` picks the
 * tab (home 0, results 1, laps 2, points 3), `?racer=` the racer, `?type=&q=` the search.
 */
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { TracksidePage, tracksideMetadata, type TracksideQuery } from '@/components/trackside/TracksidePage';
import type { Locale } from '@/lib/config';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<TracksideQuery> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  return tracksideMetadata(locale, await searchParams);
}

export default async function LiveOnLiveLapsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <TracksidePage locale={locale} query={await searchParams} />;
}
