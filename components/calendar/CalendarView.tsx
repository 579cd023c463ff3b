/**
 * The event calendar's month view (spec §4 Calendar build): per year, the visible months,
 * each with its weeks as rows in alternating bands, events linking to their pages.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { CalendarYear } from '@/lib/server/calendar/build';

export async function CalendarView({ years, locale }: { years: CalendarYear[]; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'calendar' });
  if (!years.length) return <Typography role="status">{t('noEvents')}</Typography>;
  return (
    <Box>
      {years.map((y) => (
        <Box component="section" key={y.year} aria-labelledby={`year-${y.year}`} sx={{ mb: 4 }}>
          <Typography id={`year-${y.year}`} component="h2" variant="h5" gutterBottom>
            {y.year}
          </Typography>
          {y.months
            .filter((m) => m.visible)
            .map((m) => (
              <Paper key={m.month} variant="outlined" component="section" aria-labelledby={`m-${y.year}-${m.month}`} sx={{ mb: 2, overflow: 'hidden' }}>
                <Typography id={`m-${y.year}-${m.month}`} component="h3" variant="h6" sx={{ px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText', textTransform: 'capitalize' }}>
                  {m.name} {y.year}
                </Typography>
                <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {m.weeks.map((w) => (
                    <Box
                      component="li"
                      key={w.start}
                      data-row={w.row}
                      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, px: 2, py: 1, bgcolor: w.bandReverse ? 'action.hover' : 'background.paper' }}
                    >
                      <Typography variant="body2" color="text.secondary">
                        <span className="visually-hidden">{t('week', { range: w.rangeText })}</span>
                        <span aria-hidden="true">{w.rangeText}</span>
                        {w.cont && <Box component="span" sx={{ display: 'block', fontSize: 12 }}>{t('continues')}</Box>}
                      </Typography>
                      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                        {w.events.map((e) => (
                          <li key={e.id}>
                            <Typography component="span" variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
                              <time dateTime={e.startDate}>{e.title}</time>
                            </Typography>
                            <Link href={`/events/${e.id}`}>{e.name}</Link>
                            {e.location && (
                              <Typography component="span" variant="body2" color="text.secondary">
                                {' '}
                                · {e.location}
                              </Typography>
                            )}
                          </li>
                        ))}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Paper>
            ))}
        </Box>
      ))}
    </Box>
  );
}
