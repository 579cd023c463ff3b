/**
 * /races/{id?} (spec §2, §6 Race display, §8 Results): a race's results. See RacePage.
 */
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { RacePage, raceIdOf, type RacePageSearch } from '@/components/results/RacePage';
import type { Locale } from '@/lib/config';
import { getRace } from '@/lib/server/races';

type Props = { params: Promise<{ locale: Locale; id?: string[] }>; searchParams: Promise<RacePageSearch> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const id = raceIdOf((await params).id, await searchParams);
  const race = typeof id === 'number' ? await getRace(id) : null;
  return race?.event.isPublic ? { title: `${race.name} · ${race.event.name}` } : {};
}

export default async function RacesRoute({ params, searchParams }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  return <RacePage locale={locale} route="/races" segments={id} search={await searchParams} />;
}
