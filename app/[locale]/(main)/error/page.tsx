/**
 * /error (spec §2): 'Custom error page: {message}'. The message is one of the error catalogue's,
 * chosen by the code `?message=` names (lib/errors.ts `catalogueCode`; the permission redirects'
 * translated "page not found" too), in the page's language; any other text a link carries is not
 * shown (issue 25): the generic message stands in. Plain HTML (issue 23).
 */
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Metadata } from 'next';
import styles from '@/components/content/content.module.css';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { catalogueCode } from '@/lib/errors';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

const PERMISSION_NOT_FOUND = { en: en.errors.notFoundPermission, fr: fr.errors.notFoundPermission, es: es.errors.notFoundPermission };

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
  const asked = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 300) ?? '';
  const t = await getTranslations({ locale, namespace: 'errors' });
  const api = await getTranslations({ locale, namespace: 'apiErrors' });
  // The permission redirects name "page not found" in the visitor's language (lib/server/permissions/redirects.ts).
  const notFoundTexts = new Set(Object.values(PERMISSION_NOT_FOUND));
  const code = notFoundTexts.has(asked.trim()) ? 'forbidden' : catalogueCode(asked);
  const message =
    code === 'forbidden' ? t('notFoundPermission') : code === 'not_found' ? t('notFound') : code === 'service_unavailable' ? t('unavailable') : code && api.has(code) ? api(code) : t('generic');
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
