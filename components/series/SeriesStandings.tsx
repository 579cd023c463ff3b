/**
 * A series' standings for the URL's query (spec §3 Series table and Series filters; §4 Series
 * results; §8 Results): the controls (SeriesControls), then the tables rendered here on the
 * server — riders by class (a table per class unless one is chosen), overall or by class group,
 * or the team / club championships — the CSV download, and the rider's season dialog. Nothing
 * left after the filters reads 'No results found'; a failure of the standings reads 'Failed to
 * fetch series results'.
 *
 * Plain HTML (issue 23: MUI's Alert, Stack and Typography before), readable without
 * JavaScript. The season dialog is lazy: SeasonDialogLoader loads it only once a visitor opens
 * a rider's season (it needs MUI, TanStack Query and the chart library).
 */
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import ui from '@/components/ui/ui.module.css';
import { notFound } from 'next/navigation';
import { BASE_PATH, type Locale } from '@/lib/config';
import { seriesPaths, seriesRequestFor, type SeriesFilters, type SeriesQuery, type SeriesResults, type StandingScope } from '@/lib/contracts/series';
import { AppError } from '@/lib/errors';
import { markUncacheable } from '@/lib/server/cache';
import { getSeriesFilters, getSeriesResults, type SeriesDetail } from '@/lib/server/series';
import { seriesSearch, SEASON_CLASS_PARAM, SEASON_PARAM } from './params';
import { SeasonDialogLoader } from './SeasonDialogLoader';
import { SeriesControls } from './SeriesControls';
import { SeriesTable } from './SeriesTable';
import { tableLayouts } from './table-layout';
import { clubTable, riderTables, teamTable, type SeriesTableModel, type StandingLabels } from './standings-model';
import css from './series.module.css';

export type SeriesView = 'riders' | 'teams' | 'clubs';

/** The labels of the tables in `locale`. */
export async function standingLabels(locale: Locale): Promise<StandingLabels> {
  const [tt, t, common] = await Promise.all([getTranslations({ locale, namespace: 'seriesTable' }), getTranslations({ locale, namespace: 'series' }), getTranslations({ locale, namespace: 'common' })]);
  return {
    // The standings' kind is in the heading above the table: the narrow sticky column says "Pos.".
    position: { class: t('positionShort'), overall: t('positionShort'), group: t('positionShort') },
    number: tt('number'),
    name: tt('name'),
    class: tt('class'),
    group: tt('group'),
    brand: tt('brand'),
    city: tt('city'),
    eventsScored: tt('eventsScored'),
    total: tt('total'),
    team: tt('team'),
    club: tt('club'),
    emergencyPoints: tt('emergencyPoints'),
    round: (round) => t('roundShort', { round }),
    notClassifiedShort: t('notClassifiedShort'),
    noClass: t('noClass'),
    noGroup: t('noGroup'),
    formerMember: common('formerMember'),
  };
}

/** The standings, or the reason there are none: `not_found` is the page's 404, anything else the spec's failure text. */
async function loadResults(seriesId: number, query: SeriesQuery): Promise<SeriesResults | 'failed'> {
  try {
    return await getSeriesResults(seriesId, seriesRequestFor(query));
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') notFound();
    console.error('series results', seriesId, err);
    // The page shows the failure: not one to keep in the page cache.
    markUncacheable();
    return 'failed';
  }
}

/** The filter lists; without them the controls offer what the rows hold. */
async function loadFilters(seriesId: number, results: SeriesResults): Promise<SeriesFilters> {
  try {
    return await getSeriesFilters(seriesId);
  } catch (err) {
    console.error('series filters', seriesId, err);
    // The controls fall back to what the rows hold: not a page to keep in the page cache.
    markUncacheable();
    const list = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));
    return {
      brands: list(results.data.map((r) => r.brand)),
      classes: list(results.data.map((r) => r.className)),
      groups: list(results.data.map((r) => r.classGroup)),
      participants: [],
      events: results.events,
    };
  }
}

/** MUI's Alert icons (InfoOutlined, ErrorOutline). */
const ALERT_ICONS = {
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  error: 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
} as const;

/** A message in MUI's Alert look (plain HTML): its severity's icon and the text. */
function Message({ severity, role, testId, children }: { severity: keyof typeof ALERT_ICONS; role: 'alert' | 'status'; testId?: string; children: ReactNode }) {
  return (
    <div role={role} data-testid={testId} className={`${ui.alert} ${severity === 'error' ? ui.alertError : ui.alertInfo} ${css.message}`}>
      <Icon path={ALERT_ICONS[severity]} size={22} className={severity === 'error' ? css.iconError : css.iconInfo} />
      <p>{children}</p>
    </div>
  );
}

