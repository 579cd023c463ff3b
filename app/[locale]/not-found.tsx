/** The 404 page (spec §2 Not-found page): 'This page could not be found', HTTP 404. Plain HTML (issue 23). */
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

export default function NotFound() {
  const t = useTranslations('errors');
  return (
    <div className="container page-message">
      <h1>{t('notFound')}</h1>
      <Link href="/">{t('backHome')}</Link>
    </div>
  );
}
