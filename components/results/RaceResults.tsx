/**
 * A race's results as the race and scores pages show them (spec §2 /races/{id}, /scores/{id};
 * §3 Race results columns and Race filters; §8 Results): the controls (client leaf), the
 * table rendered here on the server for the URL's view and filters, the downloads, the
 * rider's detail dialog and the lap chart (client leaves that fetch their own data).
 */
import { elide } from '@/lib/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { BASE_PATH, type Locale } from '@/lib/config';
import { isRaceConfigured, type ResultsQuery } from '@/lib/contracts/results';
import { buildResultsTable, getRaceResults, getRaceTeams, hasLapPassings, tableLabels, type RaceView } from '@/lib/server/races';
import { LapChart } from './LapChart';
import { ResultsControls } from './ResultsControls';
import { ResultsTable } from './ResultsTable';
import { RiderDialog } from './RiderDialog';

/** The URL query of a results view, without empty values (and without the dialog's `rider`). */
export function resultsSearch(query: ResultsQuery, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...extra })) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return params;
}

export async function RaceResults({ race, locale, query, compact = false }: {
  race: RaceView;
  locale: Locale;
  query: ResultsQuery;
  /** On the event's page of all results: no controls, dialog or lap chart. */
  compact?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'race' });
  if (!isRaceConfigured(race.config)) {
    return <Alert severity="warning">{t('notConfigured')}</Alert>;
  }
  const [results, teams, labels, laps] = await Promise.all([getRaceResults(race.id), getRaceTeams(race.id), tableLabels(locale), compact ? false : hasLapPassings(race.id)]);
  if (!results.length) {
    return (
      <Alert severity="info" role="status">
        {t('noResults')}
      </Alert>
    );
  }
  const table = buildResultsTable(race, results, teams, query, labels);
  const exportHref = (format: 'csv' | 'json') => `${BASE_PATH}/api/v1/livelaps/race/export/${race.id}?${resultsSearch({ ...query, view: table.view }, { format, locale }).toString()}`;
  const caption = table.selected ? `${t('tableCaption', { race: race.name, elide: elide(race.name) })} — ${table.selected}` : t('tableCaption', { race: race.name, elide: elide(race.name) });

  return (
    <Box>
      {!compact && (
        <ResultsControls
          raceId={race.id}
          view={table.view}
          views={table.views}
          choices={table.view === 'class' ? table.classes : table.view === 'group' ? table.groups : []}
          selected={table.selected}
          brands={table.brands}
          classes={table.classes}
          groups={table.groups}
        />
      )}
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="results-count" variant="body2" color="text.secondary" aria-live="polite">
          {t('showing', { shown: table.rows.filter((r) => r.kind !== 'member').length, total: table.total })}
        </Typography>
        <Typography variant="body2" className="no-print" component="p">
          {t('download')}:{' '}
          <a href={exportHref('csv')} download data-testid="download-csv">
            {t('downloadCsv')}
          </a>
          {' · '}
          <a href={exportHref('json')} download data-testid="download-json">
            {t('downloadJson')}
          </a>
        </Typography>
      </Stack>
      {table.rows.length === 0 ? (
        <Alert severity="info" role="status">
          {t('noMatch')}
        </Alert>
      ) : (
        <ResultsTable
          model={table}
          id={`r${race.id}`}
          caption={caption}
          regionLabel={t('tableRegion', { race: race.name, elide: elide(race.name) })}
          scrollHint={t('scrollHint')}
          riderHref={(entryId) => `?${resultsSearch({ ...query, view: table.view }, { rider: String(entryId) }).toString()}`}
          openHint={t('openHint')}
        />
      )}
      {!compact && <RiderDialog raceId={race.id} />}
      {!compact && laps && <LapChart raceId={race.id} raceName={race.name} />}
    </Box>
  );
}