export async function SeriesStandings({ locale, detail, query, view }: { locale: Locale; detail: SeriesDetail; query: SeriesQuery; view: SeriesView }) {
  const [t, tt] = await Promise.all([getTranslations({ locale, namespace: 'series' }), getTranslations({ locale, namespace: 'seriesTable' })]);
  const results = await loadResults(detail.id, query);
  if (results === 'failed') {
    return (
      <Message severity="error" role="alert" testId="series-failed">
        {t('failed')}
      </Message>
    );
  }
  const [filters, labels] = await Promise.all([loadFilters(detail.id, results), standingLabels(locale)]);
  // Group standings only mean something with two groups or more (one group ranks like the overall).
  const scopes: StandingScope[] = ['class', 'overall', ...(filters.groups.length > 1 ? (['group'] as const) : [])];
  const scope: StandingScope = query.score && scopes.includes(query.score) ? query.score : 'class';
  // Every round (an event filter narrows the table's columns, not the choices or the season).
  const rounds = detail.events;

  let models: SeriesTableModel[];
  let count: string;
  if (view === 'teams') {
    models = results.teams?.length ? [teamTable(results.teams, results.events, labels, query.event)] : [];
    count = t('showingTeams', { count: results.teams?.length ?? 0 });
  } else if (view === 'clubs') {
    models = results.clubs?.length ? [clubTable(results.clubs, results.events, labels, query.event)] : [];
    count = t('showingClubs', { count: results.clubs?.length ?? 0 });
  } else {
    const split = scope === 'class' ? !query.class : scope === 'group' ? !query.group : false;
    const order = scope === 'group' ? filters.groups : detail.rules.classes.length ? detail.rules.classes : filters.classes;
    models = riderTables(results, { scope, split, eventId: query.event, order, labels });
    count = t('showing', { count: results.data.length });
  }

  const layouts = tableLayouts(models);
  const heading = view === 'riders' ? t(`headings.${scope}`) : t(`headings.${view}`);
  const captionOf = (model: SeriesTableModel) =>
    view !== 'riders'
      ? t(`caption.${view}`, { series: detail.name })
      : scope === 'overall'
        ? t('caption.overall', { series: detail.name })
        : scope === 'class'
          ? t('caption.class', { series: detail.name, className: model.heading ?? query.class ?? '' })
          : t('caption.group', { series: detail.name, group: model.heading ?? query.group ?? '' });
  const exportHref = `${BASE_PATH}/api/v1${seriesPaths.export(detail.id, locale, { ...query, view })}`;
  const seasonHref = (key: string, className: string | null) => `?${seriesSearch(query, { [SEASON_PARAM]: key, [SEASON_CLASS_PARAM]: className }).toString()}`;

  return (
    <section aria-labelledby="standings-title">
      <h2 id="standings-title" className={`${ui.h5} ${css.standingsTitle}`}>
        {heading}
      </h2>
      {(view === 'riders' || rounds.length > 1) && (
        <SeriesControls
          locale={locale}
          path={`/series/${detail.id}`}
          query={query}
          riders={view === 'riders'}
          scope={scope}
          scopes={scopes}
          classes={filters.classes}
          groups={filters.groups}
          brands={filters.brands}
          events={rounds.map((e) => ({ id: e.id, label: t('controls.round', { round: e.round, name: e.name }) }))}
          participants={filters.participants}
        />
      )}
      <div className={css.summary}>
        <p className={`${ui.body2} muted`} aria-live="polite">
          {count}
        </p>
        <p className={`${ui.body2} no-print`}>
          {t('download')}{' '}
          <a href={exportHref} download data-testid="series-download-csv">
            {t('downloadCsv')}
          </a>
        </p>
      </div>
      {models.length === 0 || models.every((m) => !m.rows.length && !m.unclassified.length) ? (
        <Message severity="info" role="status">
          {t('noResults')}
        </Message>
      ) : (
        <div className={css.tables}>
          <style>{layouts.css}</style>
          {models.map((model, index) => {
            const caption = captionOf(model);
            const Wrapper = model.heading ? 'section' : 'div';
            return (
              <Wrapper key={model.id} aria-labelledby={model.heading ? `${model.id}-title` : undefined} className={css.tableBlock}>
                {model.heading && (
                  <h3 id={`${model.id}-title`} className={`${ui.h6} ${css.tableTitle}`}>
                    {model.heading}
                  </h3>
                )}
                <SeriesTable
                  model={model}
                  layout={layouts.keys[index]}
                  domId={model.id}
                  caption={caption}
                  regionLabel={t('tableRegion', { table: caption })}
                  scrollHint={t('scrollHint')}
                  openHint={t('openHint')}
                  seasonHref={seasonHref}
                  drop={tt('drop')}
                  unclassified={detail.rules.minEvents > 0 ? t('notClassifiedNote', { count: detail.rules.minEvents }) : tt('notClassified')}
                />
              </Wrapper>
            );
          })}
        </div>
      )}
      {view === 'riders' && (
        <SeasonDialogLoader seriesId={detail.id} scope={scope} rounds={rounds.map((e) => ({ id: e.id, round: e.round, name: e.name, startDate: e.startDate, held: e.held }))} />
      )}
    </section>
  );
}
