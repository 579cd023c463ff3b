/**
 * Tabs as links (house rule: server-rendered tab switching, works without JavaScript): a
 * named `nav` of links, the current one marked `aria-current="page"`. Used by the promoter
 * page (`?tab=calendar|events|championship`) and the organization sections. Phone first: the
 * links wrap onto a second line instead of widening the page.
 */
import Box from '@mui/material/Box';
import { LinkButton } from '@/components/ui/links';

export interface SectionLink {
  /** A site path without language prefix. */
  href: string;
  label: string;
  current: boolean;
}

export function SectionNav({ label, links }: { label: string; links: SectionLink[] }) {
  return (
    <Box component="nav" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Box component="ul" sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0 }}>
        {links.map((link) => (
          <li key={link.href}>
            <LinkButton
              href={link.href}
              aria-current={link.current ? 'page' : undefined}
              variant="text"
              color={link.current ? 'primary' : 'inherit'}
              sx={{
                minHeight: 44,
                borderRadius: 0,
                borderBottom: 3,
                borderColor: link.current ? 'primary.main' : 'transparent',
                fontWeight: link.current ? 700 : 500,
                px: { xs: 1.25, sm: 2 },
              }}
            >
              {link.label}
            </LinkButton>
          </li>
        ))}
      </Box>
    </Box>
  );
}
