/**
 * Page links for a paged list (spec §3 Paging state): previous, the first, the last, the
 * current page and its neighbours, next. A `nav` named for screen readers; the current page
 * carries `aria-current="page"`. Page 1 is the list's own path (no `?page=1`).
 */
import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/links';
import { pageWindow } from '@/lib/contracts/content';
import type { Locale } from '@/lib/i18n/routing';

/** `path` (no language prefix, e.g. `/news`) for page `page`. */
export function pageHref(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}

export async function Pagination({ locale, path, page, last }: { locale: Locale; path: string; page: number; last: number }) {
  if (last <= 1) return null;
  const t = await getTranslations({ locale, namespace: 'content.pagination' });
  const item = { minWidth: 44, minHeight: 44 };
  return (
    <Box component="nav" aria-label={t('label')} sx={{ mt: 3 }}>
      <Box component="ul" sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 0, m: 0 }}>
        {page > 1 && (
          <li>
            <LinkButton href={pageHref(path, page - 1)} variant="text" sx={item}>
              ‹ {t('previous')}
            </LinkButton>
          </li>
        )}
        {pageWindow(page, last).map((p, i) =>
          p === null ? (
            <Box component="li" key={`gap-${i}`} aria-hidden="true" sx={{ px: 0.5 }}>
              …
            </Box>
          ) : (
            <li key={p}>
              <LinkButton
                href={pageHref(path, p)}
                variant={p === page ? 'contained' : 'outlined'}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('page', { page: p })}
                sx={item}
              >
                {p}
              </LinkButton>
            </li>
          ),
        )}
        {page < last && (
          <li>
            <LinkButton href={pageHref(path, page + 1)} variant="text" sx={item}>
              {t('next')} ›
            </LinkButton>
          </li>
        )}
      </Box>
    </Box>
  );
}
