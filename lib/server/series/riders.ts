/**
 * Rider identity across events (issue 9 "riders are matched across events"; spec §3 Series
 * table, §4 Series results): the same person imported several times (one participant record
 * per import) is one rider in the standings. A result's rider key is, in this order:
 *  1. the hand-set key of its participant (`rider_links`: a merge or a split);
 *  2. `licence:<licence>` when the participant has a CONFIRMED competition licence
 *     (`participants.licence` with `licence_confirmed_at`: issue 29, a number typed in a profile
 *     counts only once an official confirmed it, `matchingLicence`);
 *  3. `member:<organization id>:<number>`: the participant's member number (`memberships`; with
 *     several, the latest by `valid_from`);
 *  4. `name:<first last>#<race number>@<class>`: the name (lower case, accents stripped,
 *     spaces collapsed) with the race number and class of that entry — unless a rider known by
 *     licence, member number or a merge raced under that same name, number and class in the data at hand
 *     (`adoptKnownKeys`): then the entry is that rider's (a timing import of a member's race
 *     creates a participant record without the membership).
 * `mergeRiders` gives several participants one key (and every participant already sharing the
 * key of one of them), `splitRider` gives one participant its own (`split:<id>`), `resetRider` removes the
 * hand-set key. The standings follow at once: they are computed from the keys on every read.
 */
import 'server-only';
import { type AnyColumn, type SQL, asc, desc, eq, or, sql } from 'drizzle-orm';
import { stripAccents } from '../../format';
import { getDb, type Db } from '../db';
import { classes, entries, memberships, participants, riderLinks } from '../db/schema';

/** What decides a participant's key, before the entry (number, class) is known. */
export interface RiderFacts {
  /** The hand-set key (`rider_links.rider_key`), or null. */
  link: string | null;
  licence: string | null;
  /** The latest membership's organization and number, or null. */
  member: { organizationId: number; number: string } | null;
  firstName: string;
  lastName: string;
}

/** The entry's part of a name key. */
export interface EntryFacts {
  raceNumber: string | null;
  className: string | null;
}

