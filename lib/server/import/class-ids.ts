/**
 * The class ids of an import's class names (issue 24: classes are per organization, and two
 * organizations may each have "Open"). For each name: the class of the event's organization,
 * else the class met only in imports (no organization), else the only class of that name
 * whatever its organization (as before classes were per organization); a name none of these
 * gives is created without an organization. Used by the file importer (./write.ts) and the live
 * feed (lib/server/timing/live/ingest/write-run.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { classes, events } from '../db/schema';

/** `names`' class ids for event `eventId`, written in `tx` where missing. */
export async function classIdsFor(tx: Pick<Tx, 'select' | 'insert'>, eventId: number, names: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const wanted = [...new Set(names)];
  if (!wanted.length) return ids;
  const [event] = await tx.select({ organizationId: events.organizationId }).from(events).where(eq(events.id, eventId));
  const pick = async () => {
    const rows = await tx.select({ id: classes.id, name: classes.name, organizationId: classes.organizationId }).from(classes).where(inArray(classes.name, wanted));
    for (const name of wanted) {
      const same = rows.filter((r) => r.name === name);
      const chosen = same.find((r) => event?.organizationId != null && r.organizationId === event.organizationId) ?? same.find((r) => r.organizationId === null) ?? (same.length === 1 ? same[0] : undefined);
      if (chosen) ids.set(name, chosen.id);
    }
  };
  await pick();
  const missing = wanted.filter((name) => !ids.has(name));
  if (missing.length) {
    await tx.insert(classes).values(missing.map((name) => ({ name }))).onConflictDoNothing();
    await pick();
  }
  return ids;
}
