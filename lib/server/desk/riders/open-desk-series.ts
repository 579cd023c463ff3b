/**
 * A series opened on the desk for its riders (issue 24 "Riders: merge and split rider records …";
 * spec §3 Series table): the policy's check (`series.edit` on the series' promoter, through
 * `getDeskSeries`), then the series as the standings engine reads it.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../errors';
import { getDb } from '../../db';
import { promoters } from '../../db/schema';
import type { Viewer } from '../../policy';
import type { SeriesRecord } from '../../series';
import { getDeskSeries } from '../get-desk-series';

/** Series `id` of promoter `promoterId` (`promoters.id`), as `loadSeriesFrom` reads it. */
export interface OpenedSeries {
  id: number;
  promoterId: number;
  record: SeriesRecord;
}

/**
 * Series `seriesId` for `viewer` to change its riders, hidden or not (its public events and
 * races only count, as in its public standings).
 * @throws AppError `unauthenticated`; `not_found` when unknown or of a promoter the viewer does not manage.
 */
export async function openDeskSeries(viewer: Viewer, seriesId: number): Promise<OpenedSeries> {
  const found = await getDeskSeries(viewer, seriesId);
  const [promoter] = await getDb().select({ id: promoters.id, userId: promoters.userId, name: promoters.name }).from(promoters).where(eq(promoters.id, found.promoterId));
  if (!promoter) throw new AppError('not_found');
  const { name, startDate, endDate, seriesType, rules } = found.series;
  return { id: seriesId, promoterId: found.promoterId, record: { id: seriesId, name, startDate, endDate, seriesType, rules, rulesValid: found.rulesValid, promoter } };
}
