/**
 * /races/printScores (spec §2; §5 Race printing; issue 12): choose the event, the race(s) and what to
 * print, then the sheet (/races/print/{id}). See PrintSelectionPage.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PrintSelectionPage } from '@/components/print/PrintSelectionPage';
import type { RacePageSearch } from '@/components/results/RacePage';
import type { Locale } from '@/lib/config';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<RacePageSearch> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'print' });
  return { title: t('selectTitle'), robots: { index: false } };
}

export default async function RacesPrintScoresRoute({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <PrintSelectionPage locale={locale} from="/races" search={await searchParams} />;
}
