/**
 * The event page's tabs as links (spec §2 Event page; DESIGN.md: tabs as links with
 * `aria-current="page"`, switched by `?tab=` on the server, no JavaScript needed): a named
 * navigation landmark, the current tab marked, the MUI tab look; on a phone the tabs wrap
 * onto a second line rather than hide off-screen.
 */
import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { EVENT_TABS, eventTabHref, type EventTab } from './event-format';

export async function EventTabs({ locale, path, current }: { locale: Locale; path: string; current: EventTab }) {
  const t = await getTranslations({ locale, namespace: 'eventPage' });
  return (
    <Box component="nav" aria-label={t('tabs.label')} className="no-print" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          m: 0,
          p: 0,
          listStyle: 'none',
          '& a': {
            display: 'flex',
            alignItems: 'center',
            minHeight: 48,
            px: { xs: 1, sm: 2 },
            py: 1.25,
            fontSize: '0.875rem',
            fontWeight: 500,
            letterSpacing: '0.02857em',
            textTransform: 'uppercase',
            lineHeight: 1.25,
            color: 'text.secondary',
            textDecoration: 'none',
            borderBottom: '2px solid transparent',
            mb: '-1px',
          },
          '& a:hover': { color: 'primary.main', bgcolor: 'action.hover' },
          '& a:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
          '& a[aria-current="page"]': { color: 'primary.main', borderBottomColor: 'primary.main' },
        }}
      >
        {EVENT_TABS.map((tab) => (
          <li key={tab}>
            <Link href={eventTabHref(path, tab)} scroll={false} aria-current={tab === current ? 'page' : undefined}>
              {t(`tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
