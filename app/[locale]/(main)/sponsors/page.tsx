/**
 * /sponsors (spec §2 Static pages, §3 Sponsor): the sponsors of the page's language with
 * their logos, descriptions and links (components/content/SponsorGrid). With none, or the CMS
 * unavailable, a sentence says so and the page answers 200. Plain HTML (issue 23).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { SponsorGrid } from '@/components/content/SponsorGrid';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { getSponsors } from '@/lib/cms';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/sponsors';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'content' });
  return pageMetadata(locale, PATH, t('titles.sponsors'), t('descriptions.sponsors'));
}

export default async function SponsorsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, sponsors] = await Promise.all([getTranslations({ locale, namespace: 'content' }), getSponsors(locale)]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('titles.sponsors')} />
      <div className="container">
        {!sponsors ? (
          <EmptyState>{t('unavailable')}</EmptyState>
        ) : !sponsors.length ? (
          <EmptyState>{t('empty.sponsors')}</EmptyState>
        ) : (
          <SponsorGrid sponsors={sponsors} locale={locale} />
        )}
      </div>
    </>
  );
}
