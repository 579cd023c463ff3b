/**
 * The results index (spec §2 /results "race results … results search"; issue 25: "a results
 * index lists every public event with results, newest first, filterable by season, discipline
 * and promoter"): a GET form of three selects (it works without JavaScript: the server renders
 * the list for the query string), the count, the events (date, name with club and discipline,
 * location, races with results; each opening the event's results tab) and links to newer and
 * older pages. Plain HTML from the server: no client code.
 */
import { getTranslations } from 'next-intl/server';
import { namesIn } from '@/components/organizations/names';
import { EventList } from '@/components/results/EventList';
import styles from '@/components/results/PromoterResults.module.css';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { markUncacheable } from '@/lib/server/cache';
import { getResultsFilters, listResultsEvents, resultsQueryString, type ResultsFilters, type ResultsIndexPage, type ResultsIndexQuery } from '@/lib/server/results-index';

type Query = Required<Pick<ResultsIndexQuery, 'page'>> & Pick<ResultsIndexQuery, 'season' | 'discipline' | 'promoterUserId'>;

async function load(query: Query): Promise<{ page: ResultsIndexPage; filters: ResultsFilters } | null> {
  try {
    const [page, filters] = await Promise.all([listResultsEvents(query), getResultsFilters()]);
    return { page, filters };
  } catch (err) {
    console.error('results index', err);
    markUncacheable();
    return null;
  }
}

export async function ResultsIndex({ locale, query }: { locale: Locale; query: Query }) {
  const [data, t, tr, td, nameOf] = await Promise.all([
    load(query),
    getTranslations({ locale, namespace: 'results.index' }),
    getTranslations({ locale, namespace: 'results' }),
    getTranslations({ locale, namespace: 'eventPage.disciplines' }),
    namesIn(locale),
  ]);
  const heading = (
    <h2 className={styles.title} id="results-index-title">
      {t('heading')}
    </h2>
  );
  if (!data) {
    return (
      <>
        {heading}
        <Alert severity="error">{t('failed')}</Alert>
      </>
    );
  }
  const { page, filters } = data;
  const discipline = (d: string | null) => (d && td.has(d) ? td(d) : d);
  const filtered = !!(query.season || query.discipline || query.promoterUserId);
  const pageHref = (n: number) => `/results${resultsQueryString({ ...query, page: n })}`;
  return (
    <section aria-labelledby="results-index-title">
      {heading}
      <p className={`${ui.body2} muted ${styles.intro}`}>{t('intro')}</p>
      <form className={styles.filters} aria-label={t('filters')} role="search">
        <label className={ui.field}>
          <span className={ui.label}>{t('season')}</span>
          <select name="season" defaultValue={query.season ? String(query.season) : ''} className={ui.select}>
            <option value="">{t('allSeasons')}</option>
            {filters.seasons.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          <span className={ui.label}>{t('discipline')}</span>
          <select name="discipline" defaultValue={query.discipline ?? ''} className={ui.select}>
            <option value="">{t('allDisciplines')}</option>
            {filters.disciplines.map((d) => (
              <option key={d} value={d}>
                {discipline(d)}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          <span className={ui.label}>{t('promoter')}</span>
          <select name="promoter" defaultValue={query.promoterUserId ? String(query.promoterUserId) : ''} className={ui.select}>
            <option value="">{t('allPromoters')}</option>
            {filters.promoters.map((p) => (
              <option key={p.userId} value={p.userId}>
                {nameOf(p)}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.filterActions}>
          <button type="submit" className={`${ui.button} ${ui.contained}`}>
            {t('apply')}
          </button>
          {filtered && (
            <Link href="/results" className={ui.button}>
              {t('clear')}
            </Link>
          )}
        </div>
      </form>
      <p className={styles.count} aria-live="polite" data-testid="results-count">
        {t('count', { count: page.total })}
      </p>
      {page.events.length ? (
        <EventList
          locale={locale}
          tab="results"
          events={page.events.map((e) => ({ ...e, promoterName: nameOf(e.promoter), discipline: discipline(e.discipline) }))}
        />
      ) : (
        <p role="status" className={styles.empty}>
          {filtered || page.page > 1 ? t('emptyFiltered') : t('empty')}
        </p>
      )}
      {page.pageCount > 1 && (
        <nav aria-label={t('pages')} className={styles.pages}>
          {page.page > 1 ? (
            <Link href={pageHref(page.page - 1)} rel="prev" className={`${ui.button} ${ui.outlined}`}>
              ← {t('newer')}
            </Link>
          ) : (
            <span />
          )}
          <span className={ui.body2}>{t('pageOf', { page: page.page, count: page.pageCount })}</span>
          {page.page < page.pageCount ? (
            <Link href={pageHref(page.page + 1)} rel="next" className={`${ui.button} ${ui.outlined}`}>
              {t('older')} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
      <p className={`${ui.body2} ${styles.after}`}>
        <Link href="/event-calendar">{tr('index.calendar')}</Link>
      </p>
    </section>
  );
}
