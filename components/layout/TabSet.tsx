'use client';
/**
 * The trackside tab set (spec §2 Navigation, §2 Layouts: the default layout's top tab bar):
 * home 0, results 1, laps 2, points 3, profile 4. The open tab comes from a numeric `tab`
 * query value when it is in range (else the first) and is written back to the URL, so a link
 * or a reload opens the same tab. Previous/next buttons (and the arrow keys on the tab list)
 * rotate left and right with wrap-around. Pages pass one panel per tab (already translated).
 */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { rotateTab, tabFromQuery } from '@/lib/contracts/navigation';

export interface TabSetProps {
  /** Accessible name of the tab list. */
  label: string;
  /** One entry per tab, in order: its translated label and its panel. */
  tabs: { label: string; panel: ReactNode }[];
  /** Base id for the tab and panel ids. */
  id?: string;
}

/** The tab bar and the open tab's panel (see the file's docstring). */
export function TabSet({ label, tabs, id = 'tabset' }: TabSetProps) {
  const t = useTranslations('shell');
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const current = tabFromQuery(search.get('tab'), tabs.length);
  const select = (index: number) => {
    const params = new URLSearchParams(search.toString());
    params.set('tab', String(index));
    router.replace(`${pathname}?${params.toString()}`, { scroll: false });
  };
  if (!tabs.length) return null;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <IconButton aria-label={t('previousTab')} onClick={() => select(rotateTab(current, -1, tabs.length))} data-testid="tab-previous">
          <ChevronLeftIcon />
        </IconButton>
        <Tabs value={current} onChange={(_, v: number) => select(v)} aria-label={label} variant="scrollable" scrollButtons={false} sx={{ flex: 1, minWidth: 0 }}>
          {tabs.map((tab, i) => (
            <Tab key={tab.label} label={tab.label} id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} />
          ))}
        </Tabs>
        <IconButton aria-label={t('nextTab')} onClick={() => select(rotateTab(current, 1, tabs.length))} data-testid="tab-next">
          <ChevronRightIcon />
        </IconButton>
      </Box>
      {tabs.map((tab, i) => (
        <Box key={tab.label} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} hidden={i !== current} sx={{ pt: 2 }}>
          {i === current ? tab.panel : null}
        </Box>
      ))}
    </Box>
  );
}
