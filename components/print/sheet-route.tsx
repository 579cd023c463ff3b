/**
 * The page module of each sheet route (spec §2 /races/print/{id?}, /scores/print/{id?},
 * /scores/printc/{id?}, /scores/printoa/{id?}): its metadata (the race and event names, never
 * indexed) and its page (PrintSheetPage for that route). The route files only name their route.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { raceIdOf, type RacePageSearch } from '@/components/results/RacePage';
import type { Locale } from '@/lib/config';
import { getRace } from '@/lib/server/races';
import { PrintSheetPage, type SheetRoute } from './PrintSheetPage';

type Props = { params: Promise<{ locale: Locale; id?: string[] }>; searchParams: Promise<RacePageSearch> };

/** `generateMetadata` and the page component of the sheet route `route`. */
export function sheetRoute(route: SheetRoute) {
  async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
    const { locale, id: segments } = await params;
    const id = raceIdOf(segments, await searchParams);
    const race = typeof id === 'number' ? await getRace(id) : null;
    const t = await getTranslations({ locale, namespace: 'print' });
    return { title: race?.event.isPublic ? `${t('printPage')} · ${race.name} · ${race.event.name}` : t('printPage'), robots: { index: false } };
  }
  async function SheetRoutePage({ params, searchParams }: Props) {
    const { locale, id } = await params;
    setRequestLocale(locale);
    return <PrintSheetPage locale={locale} route={route} segments={id} search={await searchParams} />;
  }
  return { generateMetadata, Page: SheetRoutePage };
}
