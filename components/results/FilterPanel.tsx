'use client';
/**
 * The filter panel of a results page (spec §3 Race filters): brand, class, class group (MUI
 * select fields) and the participant (an Autocomplete over livelaps/race/filters/{id}), each
 * changing the URL through `go`. Loaded when the visitor opens the panel (issue 23: FilterBar
 * imports it with `next/dynamic`, `ssr: false`), so MUI, its theme and TanStack Query come with
 * it and never with the page's first load.
 */
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { MuiIsland } from '@/components/layout/MuiIsland';
import { QueryProvider } from '@/components/layout/QueryProvider';
import { fetchRaceFilters } from '@/lib/api/results';
import type { PanelKey } from './FilterBar';

interface PanelProps {
  raceId: number;
  /** The select fields of this view, in order. */
  panel: PanelKey[];
  options: Record<PanelKey, string[]>;
  /** Sets (or, with null, removes) URL parameters. */
  go: (changes: Record<string, string | null>) => void;
}

function Fields({ raceId, panel, options, go }: PanelProps) {
  const t = useTranslations('race');
  // A closed account's record has no name (issue 29).
  const tc = useTranslations('common');
  const params = useSearchParams();
  const participants = useQuery({ queryKey: ['race-filters', raceId], queryFn: () => fetchRaceFilters(raceId), meta: { overlay: false } });
  const participantId = Number(params.get('participant')) || null;
  const participant = participants.data?.participants.find((p) => p.entryId === participantId) ?? null;
  const label: Record<PanelKey, string> = { brand: t('brand'), class: t('class'), group: t('group') };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {panel.map((name) => (
        <TextField
          key={name}
          select
          size="small"
          label={label[name]}
          value={params.get(name) ?? ''}
          onChange={(e) => go({ [name]: e.target.value })}
          sx={{ minWidth: { xs: '100%', sm: 180 } }}
        >
          <MenuItem value="">{t('any')}</MenuItem>
          {options[name].map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <Autocomplete
        size="small"
        options={participants.data?.participants ?? []}
        loading={participants.isLoading}
        value={participant}
        getOptionLabel={(p) => `${p.number} ${p.name || tc('formerMember')}`}
        isOptionEqualToValue={(a, b) => a.entryId === b.entryId}
        onChange={(_, p) => go({ participant: p ? String(p.entryId) : null })}
        renderInput={(props) => <TextField {...props} label={t('participant')} />}
        sx={{ minWidth: { xs: '100%', sm: 260 } }}
      />
    </Stack>
  );
}

export function FilterPanel(props: PanelProps) {
  return (
    <MuiIsland>
      <QueryProvider>
        <Fields {...props} />
      </QueryProvider>
    </MuiIsland>
  );
}
