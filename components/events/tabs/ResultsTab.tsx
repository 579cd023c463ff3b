/**
 * The results tab (spec §2 Event page: results; §8 'No Results Available Yet'): every public
 * race with results, with its kind and entry count, linking to its results (/races/{id}), and
 * a link to every result of the event on one page (/eventScores/{id}).
 */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { LinkButton, LinkListItemButton } from '@/components/ui/links';
import type { Locale } from '@/lib/config';
import { getAccordionRaces } from '@/lib/server/events';
import { raceLabel } from './race-label';

export async function ResultsTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [all, t] = await Promise.all([getAccordionRaces(eventId), getTranslations({ locale, namespace: 'eventPage' })]);
  const races = all.filter((r) => r.resultCount > 0);
  if (!races.length) return <Typography role="status">{t('results.none')}</Typography>;
  return (
    <>
      <LinkButton href={`/eventScores/${eventId}`} variant="outlined" size="small" sx={{ mb: 2 }}>
        {t('results.all')}
      </LinkButton>
      <Paper variant="outlined">
        <List disablePadding>
          {races.map((race) => (
            <ListItem key={race.id} disablePadding divider>
              <LinkListItemButton href={`/races/${race.id}`}>
                <ListItemText
                  primary={raceLabel(race, all, (n, run) => t('runNumber', { name: n, number: run }))}
                  secondary={`${t(`kinds.${race.kind}`)} · ${t('entryCount', { count: race.entryCount })}`}
                />
              </LinkListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
