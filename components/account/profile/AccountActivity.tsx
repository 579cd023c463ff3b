/**
 * The racing of the logged-in participant on their account page (issue 11 "Profiles: sees
 * their results, series points and registrations"), from `getAccountActivity(profileId)`
 * (their own racer record and the imported ones they claimed), newest first:
 *  - `MyResults`: date, event, race (linking to /races/{id}), class, and the position or
 *    DNF/DNS/DSQ. Phone first: on a 390 px screen the race (with its event, date and class
 *    under it) and the position; the separate date, event and class columns from 600 px.
 *  - `SeriesPoints`: series (linking to /series/{id}), class, position, points.
 *  - `Registrations`: event (linking to /events/{id}), date, class, state.
 * Each has its empty state ('No results yet' …). Server components.
 */
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import type { AccountActivity } from '@/lib/contracts/account';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { EmptyState } from './AccountSection';

/** From 600 px up only. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** Under 600 px only. */
const narrow = { display: { xs: 'block', sm: 'none' } } as const;

const UNPLACED = ['DNF', 'DNS', 'DSQ'];

/** The position, else the result's state (DNF, DNS, DSQ), else a dash. */
function place(position: number | null, state: string | null, states: (key: string) => string, dash: string): string {
  if (position !== null) return String(position);
  if (state && UNPLACED.includes(state)) return states(state);
  return dash;
}

export async function MyResults({ locale, results }: { locale: Locale; results: AccountActivity['results'] }) {
  const [t, tc, ts] = await Promise.all([
    getTranslations({ locale, namespace: 'account' }),
    getTranslations({ locale, namespace: 'columns' }),
    getTranslations({ locale, namespace: 'states' }),
  ]);
  if (!results.length) return <EmptyState testId="results-empty">{t('results.empty')}</EmptyState>;
  const dash = t('none');
  return (
    <TableContainer sx={{ maxWidth: '100%' }}>
      <Table size="small" aria-label={t('results.title')} data-testid="account-results-table">
        <TableHead>
          <TableRow>
            <TableCell sx={wide}>{t('results.date')}</TableCell>
            <TableCell sx={wide}>{t('results.event')}</TableCell>
            <TableCell>{t('results.race')}</TableCell>
            <TableCell sx={wide}>{tc('class')}</TableCell>
            <TableCell align="right">{tc('position')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((r, i) => (
            <TableRow key={`${r.raceId}-${i}`}>
              <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{formatDate(r.date, locale)}</TableCell>
              <TableCell sx={wide}>{r.eventName}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link href={`/races/${r.raceId}`}>{r.raceName}</Link>
                <Typography component="span" sx={{ ...narrow, fontSize: 13 }} color="text.secondary">
                  {[r.eventName, formatDate(r.date, locale), r.className].filter(Boolean).join(' · ')}
                </Typography>
              </TableCell>
              <TableCell sx={wide}>{r.className ?? dash}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {place(r.position, r.state, ts, dash)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export async function SeriesPoints({ locale, series }: { locale: Locale; series: AccountActivity['series'] }) {
  const [t, tc] = await Promise.all([getTranslations({ locale, namespace: 'account' }), getTranslations({ locale, namespace: 'columns' })]);
  if (!series.length) return <EmptyState testId="series-empty">{t('series.empty')}</EmptyState>;
  const dash = t('none');
  return (
    <TableContainer sx={{ maxWidth: '100%' }}>
      <Table size="small" aria-label={t('series.title')} data-testid="account-series-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('series.series')}</TableCell>
            <TableCell>{tc('class')}</TableCell>
            <TableCell align="right">{tc('position')}</TableCell>
            <TableCell align="right">{tc('points')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {series.map((s) => (
            <TableRow key={`${s.seriesId}-${s.className ?? ''}`}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link href={`/series/${s.seriesId}`}>{s.seriesName}</Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.className ?? dash}</TableCell>
              <TableCell align="right">{s.position ?? dash}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {s.points}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export async function Registrations({ locale, registrations }: { locale: Locale; registrations: AccountActivity['registrations'] }) {
  const t = await getTranslations({ locale, namespace: 'account' });
  if (!registrations.length) return <EmptyState testId="registrations-empty">{t('registrations.empty')}</EmptyState>;
  const state = (s: string) => (t.has(`registrations.states.${s}`) ? t(`registrations.states.${s}`) : s);
  return (
    <List disablePadding aria-label={t('registrations.title')} data-testid="account-registrations">
      {registrations.map((r) => (
        <ListItem key={r.id} divider sx={{ px: 0, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
            <Link href={`/events/${r.eventId}`}>{r.eventName}</Link>
            <Typography color="text.secondary" sx={{ fontSize: 14 }}>
              {formatDate(r.date, locale)} · {r.className}
            </Typography>
          </Box>
          <Chip size="small" label={state(r.state)} color={r.state === 'cancelled' ? 'default' : 'success'} variant={r.state === 'cancelled' ? 'outlined' : 'filled'} />
        </ListItem>
      ))}
    </List>
  );
}
