/**
 * /results (spec §2 static pages): the results of the default promoter (site parameter
 * "default promoter user id"), as /results/{promoterUserId} shows them. Plain HTML (issue 23):
 * no MUI.
 */
import { setRequestLocale } from 'next-intl/server';
import type { Metadata } from 'next';
import { PromoterResults, promoterResultsMetadata } from '@/components/results/PromoterResults';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ years?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return promoterResultsMetadata(locale, (await getSiteSettings(locale)).defaultPromoterUserId, '/results');
}

export default async function DefaultResultsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const settings = await getSiteSettings(locale);
  return <PromoterResults locale={locale} promoterUserId={settings.defaultPromoterUserId} years={(await searchParams).years} basePath="/results" />;
}
