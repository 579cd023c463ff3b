/**
 * Who "a racer" is on the trackside pages (spec §3 Trackside participant search: id; §3 Racer
 * detail). A timing import writes one participant record per rider and file, so one person
 * has several records; the racer is every record the series standings would count as the
 * same rider (lib/server/series/riders.ts: hand-set key, licence, member number, or name +
 * race number + class), joined across their entries: two records sharing a rider key, or one
 * record's entries under two keys (a second class), are one racer. A racer's id (`?racer=`)
 * is one of their participant records; the search gives the latest.
 *
 * `racerParticipants(id)` looks among the records with the same name (accents, case and
 * punctuation aside) under one of the racer's race numbers, the same licence, the same member
 * number or a hand-set key shared with `id`; a record reached only through one of those
 * others (a merge of two different names) is found from that record's own id.
 */
import 'server-only';
import { eq, or, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { classes, entries, participants } from '../db/schema';
import { adoptKnownKeys, inIds, loadIdentity, nameKey, normaliseLicence, riderKey } from '../series/riders';
import { foldSql, foldText } from './fold';

/** One entry of a participant record (or the record alone: `raceNumber` null). */
export interface IdentityRow {
  participantId: number;
  firstName: string;
  lastName: string;
  licence: string | null;
  raceNumber: string | null;
  className: string | null;
}

/**
 * The effective rider key of each row, in order (the standings' resolution: `riderKey`, then
 * `adoptKnownKeys` over these rows); null for a row without an entry whose record has no key
 * of its own.
 */
export async function riderKeysOf(rows: IdentityRow[]): Promise<(string | null)[]> {
  const identity = await loadIdentity([...new Set(rows.map((r) => r.participantId))]);
  const items = rows.map((r) => {
    const known = identity.get(r.participantId);
    const facts = { link: known?.link ?? null, member: known?.member ?? null, licence: r.licence, firstName: r.firstName, lastName: r.lastName };
    return { key: riderKey(facts, { raceNumber: r.raceNumber, className: r.className }), nameKey: nameKey(r.firstName, r.lastName, r.raceNumber, r.className), hasEntry: r.raceNumber !== null };
  });
  const adopted = adoptKnownKeys(items);
  // A record without entries has only the key it holds by itself (hand-set, licence, member).
  return adopted.map((key, i) => (items[i].hasEntry || !key.startsWith('name:') ? key : null));
}

/**
 * Groups participant records into racers: records sharing a key, and the keys of one record,
 * are one racer. Returns each participant id's group id (the smallest participant id of its
 * group). Pure.
 */
export function groupByRider(items: readonly { participantId: number; key: string | null }[]): Map<number, number> {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root)! !== root) root = parent.get(root)!;
    // Path compression.
    let node = id;
    while (parent.get(node)! !== root) {
      const next = parent.get(node)!;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  for (const item of items) if (!parent.has(item.participantId)) parent.set(item.participantId, item.participantId);
  const byKey = new Map<string, number>();
  for (const item of items) {
    if (item.key === null) continue;
    const first = byKey.get(item.key);
    if (first === undefined) byKey.set(item.key, item.participantId);
    else union(first, item.participantId);
  }
  const out = new Map<number, number>();
  for (const id of parent.keys()) out.set(id, find(id));
  return out;
}

/** Rounds of `racerParticipants` at most (each reaches the records sharing a number found by the last). */
const IDENTITY_ROUNDS = 4;

/** `' 23a '` → `'23A'`: a race number as rider keys compare it. */
const numberKey = (raceNumber: string) => raceNumber.trim().toUpperCase();

/**
 * The participant records of the racer whose id is `participantId` (it included), smallest
 * first; null when there is no such participant.
 *
 * Bounded: a record joins by name only through a name key (name, race number and class), so
 * the candidates are the records of the same folded name that raced under one of the group's
 * race numbers (the name folded only for those), plus those sharing a hand-set key, a member
 * number or the licence with `participantId`. A record found with another number brings the
 * records under that number in the next round (at most `IDENTITY_ROUNDS`).
 */
export async function racerParticipants(participantId: number): Promise<number[] | null> {
  const db = getDb();
  const [target] = await db
    .select({ firstName: participants.firstName, lastName: participants.lastName, licence: participants.licence })
    .from(participants)
    .where(eq(participants.id, participantId));
  if (!target) return null;
  const licence = normaliseLicence(target.licence);
  const name = foldText(`${target.firstName} ${target.lastName}`);
  const sameLink = sql`${participants.id} in (select l2.participant_id from rider_links l1 join rider_links l2 on l2.rider_key = l1.rider_key where l1.participant_id = ${participantId})`;
  const sameMember = sql`${participants.id} in (select m2.participant_id from memberships m1 join memberships m2 on m2.organization_id = m1.organization_id and btrim(m2.number) = btrim(m1.number) where m1.participant_id = ${participantId})`;
  const sameLicence = licence ? sql`upper(regexp_replace(coalesce(${participants.licence}, ''), '[^0-9A-Za-z]', '', 'g')) = ${licence}` : undefined;
  const numbersOf = (ids: number[]) =>
    db
      .selectDistinct({ raceNumber: entries.raceNumber })
      .from(entries)
      .where(inIds(entries.participantId, ids))
      .then((rows) => rows.map((r) => numberKey(r.raceNumber)));

  const numbers = new Set(await numbersOf([participantId]));
  let mine: number[] = [participantId];
  for (let round = 0; round < IDENTITY_ROUNDS; round++) {
    // Same folded name under one of the numbers: the fold runs only on those records.
    const sameNameAndNumber = numbers.size
      ? sql`(${participants.id} in (select participant_id from entries where upper(btrim(race_number)) in (${sql.join([...numbers].map((n) => sql`${n}`), sql`, `)})) and ${foldSql(sql`${participants.firstName} || ' ' || ${participants.lastName}`)} = ${name})`
      : undefined;
    const rows: IdentityRow[] = await db
      .select({
        participantId: participants.id,
        firstName: participants.firstName,
        lastName: participants.lastName,
        licence: participants.licence,
        raceNumber: entries.raceNumber,
        className: classes.name,
      })
      .from(participants)
      .leftJoin(entries, eq(entries.participantId, participants.id))
      .leftJoin(classes, eq(classes.id, entries.classId))
      .where(or(inIds(participants.id, mine), sameNameAndNumber, sameLink, sameMember, sameLicence));
    const keys = await riderKeysOf(rows);
    const groups = groupByRider(rows.map((r, i) => ({ participantId: r.participantId, key: keys[i] })));
    const group = groups.get(participantId);
    mine = [...groups].filter(([, g]) => g === group).map(([id]) => id).sort((a, b) => a - b);
    const more = rows.filter((r) => r.raceNumber !== null && mine.includes(r.participantId) && !numbers.has(numberKey(r.raceNumber))).map((r) => numberKey(r.raceNumber!));
    if (!more.length) break;
    for (const n of more) numbers.add(n);
  }
  return mine;
}
