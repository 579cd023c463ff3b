'use client';
/**
 * The controls of a results page (spec §3 Race filters): the views (by team, overall, by
 * class, by group) and the class or group shown, the filters brand, class, class group and
 * participant, and a text search over name, number, team and city. Everything lives in the
 * URL (shareable, survives a reload); the server renders the table for it.
 */
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { fetchRaceFilters } from '@/lib/api/results';
import type { ResultView } from '@/lib/contracts/results';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';

/** The filters of the panel (the text search is always in view). */
const PANEL_KEYS = ['brand', 'class', 'group', 'participant'] as const;

export interface ControlsProps {
  raceId: number;
  view: ResultView;
  views: ResultView[];
  /** Classes (class view) or groups (group view) to pick from, and the one shown. */
  choices: string[];
  selected: string | null;
  brands: string[];
  classes: string[];
  groups: string[];
}

export function ResultsControls({ raceId, view, views, choices, selected, brands, classes, groups }: ControlsProps) {
  const t = useTranslations('race');
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [q, setQ] = useState(params.get('q') ?? '');
  const active = PANEL_KEYS.filter((k) => params.get(k) && !(k === 'class' && view === 'class') && !(k === 'group' && view === 'group')).length;
  const [open, setOpen] = useState(active > 0);
  const searchId = useId();
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    next.delete('rider');
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  const go = (changes: Record<string, string | null>) => startTransition(() => router.replace(href(changes), { scroll: false }));

  // Follow the URL when it changes from outside the field (clear filters, back button).
  const urlQ = params.get('q') ?? '';
  const [seenQ, setSeenQ] = useState(urlQ);
  if (urlQ !== seenQ) {
    setSeenQ(urlQ);
    if (urlQ !== q.trim()) setQ(urlQ);
  }
  useEffect(() => () => clearTimeout(debounce.current), []);

  const participants = useQuery({ queryKey: ['race-filters', raceId], queryFn: () => fetchRaceFilters(raceId), enabled: open, meta: { overlay: false } });
  const participantId = Number(params.get('participant')) || null;
  const participant = participants.data?.participants.find((p) => p.entryId === participantId) ?? null;

  const viewLabel: Record<ResultView, string> = { team: t('byTeam'), overall: t('overall'), class: t('byClass'), group: t('byGroup') };
  const select = (name: 'brand' | 'class' | 'group', label: string, options: string[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={params.get(name) ?? ''}
      onChange={(e) => go({ [name]: e.target.value })}
      sx={{ minWidth: { xs: '100%', sm: 180 } }}
    >
      <MenuItem value="">{t('any')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box className="no-print" sx={{ mb: 1.5 }}>
      {views.length > 1 && (
        <Tabs value={view} variant="scrollable" allowScrollButtonsMobile aria-label={t('views')} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
          {views.map((v) => (
            <Tab key={v} value={v} label={viewLabel[v]} component={Link} href={href({ view: v, class: v === 'class' ? params.get('class') : null, group: v === 'group' ? params.get('group') : null })} scroll={false} />
          ))}
        </Tabs>
      )}
      {(view === 'class' || view === 'group') && choices.length > 0 && (
        <Tabs value={selected ?? false} variant="scrollable" allowScrollButtonsMobile aria-label={view === 'class' ? t('byClass') : t('byGroup')} sx={{ mb: 1, minHeight: 40 }}>
          {choices.map((c) => (
            <Tab key={c} value={c} label={c} component={Link} href={href({ [view]: c })} scroll={false} sx={{ minHeight: 40, py: 0.5 }} />
          ))}
        </Tabs>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          id={searchId}
          size="small"
          type="search"
          label={t('search')}
          value={q}
          slotProps={{ htmlInput: { maxLength: 50, 'aria-describedby': 'results-count' }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          onChange={(e) => {
            const value = e.target.value;
            setQ(value);
            clearTimeout(debounce.current);
            debounce.current = setTimeout(() => go({ q: value.trim() }), 350);
          }}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Button
          variant={open ? 'contained' : 'outlined'}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="results-filters"
          startIcon={
            <Badge badgeContent={active} color="secondary">
              <FilterListIcon />
            </Badge>
          }
        >
          {t('filters')}
        </Button>
        {(active > 0 || !!params.get('q')) && (
          <Button onClick={() => { setQ(''); go({ brand: null, class: view === 'class' ? params.get('class') : null, group: view === 'group' ? params.get('group') : null, participant: null, q: null }); }}>
            {t('clearFilters')}
          </Button>
        )}
      </Stack>
      <Collapse in={open} id="results-filters" unmountOnExit>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label={t('filters')}>
          {brands.length > 1 && select('brand', t('brand'), brands)}
          {view !== 'class' && classes.length > 1 && select('class', t('class'), classes)}
          {view !== 'group' && groups.length > 0 && select('group', t('group'), groups)}
          <Autocomplete
            size="small"
            options={participants.data?.participants ?? []}
            loading={participants.isLoading}
            value={participant}
            getOptionLabel={(p) => `${p.number} ${p.name}`}
            isOptionEqualToValue={(a, b) => a.entryId === b.entryId}
            onChange={(_, p) => go({ participant: p ? String(p.entryId) : null })}
            renderInput={(props) => <TextField {...props} label={t('participant')} />}
            sx={{ minWidth: { xs: '100%', sm: 260 } }}
          />
        </Stack>
      </Collapse>
      <Box sx={{ height: 4, mt: 1 }}>{pending && <LinearProgress aria-label={t('updating')} />}</Box>
    </Box>
  );
}
