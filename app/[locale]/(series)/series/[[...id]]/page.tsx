/**
 * /series/{id?} (spec §2 Routes with an optional id; the series layout with its fixed title):
 * without an id every public series (SeriesIndex), with one its standings (SeriesPage). A
 * malformed, unknown or hidden series is a 404. /series/oldPage, the archive, is its own route.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { pageMetadata } from '@/components/layout/metadata';
import { SeriesIndex } from '@/components/series/SeriesIndex';
import { SeriesPage, seriesView, type SeriesSearch } from '@/components/series/SeriesPage';
import type { Locale } from '@/lib/config';
import { parseOptionalId } from '@/lib/contracts/ids';
import { AppError } from '@/lib/errors';
import { getSeriesDetail, type SeriesDetail } from '@/lib/server/series';

type Props = { params: Promise<{ locale: Locale; id?: string[] }>; searchParams: Promise<SeriesSearch> };

/** The public series of the path, null when malformed, unknown or hidden (read once per request). */
const findSeries = cache(async (segments: string[]): Promise<SeriesDetail | null> => {
  const id = parseOptionalId(segments);
  if (id === null) return null;
  try {
    return await getSeriesDetail(id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'series' });
  if (!id?.length) return pageMetadata(locale, '/series', t('title'));
  const detail = await findSeries(id);
  if (!detail) return {};
  return { title: t(`meta.${seriesView(detail, await searchParams)}`, { name: detail.name }) };
}

export default async function SeriesRoute({ params, searchParams }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!id?.length) return <SeriesIndex locale={locale} />;
  const detail = await findSeries(id);
  if (!detail) notFound();
  return <SeriesPage locale={locale} detail={detail} search={await searchParams} />;
}
