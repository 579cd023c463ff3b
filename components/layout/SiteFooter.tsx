/** The footer (spec §2 Navigation: items ordered by sort_order, fetched per locale). */
import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import { getFooter, getSiteSettings } from '@/lib/cms';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { isExternalLink } from '@/lib/navigation';

export async function SiteFooter({ locale }: { locale: Locale }) {
  const [items, settings, t] = await Promise.all([getFooter(locale), getSiteSettings(locale), getTranslations({ locale, namespace: 'shell' })]);
  const c = settings.colors;
  return (
    <Box component="footer" aria-label={t('footer')} sx={{ bgcolor: c.navbar, color: c.menuFont, mt: 'auto', px: { xs: 2, md: 4 }, py: 2 }}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, md: 3 }, listStyle: 'none', m: 0, p: 0, fontSize: 14 }}>
        {items.map((item) => {
          const newTab = item.IsOpenInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
          const style = { color: 'inherit' };
          return (
            <li key={item.id}>
              {!item.page_link ? (
                item.name
              ) : isExternalLink(item.page_link) ? (
                <a href={item.page_link} style={style} {...newTab}>
                  {item.name}
                </a>
              ) : (
                <Link href={item.page_link} style={style} {...newTab}>
                  {item.name}
                </Link>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
