/**
 * A member's permanent number (issue 26: "the holder receives a permanent member number (the same
 * every season)"; spec §2 /membership/members): one per person and organization, kept in
 * `member_numbers`. The first paid membership allocates the organization's next number (1, 2, …)
 * while holding a transaction-level advisory lock on the organization, so two payments committed
 * at the same moment never take the same number; every later membership reuses it.
 */
import 'server-only';
import { and, eq, max, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { memberNumbers } from '../db/schema';

/** The first key of the advisory lock taken per organization while a number is allocated (the second is the organization id). */
export const MEMBER_NUMBER_LOCK = 26_001;

async function existing(tx: Tx, participantId: number, organizationId: number): Promise<number | null> {
  const [row] = await tx
    .select({ number: memberNumbers.number })
    .from(memberNumbers)
    .where(and(eq(memberNumbers.participantId, participantId), eq(memberNumbers.organizationId, organizationId)));
  return row?.number ?? null;
}

/**
 * The permanent member number of participant `participantId` in organization `organizationId`,
 * allocated in `tx` when they have none yet (the organization's highest number + 1). The lock is
 * held until `tx` ends.
 * @returns a whole number ≥ 1.
 */
export async function memberNumberFor(tx: Tx, participantId: number, organizationId: number): Promise<number> {
  const known = await existing(tx, participantId, organizationId);
  if (known !== null) return known;
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_NUMBER_LOCK}::int, ${organizationId}::int)`);
  // Another transaction may have numbered this person while this one waited for the lock.
  const numbered = await existing(tx, participantId, organizationId);
  if (numbered !== null) return numbered;
  const [top] = await tx.select({ n: max(memberNumbers.number) }).from(memberNumbers).where(eq(memberNumbers.organizationId, organizationId));
  const number = (top?.n ?? 0) + 1;
  await tx.insert(memberNumbers).values({ participantId, organizationId, number });
  return number;
}
