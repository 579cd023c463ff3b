/**
 * The results index's query string (spec §2 /results; issue 25): `season` (a year), `discipline`
 * (EVENT_DISCIPLINES), `promoter` (a promoter user id) and `page`, as a GET form sends them.
 * A value that is not one of these is ignored (the index unfiltered on it), never an error: the
 * form works without JavaScript and a hand-edited link still shows a list.
 */
import 'server-only';
import { EVENT_DISCIPLINES } from '../../contracts/events';
import { firstParam } from '../../contracts/search-params';
import type { ResultsIndexQuery } from './list-results-events';

type Raw = Record<string, string | string[] | undefined>;


/** The filters and page of `params` (the page's searchParams); unknown or malformed values dropped. */
export function parseResultsQuery(params: Raw): Required<Pick<ResultsIndexQuery, 'page'>> & Pick<ResultsIndexQuery, 'season' | 'discipline' | 'promoterUserId'> {
  const season = firstParam(params.season);
  const discipline = firstParam(params.discipline);
  const promoter = firstParam(params.promoter);
  const page = firstParam(params.page);
  return {
    season: /^\d{4}$/.test(season) ? Number(season) : null,
    discipline: (EVENT_DISCIPLINES as readonly string[]).includes(discipline) ? discipline : null,
    promoterUserId: /^\d{1,9}$/.test(promoter) && Number(promoter) > 0 ? Number(promoter) : null,
    page: /^\d{1,6}$/.test(page) && Number(page) > 0 ? Number(page) : 1,
  };
}

/** The query string of the index for `query` (page 1 and empty filters left out), with a leading `?` when not empty. */
export function resultsQueryString(query: Pick<ResultsIndexQuery, 'season' | 'discipline' | 'promoterUserId' | 'page'>): string {
  const params = new URLSearchParams();
  if (query.season) params.set('season', String(query.season));
  if (query.discipline) params.set('discipline', query.discipline);
  if (query.promoterUserId) params.set('promoter', String(query.promoterUserId));
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
