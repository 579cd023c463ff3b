/**
 * One event in a calendar view (spec §2 Event calendar views, §3 Calendar "events carry a
 * start date and a title of weekday and day", §4 Registration status): its day title, its name
 * linking to /events/{id}, the venue and city, the discipline and a chip with the registration
 * status (open, closed or done). A list item: the views put it in a `<ul>`.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { CalendarEntry } from '@/lib/contracts/calendar';
import { Link } from '@/lib/i18n/navigation';

/** The translated texts an event item shows (built once per calendar). */
export interface EventItemLabels {
  status: Record<CalendarEntry['registrationStatus'], string>;
  discipline: (discipline: string) => string;
}

const STATUS_COLOR = { open: 'success', closed: 'default', done: 'default' } as const;

export function CalendarEventItem({ event, title, labels, compact = false }: { event: CalendarEntry; title: string; labels: EventItemLabels; compact?: boolean }) {
  const place = [event.location, event.city].filter(Boolean).join(', ');
  return (
    <Box
      component="li"
      data-event-id={event.id}
      sx={{
        py: compact ? 0.5 : 1,
        overflowWrap: 'anywhere',
        '& + &': { borderTop: 1, borderColor: 'divider' },
        '& a': { fontWeight: 600, color: 'primary.main' },
      }}
    >
      <Typography component="p" variant="caption" color="text.secondary" sx={{ lineHeight: 1.4 }}>
        <time dateTime={event.startDate}>{title}</time>
      </Typography>
      <Typography component="p" variant={compact ? 'body2' : 'body1'} sx={{ lineHeight: 1.3 }}>
        <Link href={`/events/${event.id}`}>{event.name}</Link>
      </Typography>
      {place && (
        <Typography component="p" variant="body2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
          {place}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
        {event.discipline && (
          <Typography component="span" variant="caption" color="text.secondary">
            {labels.discipline(event.discipline)}
          </Typography>
        )}
        <Chip
          size="small"
          label={labels.status[event.registrationStatus]}
          color={STATUS_COLOR[event.registrationStatus]}
          variant={event.registrationStatus === 'done' ? 'outlined' : 'filled'}
          data-status={event.registrationStatus}
          sx={{ height: 'auto', minHeight: 20, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      </Box>
    </Box>
  );
}
