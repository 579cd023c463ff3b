/**
 * The organization of `/organizations/<section>` without an id (spec §2 Organization pages;
 * §3 Site parameters "default organization"): the DefaultOrganization parameter, else the
 * organization of the default promoter (DefaultPromoterUserId).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { SiteSettings } from '../../contracts/site';
import { getDb } from '../db';
import { promoters } from '../db/schema';

/** The default organization's id, or null when neither parameter leads to one. */
export async function defaultOrganizationId(settings: Pick<SiteSettings, 'defaultOrganization' | 'defaultPromoterUserId'>): Promise<number | null> {
  if (settings.defaultOrganization !== null) return settings.defaultOrganization;
  const [row] = await getDb().select({ organizationId: promoters.organizationId }).from(promoters).where(eq(promoters.userId, settings.defaultPromoterUserId));
  return row?.organizationId ?? null;
}
