/**
 * /events/{id?} (spec §2, §6 Event display): the event's details and its races. With no id,
 * a malformed one, or an event the visitor may not see (the permission lookup is not 1, or
 * fails), the visitor goes to the default promoter's results page.
 */
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { eventMetadata, eventOrDefaultResults } from '@/components/results/event-access';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import { LinkListItemButton } from '@/components/ui/links';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { listEventRaces } from '@/lib/server/events';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return eventMetadata((await params).id);
}

export default async function EventPage({ params }: Props) {
  const { locale, id: segments } = await params;
  setRequestLocale(locale);
  const event = await eventOrDefaultResults(segments, locale);
  const [races, t] = await Promise.all([listEventRaces(event.id), getTranslations({ locale, namespace: 'event' })]);
  const sourceKey = event.source === 'rmonitor' || event.source === 'ecea-csv' || event.source === 'ama-json' ? event.source : null;
  return (
    <>
      <SubHeader locale={locale} path={`/events/${event.id}`} fallback={event.name} />
      <Container sx={{ py: 3 }}>
        <Typography sx={{ mb: 2 }}>
          <Link href={`/results/${event.promoter.userId}`}>← {t('backToResults')}</Link>
        </Typography>
        <Paper variant="outlined" component="section" aria-labelledby="event-details" sx={{ p: 2, mb: 3 }}>
          <Typography id="event-details" component="h2" variant="h6" gutterBottom>
            {t('details')}
          </Typography>
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
            <dt>{t('date')}</dt>
            <dd style={{ margin: 0 }}>
              <time dateTime={event.startDate}>{formatDate(event.startDate, locale)}</time>
            </dd>
            {event.location && (
              <>
                <dt>{t('location')}</dt>
                <dd style={{ margin: 0 }}>{event.location}</dd>
              </>
            )}
            {event.trackLengthKm !== null && (
              <>
                <dt>{t('trackLength')}</dt>
                <dd style={{ margin: 0 }}>{t('trackLengthValue', { km: event.trackLengthKm.toLocaleString(locale, { maximumFractionDigits: 2 }) })}</dd>
              </>
            )}
            {sourceKey && (
              <>
                <dt>{t('source')}</dt>
                <dd style={{ margin: 0 }}>{t(`sources.${sourceKey}`)}</dd>
              </>
            )}
          </dl>
        </Paper>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('races')}
        </Typography>
        {races.length === 0 ? (
          <Typography role="status">{t('noRaces')}</Typography>
        ) : (
          <Paper variant="outlined">
            <List disablePadding>
              {races.map((r) => (
                <ListItem key={r.id} disablePadding divider>
                  <LinkListItemButton href={`/races/${r.id}`}>
                    <ListItemText primary={r.name} secondary={`${t('entries')}: ${r.entryCount}`} />
                  </LinkListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Container>
    </>
  );
}
