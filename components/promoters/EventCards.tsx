/**
 * A club's or an organization's events (spec §2 promoter tab Events, /promoters/events/{id?},
 * /organizations/{id?}/events; §4 Registration status): the upcoming events first (soonest
 * first), then the past ones by season, each with its dates, venue, registration status (open,
 * closed or done), a link to its page and, when it has races, to its results. Phone first: one
 * column of cards; no table to scroll.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { EventCard, EventsBySeason } from '@/lib/server/promoters';
import { formatEventDates } from '@/lib/format';

/** Open stands out (filled, success); closed is outlined, done grey: every label keeps its contrast. */
const STATUS_CHIP = {
  open: { color: 'success', variant: 'filled' },
  closed: { color: 'default', variant: 'outlined' },
  done: { color: 'default', variant: 'filled' },
} as const;

export interface EventCardsProps {
  locale: Locale;
  events: EventsBySeason;
  /** The heading level of "Upcoming events" and each season (2 under the page title, 3 under a tab heading). */
  level: 2 | 3;
  /** The page of an event: `/events/{id}` (default) or the organization's event page. */
  eventHref?: (id: number) => string;
  /** Show each event's promoter (an organization's list holds several clubs). */
  showPromoter?: boolean;
}

export async function EventCards({ locale, events, level, eventHref = (id) => `/events/${id}`, showPromoter = false }: EventCardsProps) {
  const t = await getTranslations({ locale, namespace: 'directory.events' });
  if (!events.upcoming.length && !events.seasons.length) return <EmptyState>{t('none')}</EmptyState>;
  const heading = `h${level}` as const;

  const list = (title: string, cards: EventCard[]) => (
    <Box component="ul" aria-label={t('listLabel', { title, count: cards.length })} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {cards.map((e) => {
        const venue = [e.location, [e.city, e.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
        return (
          <Paper component="li" key={e.id} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
              <Link href={eventHref(e.id)}>{e.name}</Link>
            </Typography>
            <Typography variant="body2">
              <time dateTime={e.startDate}>{formatEventDates(e.startDate, e.endDate, locale)}</time>
            </Typography>
            {venue && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {venue}
              </Typography>
            )}
            {showPromoter && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('promoter', { name: e.promoter.name })}
              </Typography>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
              <Chip size="small" label={t(`status.${e.registrationStatus}`)} {...STATUS_CHIP[e.registrationStatus]} />
              {e.raceCount > 0 ? (
                <Typography variant="body2" component="span">
                  <Link href={`${eventHref(e.id)}?tab=results`}>{t('results')}</Link> ({t('races', { count: e.raceCount })})
                </Typography>
              ) : (
                <Typography variant="body2" component="span" color="text.secondary">
                  {t('races', { count: 0 })}
                </Typography>
              )}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="section" aria-labelledby="events-upcoming">
        <Typography id="events-upcoming" component={heading} variant="h6" gutterBottom>
          {t('upcoming')}
        </Typography>
        {events.upcoming.length ? list(t('upcoming'), events.upcoming) : <EmptyState>{t('noUpcoming')}</EmptyState>}
      </Box>
      {events.seasons.map(({ season, events: cards }) => (
        <Box component="section" key={season} aria-labelledby={`events-season-${season}`}>
          <Typography id={`events-season-${season}`} component={heading} variant="h6" gutterBottom>
            {t('season', { season: String(season) })}
          </Typography>
          {list(t('season', { season: String(season) }), cards)}
        </Box>
      ))}
    </Box>
  );
}
