/**
 * The races tab (spec §2 Event page: races; §7 accordionRaces, accordionClasses): the public
 * races in running order as an accordion of native <details> (opens and closes without
 * JavaScript, by keyboard too), each with its classes and their entry counts, a link to the
 * class's results (`/scores/{raceId}?class=…`) once the race has results, and a link to the
 * race's results.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { getAccordionRaces } from '@/lib/server/events';
import { raceLabel } from './race-label';

export async function RacesTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [races, t] = await Promise.all([getAccordionRaces(eventId), getTranslations({ locale, namespace: 'eventPage' })]);
  if (!races.length) return <Typography role="status">{t('races.none')}</Typography>;
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '& details + details': { borderTop: 1, borderColor: 'divider' },
        '& summary': {
          display: 'flex',
          alignItems: 'baseline',
          gap: 1,
          cursor: 'pointer',
          px: 2,
          py: 1.5,
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
          '&::before': { content: '"▸"', color: 'text.secondary', width: '1em', flexShrink: 0 },
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        },
        '& details[open] > summary::before': { content: '"▾"' },
        '& details[open] > summary': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      {races.map((race, i) => {
        const name = raceLabel(race, races, (n, run) => t('runNumber', { name: n, number: run }));
        return (
          <details key={race.id} open={i === 0}>
            <summary>
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2px 12px', flex: 1, minWidth: 0 }}>
                <Box component="span" sx={{ fontWeight: 500, flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                  {name}
                </Box>
                <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
                  {t(`kinds.${race.kind}`)} · {t('entryCount', { count: race.entryCount })}
                  {race.startTime && <> · {t('races.startTime', { time: race.startTime })}</>}
                </Box>
              </Box>
            </summary>
            <Box sx={{ px: 2, py: 1.5 }}>
              {race.classes.length === 0 ? (
                <Typography variant="body2">{t('races.noClasses')}</Typography>
              ) : (
                <Box component="ul" aria-label={t('races.classesOf', { race: name })} sx={{ listStyle: 'none', m: 0, p: 0, columnWidth: '16rem', columnGap: 4 }}>
                  {race.classes.map((c) => (
                    <Box component="li" key={c.classId ?? 'none'} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, breakInside: 'avoid', borderBottom: 1, borderColor: 'divider' }}>
                      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {c.name === null ? (
                          t('races.noClass')
                        ) : c.resultsPath && race.resultCount > 0 ? (
                          <Link href={c.resultsPath}>
                            {c.name}
                            <span className="visually-hidden"> {t('races.classResultsHint')}</span>
                          </Link>
                        ) : (
                          c.name
                        )}
                        {c.group && (
                          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                            {' '}
                            · {c.group}
                          </Box>
                        )}
                      </span>
                      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {t('entryCount', { count: c.entryCount })}
                      </Box>
                    </Box>
                  ))}
                </Box>
              )}
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                {race.resultCount > 0 ? (
                  <Link href={`/races/${race.id}`}>{t('races.openResults', { race: name })} →</Link>
                ) : (
                  t('races.noResultsYet')
                )}
              </Typography>
            </Box>
          </details>
        );
      })}
    </Box>
  );
}
