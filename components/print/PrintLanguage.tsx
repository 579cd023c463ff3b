'use client';
/**
 * The print layout's language check (spec §2 Layouts "Print layout: … asks which language the
 * server uses for the current session, then switches to it if it differs"; §7 GET
 * {api}/langs/current): once per page view it asks the server; when the session's language is
 * not the page's, the same page (path and query) replaces this one in that language. A failed
 * call keeps the page as it is. While switching, a status line says so (a printout in the wrong
 * language is not started by accident). Plain HTML (issue 23): a small client leaf calling the
 * API with the browser's `fetch` in an effect (no TanStack Query provider on these pages).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { BASE_PATH } from '@/lib/config';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { usePathname, useRouter } from '@/lib/i18n/navigation';

/**
 * `data.code` of GET /ll/api/v1/langs/current when the reply's `status` is 200 and the code is a
 * site language; null otherwise, and when the call fails (the page then keeps its language).
 */
async function currentLanguage(signal: AbortSignal): Promise<Locale | null> {
  try {
    const reply = await fetch(`${BASE_PATH}/api/v1/langs/current`, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store', signal });
    if (!reply.ok) return null;
    const body = (await reply.json()) as { status?: unknown; data?: { code?: unknown; chosen?: unknown } } | null;
    // Nothing chosen with the switcher (issue 25: a visit is not a choice): the page keeps its language.
    if (body?.data?.chosen === false) return null;
    return body?.status === 200 && isLocale(body.data?.code) ? body.data.code : null;
  } catch {
    return null;
  }
}

export function PrintLanguage() {
  const t = useTranslations('print');
  const locale = useLocale();
  const pathname = usePathname();
  const search = useSearchParams();
  const router = useRouter();
  // The answer is kept with the page's language and path it was asked for: an answer given for
  // another page (say the English one, before the visitor chose French) never sends this one back.
  const page = `${locale} ${pathname}`;
  const [answer, setAnswer] = useState<{ page: string; code: Locale | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void currentLanguage(controller.signal).then((code) => {
      if (!controller.signal.aborted) setAnswer({ page, code });
    });
    return () => controller.abort();
  }, [page]);
  const current = answer?.page === page ? answer.code : null;
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