/** "  Jérôme   LÉVESQUE " → "jerome levesque": lower case, accents stripped, spaces collapsed. */
export function normaliseName(firstName: string, lastName: string): string {
  return stripAccents(`${firstName} ${lastName}`).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A licence as a key: letters and digits only, upper case (`on 555`, `ON-555` → `ON555`); null when none are left. */
export function normaliseLicence(licence: string | null | undefined): string | null {
  // ASCII letters and digits only, as the database side compares them (mergeRiders).
  const value = (licence ?? '').replace(/[^0-9a-z]/gi, '').toUpperCase();
  return value || null;
}

export const licenceKey = (licence: string) => `licence:${licence}`;

/**
 * The licence a participant is matched by (issue 29): `participants.licence` once confirmed
 * (`licence_confirmed_at` set), else null: a number typed in a profile matches nobody until an
 * official saw the card. Every matcher reads it (the series, the rider page, claims).
 */
export const matchingLicence = sql<string | null>`(case when ${participants.licenceConfirmedAt} is not null then ${participants.licence} end)`;
export const memberKey = (organizationId: number, number: string) => `member:${organizationId}:${number.trim()}`;
export const nameKey = (firstName: string, lastName: string, raceNumber: string | null, className: string | null) =>
  `name:${normaliseName(firstName, lastName)}#${(raceNumber ?? '').trim().toUpperCase()}@${className ?? ''}`;
/** The key a merge writes: `rider:<lowest participant id of the group>`. */
export const handKey = (participantId: number) => `rider:${participantId}`;
/** The key a split writes: `split:<participant id>` (never a merge's key, so splitting the group's lowest id still splits). */
export const splitKey = (participantId: number) => `split:${participantId}`;

/** The key of a participant alone, when it does not depend on the entry (hand-set, licence, member number); else null. */
export function participantKey(facts: Pick<RiderFacts, 'link' | 'licence' | 'member'>): string | null {
  if (facts.link) return facts.link;
  const licence = normaliseLicence(facts.licence);
  if (licence) return licenceKey(licence);
  const number = facts.member?.number.trim();
  if (facts.member && number) return memberKey(facts.member.organizationId, number);
  return null;
}

/** The rider key of one entry of a participant (see the file's docstring for the order). */
export function riderKey(facts: RiderFacts, entry: EntryFacts): string {
  return participantKey(facts) ?? nameKey(facts.firstName, facts.lastName, entry.raceNumber, entry.className);
}

/**
 * Resolves name keys against the riders known by a stronger key in the same data: `items` are
 * entries with their effective key and their name key (`nameKey`, computed for every entry,
 * whatever its key). An entry keyed by name only takes the key of the one rider (licence,
 * member number or a merge's `rider:` key; never a split's `split:` key) whose entries carry the same name, number and class; with two or
 * more such riders it keeps its name key (no guess). Returns the effective key of each item,
 * in order.
 */
export function adoptKnownKeys(items: readonly { key: string; nameKey: string }[]): string[] {
  const known = new Map<string, Set<string>>();
  for (const item of items) {
    // Identity facts and merges attract (licence, member number, a merged rider); a split is a
    // decision about that record alone and attracts nothing.
    if (item.key.startsWith('name:') || item.key.startsWith('split:')) continue;
    const keys = known.get(item.nameKey) ?? new Set<string>();
    keys.add(item.key);
    known.set(item.nameKey, keys);
  }
  return items.map((item) => {
    if (!item.key.startsWith('name:')) return item.key;
    const keys = known.get(item.nameKey);
    return keys?.size === 1 ? [...keys][0] : item.key;
  });
}

/** A database or a transaction (what the queries below need). */
export type Queryable = Pick<Db, 'select' | 'selectDistinctOn' | 'insert' | 'delete'>;

/** `column in (the ids)` as one array parameter (any number of ids). */
export const inIds = (column: AnyColumn, ids: number[]) => sql`${column} = any(${`{${[...new Set(ids)].join(',')}}`}::int[])`;
/** `expression in (the texts)` as one array parameter. */
const inTexts = (expression: SQL, values: string[]) => sql`${expression} = any(${`{${values.map(pgQuote).join(',')}}`}::text[])`;

/** A value inside a PostgreSQL array literal. */
function pgQuote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The hand-set keys and latest member numbers of these participants (two queries), keyed by
 * participant id. Participants without either are absent.
 */
export async function loadIdentity(participantIds: number[], db: Queryable = getDb()): Promise<Map<number, Pick<RiderFacts, 'link' | 'member'>>> {
  const out = new Map<number, Pick<RiderFacts, 'link' | 'member'>>();
  if (!participantIds.length) return out;
  const [links, members] = await Promise.all([
    db.select({ participantId: riderLinks.participantId, riderKey: riderLinks.riderKey }).from(riderLinks).where(inIds(riderLinks.participantId, participantIds)),
    db
      .selectDistinctOn([memberships.participantId], { participantId: memberships.participantId, organizationId: memberships.organizationId, number: memberships.number })
      .from(memberships)
      .where(inIds(memberships.participantId, participantIds))
      .orderBy(memberships.participantId, desc(memberships.validFrom), desc(memberships.id)),
  ]);
  for (const m of members) out.set(m.participantId, { link: null, member: { organizationId: m.organizationId, number: m.number } });
  for (const l of links) out.set(l.participantId, { link: l.riderKey, member: out.get(l.participantId)?.member ?? null });
  return out;
}

interface Candidate {
  id: number;
  facts: RiderFacts;
  /** Every key its entries have (one when the key does not depend on the entry). */
  keys: Set<string>;
}

/** The participants matching `where`, with their facts and the keys of their entries (three queries). */
async function candidates(db: Queryable, where: SQL | undefined): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: participants.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      licence: matchingLicence,
      raceNumber: entries.raceNumber,
      className: classes.name,
    })
    .from(participants)
    .leftJoin(entries, eq(entries.participantId, participants.id))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .where(where)
    .orderBy(asc(participants.id));
  const identity = await loadIdentity(
    rows.map((r) => r.id),
    db,
  );
  const byId = new Map<number, Candidate>();
  for (const r of rows) {
    let c = byId.get(r.id);
    if (!c) {
      const known = identity.get(r.id);
      c = { id: r.id, facts: { link: known?.link ?? null, member: known?.member ?? null, licence: r.licence, firstName: r.firstName, lastName: r.lastName }, keys: new Set() };
      byId.set(r.id, c);
    }
    const fixed = participantKey(c.facts);
    if (fixed) c.keys.add(fixed);
    else if (r.raceNumber !== null) c.keys.add(riderKey(c.facts, { raceNumber: r.raceNumber, className: r.className }));
  }
  return [...byId.values()];
}

