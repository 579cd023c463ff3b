/**
 * One child, one family (issue 22: "a logged-in adult can add another family's child, same
 * names and date of birth, to their own family"). A minor whose first name, last name (folded:
 * case, accents, apostrophes and hyphens aside, lib/server/trackside/fold.ts) and date of birth
 * are those of a minor of ANOTHER family (a profile with a different guardian) is refused with
 * 409 `minor_in_other_family`: the message sends the family to the federation (the contact
 * page), who can move the child. Checked when a minor is added or renamed in the family section
 * (./minors.ts) and when an account is created with minors (./create-account.ts, after the
 * duplicate check the visitor may acknowledge: this one cannot be acknowledged).
 */
import 'server-only';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { Db } from '../db';
import { participantProfiles } from '../db/schema';
import { foldSql, foldText } from '../trackside/fold';
import type { Identity, Reader } from './check-duplicate';

/**
 * True when one of `minors` is a minor of a family other than the one of guardian profile
 * `guardianId` (null: a family being created, so any family is another).
 */
export async function inOtherFamily(minors: readonly Identity[], guardianId: number | null, db: Reader): Promise<boolean> {
  if (!minors.length) return false;
  const p = participantProfiles;
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        isNotNull(p.guardianId),
        guardianId === null ? undefined : ne(p.guardianId, guardianId),
        or(
          ...minors.map((m) =>
            and(
              eq(p.birthday, m.birthday),
              sql`${foldSql(sql`${p.lastName}`)} = ${foldText(m.lastName)}`,
              sql`${foldSql(sql`${p.firstName}`)} = ${foldText(m.firstName)}`,
            ),
          ),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * In a transaction: takes a transaction-scoped advisory lock on each minor's folded identity
 * (two families adding one child at once: the second waits, then sees the first's), then
 * throws when `inOtherFamily`.
 * @throws AppError 409 `minor_in_other_family` (see the module's docstring).
 */
export async function refuseMinorOfOtherFamily(minors: readonly Identity[], guardianId: number | null, tx: Pick<Db, 'select' | 'execute'>): Promise<void> {
  const keys = [...new Set(minors.map((m) => `${foldText(m.firstName)}|${foldText(m.lastName)}|${m.birthday}`))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('minor-identity'), hashtext(${key}))`);
  if (await inOtherFamily(minors, guardianId, tx)) throw new AppError('minor_in_other_family');
}
