'use client';
/**
 * Error boundary for an unexpected failure while rendering a page (a database outage, say):
 * says what happened in the visitor's language and offers to try again; the details go to
 * the server log, never to the page. Plain HTML (issue 23).
 */
import { useTranslations } from 'next-intl';

export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  return (
    <div className="container">
      <div role="alert" className="page-alert">
        <span>{t('generic')}</span>
        <button type="button" className="page-alert-action" onClick={reset}>
          {t('retry')}
        </button>
      </div>
    </div>
  );
}
