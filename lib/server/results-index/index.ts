/**
 * The results index (spec §2 /results; issue 25): every public event with results, newest
 * first, filterable by season, discipline and promoter. One use case per file.
 */
export { eventHasResults, listResultsEvents, RESULTS_PAGE_SIZE, type ResultsEvent, type ResultsIndexPage, type ResultsIndexQuery } from './list-results-events';
export { getResultsFilters, type ResultsFilters } from './get-results-filters';
export { parseResultsQuery, resultsQueryString } from './parse-query';
