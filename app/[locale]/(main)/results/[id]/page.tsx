/**
 * /results/{promoterUserId} (spec §2 routes with a required id): the promoter's events,
 * newest first, with a year filter ('No events found for the filtered years'). Plain HTML
 * (issue 23): no MUI.
 */
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { PromoterResults, promoterResultsMetadata } from '@/components/results/PromoterResults';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';

type Props = { params: Promise<{ locale: Locale; id: string }>; searchParams: Promise<{ years?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const promoterUserId = parseId(id);
  return promoterUserId === null ? {} : promoterResultsMetadata(locale, promoterUserId, `/results/${promoterUserId}`);
}

export default async function ResultsPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const promoterUserId = parseId(id);
  if (promoterUserId === null) notFound();
  return <PromoterResults locale={locale} promoterUserId={promoterUserId} years={(await searchParams).years} basePath={`/results/${promoterUserId}`} />;
}
