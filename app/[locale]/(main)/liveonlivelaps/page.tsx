/**
 * /liveonlivelaps (spec §2 "live now", the trackside tab set and profile search; §1 live laps
 * and trackside profile search): see components/trackside/TracksidePage. `?tab=` picks the
 * tab (home 0, results 1, laps 2, points 3, and profile 4 for a logged-in participant),
 * `?racer=` the racer, `?type=&q=` the search. The viewer is read from the session cookie
 * (no database query without one).
 */
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { viewer } from '@/components/account/profile/viewer';
import { TracksidePage, tracksideMetadata, type TracksideQuery, type TracksideViewer } from '@/components/trackside/TracksidePage';
import type { Locale } from '@/lib/config';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<TracksideQuery> };

/** The logged-in participant's racer record and name, or null (logged out, or a login without a participant profile). */
async function tracksideViewer(): Promise<TracksideViewer> {
  const user = await viewer();
  return user?.participantId ? { participantId: user.participantId, name: user.name || user.email } : null;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  return tracksideMetadata(locale, await searchParams, await tracksideViewer());
}

export default async function LiveOnLiveLapsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <TracksidePage locale={locale} query={await searchParams} viewer={await tracksideViewer()} />;
}