/** Every participant whose effective key is one of `keys` (hand-set, licence, member number or name key). */
async function sharingKeys(db: Queryable, keys: Set<string>): Promise<Candidate[]> {
  if (!keys.size) return [];
  const list = [...keys];
  const conditions: SQL[] = [sql`${participants.id} in (select participant_id from rider_links where ${inTexts(sql`rider_key`, list)})`];
  const licences = list.filter((k) => k.startsWith('licence:')).map((k) => k.slice('licence:'.length));
  if (licences.length) conditions.push(inTexts(sql`upper(regexp_replace(${matchingLicence}, '[^0-9A-Za-z]', '', 'g'))`, licences));
  for (const key of list.filter((k) => k.startsWith('member:'))) {
    const rest = key.slice('member:'.length);
    const org = Number(rest.slice(0, rest.indexOf(':')));
    const number = rest.slice(rest.indexOf(':') + 1);
    conditions.push(sql`${participants.id} in (select participant_id from memberships where organization_id = ${org} and btrim(number) = ${number})`);
  }
  const numbers = [...new Set(list.filter((k) => k.startsWith('name:')).map((k) => k.slice(k.lastIndexOf('#') + 1, k.lastIndexOf('@'))))];
  if (numbers.length) conditions.push(sql`${participants.id} in (select participant_id from entries where ${inTexts(sql`upper(btrim(race_number))`, numbers)})`);
  const found = await candidates(db, or(...conditions));
  return found.filter((c) => [...c.keys].some((k) => keys.has(k)));
}

export interface RiderChange {
  /** The key now set. */
  riderKey: string;
  /** Participants whose hand-set key was written, with the key(s) each had before. */
  changed: { participantId: number; before: string[] }[];
}

/**
 * Merges riders: the participants `participantIds` and every participant currently sharing
 * the effective key of any of them get one hand-set key, `rider:<lowest participant id>`
 * (one transaction; a savepoint when `db` is one).
 * @throws Error when fewer than two participant ids are given or one is unknown.
 */
export async function mergeRiders(participantIds: number[], db: Queryable & Pick<Db, 'transaction'> = getDb()): Promise<RiderChange> {
  const ids = [...new Set(participantIds)];
  if (ids.length < 2) throw new Error('Give at least two participant ids to merge');
  return db.transaction(async (tx) => {
    const named = await candidates(tx, inIds(participants.id, ids));
    const missing = ids.filter((id) => !named.some((c) => c.id === id));
    if (missing.length) throw new Error(`Unknown participant id(s): ${missing.join(', ')}`);
    const group = new Map<number, Candidate>(named.map((c) => [c.id, c]));
    for (const c of await sharingKeys(tx, new Set(named.flatMap((c) => [...c.keys])))) group.set(c.id, c);
    const key = handKey(Math.min(...group.keys()));
    const changed = [...group.values()].filter((c) => c.facts.link !== key).map((c) => ({ participantId: c.id, before: [...c.keys] }));
    await setLinks(tx, [...group.keys()], key);
    return { riderKey: key, changed };
  });
}

/**
 * Splits a rider: participant `participantId` gets its own hand-set key `split:<id>`; the
 * participants it shared a key with keep theirs.
 * @throws Error when the participant is unknown.
 */
export async function splitRider(participantId: number, db: Queryable = getDb()): Promise<RiderChange> {
  const [found] = await candidates(db, eq(participants.id, participantId));
  if (!found) throw new Error(`Unknown participant id: ${participantId}`);
  const key = splitKey(participantId);
  await setLinks(db, [participantId], key);
  return { riderKey: key, changed: found.facts.link === key ? [] : [{ participantId, before: [...found.keys] }] };
}

/**
 * Removes the hand-set key of participant `participantId`: its key comes again from licence,
 * member number or name + number + class.
 * @returns the key removed (null when it had none) and the key(s) it has now.
 * @throws Error when the participant is unknown.
 */
export async function resetRider(participantId: number, db: Queryable = getDb()): Promise<{ removed: string | null; keys: string[] }> {
  const removed = await db.delete(riderLinks).where(eq(riderLinks.participantId, participantId)).returning({ riderKey: riderLinks.riderKey });
  const [after] = await candidates(db, eq(participants.id, participantId));
  if (!after) throw new Error(`Unknown participant id: ${participantId}`);
  return { removed: removed[0]?.riderKey ?? null, keys: [...after.keys] };
}

async function setLinks(db: Queryable, ids: number[], key: string) {
  if (!ids.length) return;
  await db
    .insert(riderLinks)
    .values(ids.map((participantId) => ({ participantId, riderKey: key })))
    .onConflictDoUpdate({ target: riderLinks.participantId, set: { riderKey: key, createdAt: sql`now()` } });
}
