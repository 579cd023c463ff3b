/** A list of events (name, date, location, race count) linking to /events/{id}. */
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { EventSummary } from '@/lib/server/events';

export async function EventList({ events, locale }: { events: EventSummary[]; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'results' });
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('date')}</TableCell>
            <TableCell scope="col">{t('event')}</TableCell>
            <TableCell scope="col" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('location')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('races')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={e.startDate}>{formatDate(e.startDate, locale)}</time>
              </TableCell>
              <TableCell>
                <Link href={`/events/${e.id}`}>{e.name}</Link>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{e.location}</TableCell>
              <TableCell align="right">{e.raceCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
