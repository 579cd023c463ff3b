/**
 * The promoters a login may create events for on the desk (issue 24): the ones it is staff of,
 * every promoter for a federation admin; by name.
 */
import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { getDb } from '../db';
import { promoters } from '../db/schema';
import { managedPromoters, type Viewer } from '../policy';

/** `{ id: promoters.id, name }` of the promoters `viewer` manages; empty for none (and anonymous). */
export async function listDeskPromoters(viewer: Viewer): Promise<{ id: number; name: string }[]> {
  const managed = managedPromoters(viewer);
  if (managed !== 'all' && !managed.length) return [];
  return getDb()
    .select({ id: promoters.id, name: promoters.name })
    .from(promoters)
    .where(managed === 'all' ? undefined : inArray(promoters.id, [...managed]))
    .orderBy(asc(promoters.name));
}
