/** /error (spec §2): 'Custom error page: {message}', the message from `?message=`. Plain HTML (issue 23). */
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Metadata } from 'next';
import styles from '@/components/content/content.module.css';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ message?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'titles' });
  return pageMetadata(locale, '/error', t('error'));
}

export default async function ErrorPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const raw = (await searchParams).message;
  const message = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 300) ?? '';
  const t = await getTranslations({ locale, namespace: 'errors' });
  const titles = await getTranslations({ locale, namespace: 'titles' });
  return (
    <>
      <SubHeader locale={locale} path="/error" fallback={titles('error')} />
      <div className={`container ${styles.roomy}`}>
        <p role="alert" className={styles.alert}>
          {t('custom', { message })}
        </p>
        <Link href="/" className={styles.link}>
          {t('backHome')}
        </Link>
      </div>
    </>
  );
}
