'use client';
/**
 * A rider's detail (spec §3 Race results columns, "modal fields"): opened by `?rider={entryId}`
 * in the URL (a row's link or a tap on the row), fetched from livelaps/race/rider/{race}/{entry}:
 * class, group, team, brand, hometown, country, points overall/class/group, checkpoints and
 * section times, and every lap from the passings with the best lap marked and a lap-time chart;
 * without passings, what the timing system reported instead (lib/contracts/lap-times.ts).
 *
 * Loaded only when a rider is asked for (issue 23: ./RiderDialogLoader.tsx imports it with
 * `next/dynamic`, `ssr: false`): MUI (inside `MuiIsland`, the site's theme), TanStack Query
 * (inside `QueryProvider`) and the chart stay off the results page's first load.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@/components/charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorKey } from '@/lib/api/client';
import { useSearchParams } from 'next/navigation';
import { fetchRiderDetail } from '@/lib/api/results';
import { lapTimesNote } from '@/lib/contracts/lap-times';
import type { RiderDetail } from '@/lib/contracts/results';
import { MuiIsland } from '@/components/layout/MuiIsland';
import { QueryProvider } from '@/components/layout/QueryProvider';
import { elide, formatGap, formatRaceTime } from '@/lib/format';
import { personName } from '@/lib/format/person-name';
import { usePathname, useRouter } from '@/lib/i18n/navigation';

function Fields({ detail }: { detail: RiderDetail }) {
  const tc = useTranslations('columns');
  const ts = useTranslations('states');
  const t = useTranslations('race');
  const r = detail.result;
  const hometown = [r.city, r.state].filter(Boolean).join(', ');
  const items: [string, string | number | null][] = [
    [tc('position'), r.position],
    [tc('class'), r.className],
    [tc('classPosition'), r.classPosition],
    [tc('group'), r.classGroup],
    [tc('groupPosition'), r.groupPosition],
    [tc('number'), r.number],
    [tc('brand'), r.brand],
    [t('sponsor'), r.team],
    [t('hometown'), hometown || null],
    [t('country'), r.country],
    [tc('laps'), r.laps],
    [tc('totalTime'), formatRaceTime(r.totalTimeMs) || null],
    [tc('bestLap'), formatRaceTime(r.bestLapMs) || null],
    [tc('gap'), formatGap(r.gapMs) || null],
    [tc('penalty'), [r.penaltyMs ? `+${formatRaceTime(r.penaltyMs)}` : '', r.penaltyLaps ? t('lapsDown', { count: r.penaltyLaps }) : ''].filter(Boolean).join(' ') || null],
    [tc('speed'), r.speedKmh === null ? null : r.speedKmh.toFixed(1)],
    [tc('checkpoints'), r.checkpoints],
    [tc('points'), r.points],
    [tc('emergencyPoints'), r.emergencyPoints],
    [tc('pointsOverall'), r.pointsOverall],
    [tc('pointsClass'), r.pointsClass],
    [tc('pointsGroup'), r.pointsGroup],
    [tc('state'), ts(r.resultState)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'max-content 1fr', sm: 'repeat(2, max-content 1fr)' }, columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
      {items
        .filter(([, v]) => v !== null && v !== '')
        .map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {v}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

function Laps({ detail, name }: { detail: RiderDetail; name: string }) {
  const t = useTranslations('race');
  const timed = detail.laps.filter((l) => l.lapTimeMs !== null);
  const best = detail.laps.find((l) => l.best);
  const note = lapTimesNote(detail.laps.length, detail.result.laps, detail.result.bestLapMs);
  if (note.kind === 'none') return <Typography sx={{ mb: 2 }}>{t('noLaps')}</Typography>;
  if (note.kind === 'reported') {
    return <Typography sx={{ mb: 2 }}>{t(`lapsNotRecorded.${note.message}`, { laps: note.laps ?? 0, best: formatRaceTime(note.bestLapMs) })}</Typography>;
  }
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('laps')}
      </Typography>
      {best && (
        <Typography variant="body2" color="text.secondary">
          {t('lapTimesSummary', { count: detail.laps.length, best: formatRaceTime(best.lapTimeMs), lap: best.lap })}
        </Typography>
      )}
      {timed.length > 1 && (
        <Box role="img" aria-label={t('lapTimesChart', { name, elide: elide(name) })} sx={{ height: 220, mx: -1 }}>
          <LineChart
            height={220}
            margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
            xAxis={[{ data: timed.map((l) => l.lap), label: t('lap'), scaleType: 'point', tickLabelInterval: (_v, i) => timed.length <= 20 || i % Math.ceil(timed.length / 10) === 0 }]}
            yAxis={[{ valueFormatter: (v: number | null) => (v === null ? '' : formatRaceTime(v)), width: 72 }]}
            series={[{ data: timed.map((l) => l.lapTimeMs), label: t('lapTime'), showMark: timed.length <= 40, valueFormatter: (v) => formatRaceTime(v), color: '#1976d2', curve: 'linear' }]}
            hideLegend
          />
        </Box>
      )}
      <Box sx={{ maxHeight: { sm: 320 }, overflowY: 'auto', mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} role="region" aria-label={t('laps')}>
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 14, fontVariantNumeric: 'tabular-nums', '& th, & td': { px: 1, py: 0.5, textAlign: 'right', borderBottom: 1, borderColor: 'divider' }, '& thead th': { position: 'sticky', top: 0, bgcolor: '#f5f7fa' } }}>
          <caption className="visually-hidden">{t('lapTimesChart', { name, elide: elide(name) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lap')}</th>
              <th scope="col">{t('lapTime')}</th>
              <th scope="col">{t('totalTime')}</th>
              <th scope="col">{t('lapPosition')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.laps.map((l) => (
              <Box component="tr" key={l.lap} data-testid="lap-row" sx={l.best ? { bgcolor: '#e8f5e9', fontWeight: 700 } : undefined}>
                <th scope="row">{l.lap}</th>
                <td>
                  {formatRaceTime(l.lapTimeMs)}
                  {l.best && (
                    <Box component="span" sx={{ ml: 0.5, color: 'success.dark' }}>
                      ★<span className="visually-hidden"> {t('bestLap')}</span>
                    </Box>
                  )}
                </td>
                <td>{formatRaceTime(l.totalTimeMs)}</td>
                <td>{l.position ?? ''}</td>
              </Box>
            ))}
          </tbody>
        </Box>
      </Box>
    </>
  );
}

function Sections({ detail }: { detail: RiderDetail }) {
  const t = useTranslations('race');
  const times = detail.result.sectionTimes;
  if (!times.length && !detail.sections.length) return null;
  const shown = detail.sections.slice(0, 60);
  const hasKeyIn = shown.some((s) => s.keyTimeInMs !== null);
  const hasKeyOut = shown.some((s) => s.keyTimeOutMs !== null);
  const hasRead = shown.some((s) => s.readTime !== null);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('sectionTimes')}
      </Typography>
      {times.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {times.map((s) => (
            <Box component="li" key={s.section} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1, py: 0.5, fontVariantNumeric: 'tabular-nums' }}>
              <strong>{s.section}</strong> {formatRaceTime(s.timeMs) || '—'}
            </Box>
          ))}
        </Stack>
      )}
      {detail.sections.length > 0 && (
        <>
          <Typography component="h4" variant="subtitle2" sx={{ mt: 1.5 }}>
            {t('linePassings', { count: detail.sections.length })}
          </Typography>
          <Box component="table" sx={{ fontSize: 14, borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums', '& th, & td': { px: 1, py: 0.25, textAlign: 'left' } }}>
            <thead>
              <tr>
                <th scope="col">{t('section')}</th>
                {hasKeyIn && <th scope="col">{t('keyIn')}</th>}
                {hasKeyOut && <th scope="col">{t('keyOut')}</th>}
                {hasRead && <th scope="col">{t('readTime')}</th>}
              </tr>
            </thead>
            <tbody>
              {shown.map((s, i) => (
                <tr key={i}>
                  <th scope="row">{s.section}</th>
                  {hasKeyIn && <td>{formatRaceTime(s.keyTimeInMs)}</td>}
                  {hasKeyOut && <td>{formatRaceTime(s.keyTimeOutMs)}</td>}
                  {hasRead && <td>{s.readTime ? s.readTime.slice(11, 23) : ''}</td>}
                </tr>
              ))}
            </tbody>
          </Box>
          {detail.sections.length > shown.length && (
            <Typography variant="body2" color="text.secondary">
              {t('morePassings', { count: detail.sections.length - shown.length })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

function RiderDetailDialog({ raceId }: { raceId: number }) {
  const t = useTranslations('race');
  const te = useTranslations('apiErrors');
  const tc = useTranslations('common');
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const entryId = Number(params.get('rider')) || null;
  const query = useQuery({ queryKey: ['rider', raceId, entryId], queryFn: () => fetchRiderDetail(raceId, entryId ?? 0), enabled: entryId !== null, meta: { overlay: false } });
  const close = () => {
    const next = new URLSearchParams(params.toString());
    next.delete('rider');
    const s = next.toString();
    router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
  };
  const r = query.data?.result;
  const name = r ? personName(r.firstName, r.lastName, tc('formerMember')) : '';
  return (
    <Dialog open={entryId !== null} onClose={close} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="rider-title">
      <DialogTitle id="rider-title">{r ? `${r.number} · ${name}` : t('loadingDetail')}</DialogTitle>
      <DialogContent dividers>
        {query.isLoading && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <span>{t('loadingDetail')}</span>
          </Stack>
        )}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => query.refetch()}>{t('retry')}</Button>}>
            {t('detailFailed')} {te(errorKey(query.error, (k) => te.has(k)))}
          </Alert>
        )}
        {query.data && (
          <>
            <Fields detail={query.data} />
            <Laps detail={query.data} name={name} />
            <Sections detail={query.data} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RiderDialog({ raceId }: { raceId: number }) {
  return (
    <MuiIsland>
      <QueryProvider>
        <RiderDetailDialog raceId={raceId} />
      </QueryProvider>
    </MuiIsland>
  );
}
