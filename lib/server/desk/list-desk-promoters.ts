/**
 * The promoters a login may create events for on the desk (issue 24): the ones it is staff of,
 * every promoter for a federation admin; by name.
 */
import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { getDb } from '../db';
import { promoters } from '../db/schema';
import type { Viewer } from '../policy';

/** `{ id: promoters.id, name }` of the promoters `viewer` manages; empty for none (and anonymous). */
export async function listDeskPromoters(viewer: Viewer): Promise<{ id: number; name: string }[]> {
  if (viewer === null) return [];
  if (viewer.role !== 'admin' && (viewer.role !== 'promoter' || !viewer.promoterIds.length)) return [];
  const query = getDb().select({ id: promoters.id, name: promoters.name }).from(promoters);
  return viewer.role === 'admin' ? query.orderBy(asc(promoters.name)) : query.where(inArray(promoters.id, [...viewer.promoterIds])).orderBy(asc(promoters.name));
}
