/**
 * A single CMS entry's page (a news article, a presentation) while the CMS cannot be reached
 * (spec §8: content failures are logged, the page still answers): the list's sub-header, the
 * way back to the list, and the translated "not available right now" in a status region.
 * Plain HTML (issue 23).
 */
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { SubHeader } from '../layout/SubHeader';
import { EmptyState } from './EmptyState';

export function EntryUnavailable({ locale, path, fallback, back, message }: { locale: Locale; path: string; fallback: string; back: ReactNode; message: string }) {
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={fallback} />
      <div className="container">
        {back}
        <EmptyState>{message}</EmptyState>
      </div>
    </>
  );
}
