/**
 * A race's results as the race and scores pages show them (spec §2 /races/{id}, /scores/{id};
 * §3 Race results columns and Race filters; §8 Results): the views and class tabs (links), the
 * search and filters, the table rendered here on the server for the URL's view and filters (each
 * rider's name linking to their public page, issue 25), the downloads, the rider's detail dialog
 * and the lap chart.
 *
 * Plain HTML (issue 23): a server component; what reacts is small client leaves (the search
 * and filter bar, the dialog's loader, the lap chart's button) and what is heavy (the filter
 * panel's MUI fields, the rider's dialog, the charts) is loaded only when the visitor asks for it.
 */
import { elide } from '@/lib/format';
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import { BASE_PATH, type Locale } from '@/lib/config';
import { isRaceConfigured, type ResultsQuery } from '@/lib/contracts/results';
import { riderPath } from '@/lib/contracts/riders';
import { getPathname } from '@/lib/i18n/navigation';
import { buildResultsTable, getRaceResults, getRaceTeams, hasLapPassings, nameColumn, tableLabels, type RaceView } from '@/lib/server/races';
import { LapChart } from './LapChart';
import { ResultsAlert } from './ResultsAlert';
import { ResultsControls } from './ResultsControls';
import { ResultsTable } from './ResultsTable';
import { RiderDialogLoader } from './RiderDialogLoader';
import css from './results.module.css';

/** The URL query of a results view, without empty values (and without the dialog's `rider`). */
export function resultsSearch(query: ResultsQuery, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...extra })) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return params;
}

/** The page the results are on: its path (without the language) and its URL query, for the tabs' links. */
export interface ResultsPage {
  path: string;
  search: Record<string, string | string[] | undefined>;
}

export async function RaceResults({ race, locale, query, compact = false, page }: {
  race: RaceView;
  locale: Locale;
  query: ResultsQuery;
  /** On the event's page of all results: no controls, dialog or lap chart. */
  compact?: boolean;
  /** Needed unless `compact`. */
  page?: ResultsPage;
}) {
  const t = await getTranslations({ locale, namespace: 'race' });
  if (!isRaceConfigured(race.config)) {
    return <ResultsAlert severity="warning">{t('notConfigured')}</ResultsAlert>;
  }
  const [results, teams, labels, laps] = await Promise.all([getRaceResults(race.id), getRaceTeams(race.id), tableLabels(locale), compact ? false : hasLapPassings(race.id)]);
  if (!results.length) {
    return (
      <ResultsAlert severity="info" role="status">
        {t('noResults')}
      </ResultsAlert>
    );
  }
  const table = buildResultsTable(race, results, teams, query, labels);
  const exportHref = (format: 'csv' | 'json') => `${BASE_PATH}/api/v1/livelaps/race/export/${race.id}?${resultsSearch({ ...query, view: table.view }, { format, locale }).toString()}`;
  const caption = table.selected ? `${t('tableCaption', { race: race.name, elide: elide(race.name) })} — ${table.selected}` : t('tableCaption', { race: race.name, elide: elide(race.name) });
  const controls = !compact && page;

  return (
    <div>
      {controls && (
        <ResultsControls
          locale={locale}
          page={page}
          view={table.view}
          views={table.views}
          choices={table.view === 'class' ? table.classes : table.view === 'group' ? table.groups : []}
          selected={table.selected}
          brands={table.brands}
          classes={table.classes}
          groups={table.groups}
          raceId={race.id}
        />
      )}
      <div className={css.summary}>
        <p id={controls ? 'results-count' : undefined} className={`${ui.body2} muted`} aria-live="polite">
          {t('showing', { shown: table.rows.filter((r) => r.kind !== 'member').length, total: table.total })}
        </p>
        <p className={`${ui.body2} no-print`}>
          {t('download')}:{' '}
          <a href={exportHref('csv')} download data-testid="download-csv">
            {t('downloadCsv')}
          </a>
          {' · '}
          <a href={exportHref('json')} download data-testid="download-json">
            {t('downloadJson')}
          </a>
        </p>
      </div>
      {table.rows.length === 0 ? (
        <ResultsAlert severity="info" role="status">
          {t('noMatch')}
        </ResultsAlert>
      ) : (
        <ResultsTable
          model={table}
          id={`r${race.id}`}
          caption={caption}
          regionLabel={t('tableRegion', { race: race.name, elide: elide(race.name) })}
          scrollHint={t('scrollHint')}
          riderHref={(entryId) => `?${resultsSearch({ ...query, view: table.view }, { rider: String(entryId) }).toString()}`}
          pageHref={(participantId) => `${BASE_PATH}${getPathname({ href: riderPath(participantId), locale })}`}
          detailLabel={(name) => t('detailOf', { name })}
          openHint={t('openHint')}
        />
      )}
      {table.rows.some((r) => r.note) && (
        <div className={`${ui.body2} ${css.notes}`} data-testid="office-totals">
          <p>{t('officeTotalsIntro')}</p>
          <ul>{table.rows.flatMap((r) => (r.note ? [<li key={r.id}>{t('officeTotalNote', { team: r.cells[nameColumn(table)], sum: r.ridersSum ?? 0 })}</li>] : []))}</ul>
        </div>
      )}
      {controls && <RiderDialogLoader raceId={race.id} />}
      {controls && laps && <LapChart locale={locale} raceId={race.id} raceName={race.name} />}
    </div>
  );
}
