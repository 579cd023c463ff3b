/**
 * /scores/print/{id?} (spec §2; issue 12): the score sheet: every class (or the `class=` ones) with place in class, overall position and points, one after another; `mode=overall|team` as on /races/print. Further races of the same event with `race=`,
 * the paper with `paper=a4`. See PrintSheetPage.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PrintSheetPage } from '@/components/print/PrintSheetPage';
import { raceIdOf, type RacePageSearch } from '@/components/results/RacePage';
import type { Locale } from '@/lib/config';
import { getRace } from '@/lib/server/races';

type Props = { params: Promise<{ locale: Locale; id?: string[] }>; searchParams: Promise<RacePageSearch> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, id: segments } = await params;
  const id = raceIdOf(segments, await searchParams);
  const race = typeof id === 'number' ? await getRace(id) : null;
  const t = await getTranslations({ locale, namespace: 'print' });
  return { title: race?.event.isPublic ? `${t('printPage')} · ${race.name} · ${race.event.name}` : t('printPage'), robots: { index: false } };
}

export default async function ScoresPrintRoute({ params, searchParams }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  return <PrintSheetPage locale={locale} route="/scores/print" segments={id} search={await searchParams} />;
}
