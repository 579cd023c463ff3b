/**
 * The event's header card (spec §2 Event page; §3 Event; §4 Registration status): name, days,
 * venue with its address and map (EventMap), discipline, promoter, track length, timing
 * source, the registration status chip (open, closed, done) and "Complete" once the results
 * are final, and "Add to my calendar".
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { AddToCalendar } from '@/components/calendar/AddToCalendar';
import type { Locale } from '@/lib/config';
import { EVENT_DISCIPLINES } from '@/lib/contracts/events';
import { Link } from '@/lib/i18n/navigation';
import { getSiteSettings } from '@/lib/cms';
import type { EventDetails, EventRegistration } from '@/lib/server/events';
import { EventMap } from './EventMap';
import { addressLines, mapQuery, mapSearchUrl } from './event-format';
import { formatEventDates } from '@/lib/format';

const SOURCES = ['rmonitor', 'ecea-csv', 'ama-json'] as const;
const STATUS_COLOR = { open: 'success', closed: 'default', done: 'default' } as const;

const dd = { margin: 0, minWidth: 0, overflowWrap: 'anywhere' } as const;

export async function EventHeader({ locale, event, registration }: { locale: Locale; event: EventDetails; registration: EventRegistration }) {
  const [t, shell, settings] = await Promise.all([
    getTranslations({ locale, namespace: 'eventPage' }),
    getTranslations({ locale, namespace: 'shell' }),
    getSiteSettings(locale),
  ]);
  const lines = addressLines(event);
  const query = mapQuery(event);
  const discipline = event.discipline
    ? (EVENT_DISCIPLINES as readonly string[]).includes(event.discipline)
      ? t(`disciplines.${event.discipline as (typeof EVENT_DISCIPLINES)[number]}`)
      : event.discipline
    : null;
  const source = SOURCES.find((s) => s === event.source) ?? null;
  const address = lines.map((line, i) => (
    <span key={i} style={{ display: 'block' }}>
      {line}
    </span>
  ));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="event-name" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1.5 }}>
        <Typography id="event-name" component="h2" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {event.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flexShrink: 0 }} aria-label={t('statusLabel')} role="group">
          <Chip size="small" color={STATUS_COLOR[registration.status]} variant={registration.status === 'closed' ? 'outlined' : 'filled'} label={t(`status.${registration.status}`)} />
          {event.isComplete && <Chip size="small" icon={<CheckCircleIcon />} label={t('complete')} />}
        </Stack>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 7.5rem) minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' }, gap: { xs: '6px 12px', sm: '6px 16px' }, m: 0 }}>
        <dt>{event.endDate && event.endDate > event.startDate ? t('dates') : t('date')}</dt>
        <dd style={dd}>
          <time dateTime={event.startDate}>{formatEventDates(event.startDate, event.endDate, locale)}</time>
        </dd>
        {(event.location || lines.length > 0) && (
          <>
            <dt>{t('venue')}</dt>
            <dd style={dd}>
              {event.location && <span style={{ display: 'block', fontWeight: 500 }}>{event.location}</span>}
              {lines.length > 0 &&
                (query && !settings.mapsKey ? (
                  <a href={mapSearchUrl(query)} target="_blank" rel="noopener noreferrer">
                    {address}
                    <span className="visually-hidden"> {t('map.searchHint')} {shell('opensInNewTab')}</span>
                  </a>
                ) : (
                  <address style={{ fontStyle: 'normal' }}>{address}</address>
                ))}
            </dd>
          </>
        )}
        {discipline && (
          <>
            <dt>{t('discipline')}</dt>
            <dd style={dd}>{discipline}</dd>
          </>
        )}
        <dt>{t('promoter')}</dt>
        <dd style={dd}>
          <Link href={`/promoters/${event.promoter.userId}`}>{event.promoter.name}</Link>
        </dd>
        {event.trackLengthKm !== null && (
          <>
            <dt>{t('trackLength')}</dt>
            <dd style={dd}>{t('trackLengthValue', { km: event.trackLengthKm.toLocaleString(locale, { maximumFractionDigits: 2 }) })}</dd>
          </>
        )}
        {source && (
          <>
            <dt>{t('source')}</dt>
            <dd style={dd}>{t(`sources.${source}`)}</dd>
          </>
        )}
      </Box>
      {event.description && (
        <Typography component="div" variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
          {event.description}
        </Typography>
      )}
      {query && settings.mapsKey && <EventMap locale={locale} mapsKey={settings.mapsKey} query={query} place={event.location ?? lines[0]} />}
      <div style={{ marginTop: 12 }}>
        <AddToCalendar eventId={event.id} locale={locale} />
      </div>
    </Paper>
  );
}
