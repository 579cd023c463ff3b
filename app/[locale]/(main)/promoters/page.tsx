/**
 * /promoters (spec §2 /promoters/{id?} without an id, "Promoters list"): the promoters of the
 * site parameter DefaultPromoterList (the default promoter user id when the list is empty) and
 * the public clubs of their organizations. Plain HTML (issue 23): no MUI.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { PromoterList } from '@/components/promoters/PromoterList';
import styles from '@/components/promoters/promoters.module.css';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';
import { federationDate } from '@/lib/format';
import { listPromoters } from '@/lib/server/promoters';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'directory.promoters' });
  return pageMetadata(locale, '/promoters', t('title'));
}

export default async function PromotersPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [settings, t] = await Promise.all([getSiteSettings(locale), getTranslations({ locale, namespace: 'directory.promoters' })]);
  const listed = settings.defaultPromoterList.length ? settings.defaultPromoterList : [settings.defaultPromoterUserId];
  const promoters = await listPromoters(listed, federationDate());
  return (
    <>
      <SubHeader locale={locale} path="/promoters" fallback={t('title')} />
      <div className="container">
        <p className={styles.intro}>{t('intro')}</p>
        <PromoterList locale={locale} promoters={promoters} />
      </div>
    </>
  );
}
