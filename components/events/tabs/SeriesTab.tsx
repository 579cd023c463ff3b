/**
 * The series tab (spec §2 Event page: series; §3 Series: name, start date, end date, race
 * count): the public series (championships) this event counts for, with their season, number
 * of rounds and this event's round. Plain text for now: the series page comes with its own
 * issue.
 */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { getEventSeries } from '@/lib/server/events';
import { formatEventDates } from '@/lib/format';

export async function SeriesTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [series, t] = await Promise.all([getEventSeries(eventId), getTranslations({ locale, namespace: 'eventPage' })]);
  if (!series.length) return <Typography role="status">{t('series.none')}</Typography>;
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {series.map((s) => (
          <ListItem key={s.id} divider>
            <ListItemText
              primary={s.name}
              secondary={
                <>
                  {t('series.season', { dates: formatEventDates(s.startDate, s.endDate, locale) })}
                  <br />
                  {s.round > 0 ? t('series.round', { round: s.round, count: s.roundCount }) : t('series.rounds', { count: s.roundCount })}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
