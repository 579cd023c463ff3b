/**
 * STUB signatures for the series domain (replaced file by file by the data/API helper; the
 * pages import them from '@/lib/server/series').
 */
import 'server-only';
import type { Locale } from '../../config';
import type {
  ParticipantSearchRequest,
  RiderSeason,
  SeriesConfig,
  SeriesEvent,
  SeriesFilters,
  SeriesParticipant,
  SeriesResults,
  SeriesResultsRequest,
  SeriesRules,
  SeriesScoresRequest,
  SeriesType,
} from '../../contracts/series';
import type { SeriesCard } from '../promoters/list-series';

/** A public series with its rounds and rules (GET livelaps/promoter/series/{id}). */
export interface SeriesDetail {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  seriesType: SeriesType;
  rules: SeriesRules;
  promoter: { id: number; userId: number; name: string };
  events: SeriesEvent[];
}

/** @throws AppError not_found when unknown or hidden (series, or its promoter). */
export async function getSeriesDetail(_seriesId: number): Promise<SeriesDetail> {
  throw new Error('not implemented');
}
/** Every public series, newest season first (GET livelaps/series). */
export async function listPublicSeries(): Promise<SeriesCard[]> {
  throw new Error('not implemented');
}
/** POST livelaps/series/results/{id}. @throws AppError not_found */
export async function getSeriesResults(_seriesId: number, _request: SeriesResultsRequest): Promise<SeriesResults> {
  throw new Error('not implemented');
}
/** GET livelaps/series/filters/{id}. */
export async function getSeriesFilters(_seriesId: number): Promise<SeriesFilters> {
  throw new Error('not implemented');
}
/** GET livelaps/series/config/{id}. */
export async function getSeriesConfig(_seriesId: number): Promise<SeriesConfig> {
  throw new Error('not implemented');
}
/** A rider's season (results event by event, points progression). @throws AppError not_found */
export async function getRiderSeason(_seriesId: number, _riderKey: string, _className: string | null): Promise<RiderSeason> {
  throw new Error('not implemented');
}
/** POST livelaps/promoter/race/getSeriesScores. */
export async function getSeriesScores(_request: SeriesScoresRequest): Promise<SeriesResults> {
  throw new Error('not implemented');
}
/** POST livelaps/series/search/participant. */
export async function searchSeriesParticipants(_request: ParticipantSearchRequest): Promise<{ series: SeriesParticipant[]; meta: { total: number; limit: number; offset: number } }> {
  throw new Error('not implemented');
}
/** The series table as CSV (header row in `locale`), same filters as the table. */
export async function exportSeriesCsv(_seriesId: number, _request: SeriesResultsRequest, _locale: Locale): Promise<{ filename: string; body: string }> {
  throw new Error('not implemented');
}
