'use client';
/**
 * The print layout's language check (spec §2 Layouts "Print layout: … asks which language the
 * server uses for the current session, then switches to it if it differs"; §7 GET
 * {api}/langs/current): once per page view it asks the server; when the session's language is
 * not the page's, the same page (path and query) replaces this one in that language. A failed
 * call keeps the page as it is. While switching, a status line says so (a printout in the wrong
 * language is not started by accident).
 */
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { fetchCurrentLanguage } from '@/lib/api/langs';
import { usePathname, useRouter } from '@/lib/i18n/navigation';

export function PrintLanguage() {
  const t = useTranslations('print');
  const locale = useLocale();
  const pathname = usePathname();
  const search = useSearchParams();
  const router = useRouter();
  // Keyed by the page's language and path, and not kept once the page is left: an answer given
  // for another page (say the English one, before the visitor chose French) never sends this one back.
  const { data: current } = useQuery({ queryKey: ['langs', 'current', locale, pathname], queryFn: fetchCurrentLanguage, staleTime: 0, gcTime: 0, retry: false });
  const switching = !!current && current !== locale;

  useEffect(() => {
    if (!current || current === locale) return;
    const query = search.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { locale: current });
  }, [current, locale, pathname, search, router]);

  if (!switching) return null;
  return (
    <p role="status" className="no-print print-language">
      {t('switchingLanguage')}
    </p>
  );
}
