'use client';
/**
 * The controls of a series page (spec §3 Series filters: brands, className, classGroup,
 * participants, events): which standing the table ranks and scores (class, overall, class
 * group), then the filters class, class group, brand, event and rider. Everything lives in the
 * URL (shareable, survives a reload); the server renders the table for it. The rider list is
 * loaded when the filter panel opens (livelaps/series/filters/{id}).
 */
import FilterListIcon from '@mui/icons-material/FilterList';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState, useTransition } from 'react';
import { fetchSeriesFilters } from '@/lib/api/series';
import type { StandingScope } from '@/lib/contracts/series';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { SEASON_CLASS_PARAM, SEASON_PARAM } from './params';

/** The filters of the panel. */
const PANEL_KEYS = ['class', 'group', 'brand', 'event', 'rider'] as const;

export interface SeriesControlsProps {
  seriesId: number;
  /** The riders' standings (scope and every filter) or the teams' / clubs' (event only). */
  riders: boolean;
  scope: StandingScope;
  scopes: StandingScope[];
  classes: string[];
  groups: string[];
  brands: string[];
  /** The rounds: id and translated label ("Round 2: Renfrew"). */
  events: { id: number; label: string }[];
}

export function SeriesControls({ seriesId, riders, scope, scopes, classes, groups, brands, events }: SeriesControlsProps) {
  const t = useTranslations('series.controls');
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const keys = riders ? PANEL_KEYS : (['event'] as const);
  const active = keys.filter((k) => params.get(k)).length;
  const [open, setOpen] = useState(active > 0);
  // The teams' and clubs' panel holds only the event filter: none with a single round.
  const panel = riders || events.length > 1;

  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    next.delete(SEASON_PARAM);
    next.delete(SEASON_CLASS_PARAM);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  const go = (changes: Record<string, string | null>) => startTransition(() => router.replace(href(changes), { scroll: false }));
  const cleared = href(Object.fromEntries(keys.map((k) => [k, null])));

  const filters = useQuery({ queryKey: ['series-filters', seriesId], queryFn: () => fetchSeriesFilters(seriesId), enabled: open && riders, meta: { overlay: false } });
  const riderKey = params.get('rider');
  const rider = filters.data?.participants.find((p) => p.riderKey === riderKey) ?? null;

  const select = (name: 'score' | 'class' | 'group' | 'brand' | 'event', label: string, options: { value: string; label: string }[], any = true) => (
    <TextField
      select
      size="small"
      label={label}
      value={params.get(name) ?? (any ? '' : options[0]?.value ?? '')}
      onChange={(e) => go({ [name]: e.target.value })}
      sx={{ minWidth: { xs: '100%', sm: 200 }, maxWidth: { sm: 320 } }}
    >
      {any && <MenuItem value="">{t('any')}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const plain = (list: string[]) => list.map((v) => ({ value: v, label: v }));

  return (
    <Box className="no-print" sx={{ mb: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {riders && scopes.length > 1 && (
          <TextField
            select
            size="small"
            label={t('score')}
            value={scope}
            onChange={(e) => go({ score: e.target.value === 'class' ? null : e.target.value })}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, minWidth: { sm: 220 } }}
          >
            {scopes.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`scores.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {panel && (
          <Button
            variant={open ? 'contained' : 'outlined'}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="series-filters"
            startIcon={
              <Badge badgeContent={active} color="secondary">
                <FilterListIcon />
              </Badge>
            }
          >
            {t('label')}
          </Button>
        )}
        {active > 0 && (
          <Button component={Link} href={cleared} scroll={false} replace>
            {t('clear')}
          </Button>
        )}
      </Stack>
      <Collapse in={open} id="series-filters" unmountOnExit>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }} role="group" aria-label={t('label')}>
          {riders && classes.length > 1 && select('class', t('class'), plain(classes))}
          {riders && groups.length > 1 && select('group', t('group'), plain(groups))}
          {riders && brands.length > 1 && select('brand', t('brand'), plain(brands))}
          {events.length > 1 && select('event', t('event'), events.map((e) => ({ value: String(e.id), label: e.label })))}
          {riders && (
            <Autocomplete
              size="small"
              options={filters.data?.participants ?? []}
              loading={filters.isLoading}
              value={rider}
              getOptionLabel={(p) => [p.number, p.name].filter(Boolean).join(' ')}
              getOptionKey={(p) => p.riderKey}
              isOptionEqualToValue={(a, b) => a.riderKey === b.riderKey}
              onChange={(_, p) => go({ rider: p ? p.riderKey : null })}
              renderInput={(props) => <TextField {...props} label={t('participant')} />}
              sx={{ minWidth: { xs: '100%', sm: 280 } }}
            />
          )}
        </Stack>
      </Collapse>
      <Box sx={{ height: 4, mt: 1 }}>{pending && <LinearProgress aria-label={t('updating')} />}</Box>
    </Box>
  );
}
