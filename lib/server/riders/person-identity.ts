/**
 * One rider, one profile (issue 25 "One rider, one profile"; spec §3 Trackside participant
 * search, Racer detail): which participant records are one person, for the public rider page
 * and the trackside search and tabs. The series standings keep their own keys (per class:
 * lib/server/series/riders.ts); a person is coarser:
 *  1. records sharing a rider key are one person (hand-set merge, licence, member number, or
 *     name + race number + class, with `adoptKnownKeys`): exactly the standings' matching;
 *  2. on top of that, records with the same name (accents, case and punctuation aside:
 *     ../trackside/fold.ts `foldText`) are one person whatever their race numbers and classes
 *     (ECEA numbers carry the class letter: 27A one year, 13B another) — unless something says
 *     they are different people: two different licences, two different member numbers of one
 *     organization, two different hand-set merges (`rider:` keys), or a desk split (`split:`:
 *     that record stands alone, as `splitRider` decided).
 * A person's canonical id is the smallest participant id of their records.
 */
import 'server-only';
import { or, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { classes, entries, participants } from '../db/schema';
import { adoptKnownKeys, inIds, loadIdentity, matchingLicence, nameKey, participantKey, riderKey } from '../series/riders';
import { foldSql, foldText } from '../trackside/fold';

/** One entry of a participant record (or the record alone: `raceNumber` null). */
export interface PersonRow {
  participantId: number;
  firstName: string;
  lastName: string;
  licence: string | null;
  raceNumber: string | null;
  className: string | null;
}

/** What grouping needs of one row: its effective rider key, folded name and the record's own key. */
export interface PersonItem {
  participantId: number;
  /** The standings' effective key of the entry (null: a record without entries and without a key of its own). */
  key: string | null;
  /** The folded "first last" name (`foldText`). */
  name: string;
  /** The record's key that does not depend on the entry (hand-set, licence, member number), or null. */
  own: string | null;
}

/**
 * The grouping facts of `rows` (two queries: hand-set keys and member numbers): each row's
 * effective rider key (as the standings resolve it, `adoptKnownKeys` over these rows), folded
 * name and the record's own key.
 */
export async function personItemsOf(rows: readonly PersonRow[]): Promise<PersonItem[]> {
  const identity = await loadIdentity([...new Set(rows.map((r) => r.participantId))]);
  const facts = rows.map((r) => {
    const known = identity.get(r.participantId);
    return { link: known?.link ?? null, member: known?.member ?? null, licence: r.licence, firstName: r.firstName, lastName: r.lastName };
  });
  const items = rows.map((r, i) => ({
    key: riderKey(facts[i], { raceNumber: r.raceNumber, className: r.className }),
    nameKey: nameKey(r.firstName, r.lastName, r.raceNumber, r.className),
    hasEntry: r.raceNumber !== null,
  }));
  const adopted = adoptKnownKeys(items);
  return rows.map((r, i) => ({
    participantId: r.participantId,
    // A record without entries has only the key it holds by itself (hand-set, licence, member).
    key: items[i].hasEntry || !adopted[i].startsWith('name:') ? adopted[i] : null,
    name: foldText(`${r.firstName} ${r.lastName}`),
    own: participantKey(facts[i]),
  }));
}

/** What says two groups are different people: their own keys by kind. */
interface Facts {
  licences: Set<string>;
  /** `member:<org>:` → numbers. */
  members: Map<string, Set<string>>;
  merges: Set<string>;
  split: boolean;
}

const emptyFacts = (): Facts => ({ licences: new Set(), members: new Map(), merges: new Set(), split: false });

function addOwn(facts: Facts, own: string | null): void {
  if (!own) return;
  if (own.startsWith('split:')) facts.split = true;
  else if (own.startsWith('licence:')) facts.licences.add(own);
  else if (own.startsWith('member:')) {
    const org = own.slice(0, own.lastIndexOf(':') + 1);
    const numbers = facts.members.get(org) ?? new Set<string>();
    numbers.add(own);
    facts.members.set(org, numbers);
  } else facts.merges.add(own);
}

const moreThanOne = (a: Set<string>, b: Set<string>) => new Set([...a, ...b]).size > 1;

/** Whether the facts of two groups say they are different people (see the file's docstring). */
function differentPeople(a: Facts, b: Facts): boolean {
  if (a.split || b.split) return true;
  if (moreThanOne(a.licences, b.licences) || moreThanOne(a.merges, b.merges)) return true;
  for (const [org, numbers] of a.members) if (moreThanOne(numbers, b.members.get(org) ?? new Set())) return true;
  return false;
}

function mergeFacts(into: Facts, from: Facts): void {
  for (const l of from.licences) into.licences.add(l);
  for (const m of from.merges) into.merges.add(m);
  for (const [org, numbers] of from.members) {
    const mine = into.members.get(org) ?? new Set<string>();
    for (const n of numbers) mine.add(n);
    into.members.set(org, mine);
  }
  into.split ||= from.split;
}

/**
 * Groups participant records into people (see the file's docstring): first the records sharing
 * a rider key, then groups of the same folded name unless their own keys conflict (groups taken
 * smallest id first; a group joins the first group of its name it does not conflict with).
 * Returns each participant id's person id (the smallest participant id of the person). Pure.
 */
export function groupByPerson(items: readonly PersonItem[]): Map<number, number> {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root)! !== root) root = parent.get(root)!;
    let node = id;
    while (parent.get(node)! !== root) {
      const next = parent.get(node)!;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const union = (a: number, b: number): number => {
    const [ra, rb] = [find(a), find(b)];
    if (ra === rb) return ra;
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    parent.set(child, root);
    return root;
  };
  for (const item of items) if (!parent.has(item.participantId)) parent.set(item.participantId, item.participantId);
  // 1. The standings' keys.
  const byKey = new Map<string, number>();
  for (const item of items) {
    if (item.key === null) continue;
    const first = byKey.get(item.key);
    if (first === undefined) byKey.set(item.key, item.participantId);
    else union(first, item.participantId);
  }
  // 2. The same name, unless the groups' own keys say otherwise.
  const facts = new Map<number, Facts>();
  const names = new Map<number, Set<string>>();
  for (const item of items) {
    const root = find(item.participantId);
    const f = facts.get(root) ?? emptyFacts();
    addOwn(f, item.own);
    facts.set(root, f);
    const n = names.get(root) ?? new Set<string>();
    if (item.name) n.add(item.name);
    names.set(root, n);
  }
  const roots = [...facts.keys()].sort((a, b) => a - b);
  /** Name → the people (roots) of that name so far. */
  const people = new Map<string, number[]>();
  for (const start of roots) {
    let root = find(start);
    for (const name of names.get(start) ?? []) {
      const list = people.get(name) ?? [];
      for (const other of list.map(find)) {
        if (other === root) continue;
        const [fa, fb] = [facts.get(root)!, facts.get(other)!];
        if (differentPeople(fa, fb)) continue;
        const joined = union(root, other);
        const gone = joined === root ? other : root;
        mergeFacts(facts.get(joined)!, facts.get(gone)!);
        root = joined;
      }
      list.push(root);
      people.set(name, list);
    }
  }
  const out = new Map<number, number>();
  for (const id of parent.keys()) out.set(id, find(id));
  return out;
}

/** Rounds of `personParticipants` at most (each reaches the records of names and keys found by the last). */
const PERSON_ROUNDS = 3;

/**
 * The participant records of the person one of whose records is `participantId` (it
 * included), smallest first (the first is the canonical id); null when there is no such
 * participant. Reads the records of the same folded name and those sharing a hand-set key, a
 * member number or the licence with the person's records found so far; a record found under
 * another name (a merge, a licence) brings that name's records in the next round.
 */
export async function personParticipants(participantId: number): Promise<number[] | null> {
  const db = getDb();
  let mine: number[] = [participantId];
  const names = new Set<string>();
  for (let round = 0; round < PERSON_ROUNDS; round++) {
    const ids = `{${mine.join(',')}}`;
    const mineSql = sql`${ids}::int[]`;
    const nameList = `{${[...names].map((n) => `"${n.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
    const sameName = names.size ? sql`${foldSql(sql`${participants.firstName} || ' ' || ${participants.lastName}`)} = any(${nameList}::text[])` : undefined;
    const sameLink = sql`${participants.id} in (select l2.participant_id from rider_links l1 join rider_links l2 on l2.rider_key = l1.rider_key where l1.participant_id = any(${mineSql}))`;
    const sameMember = sql`${participants.id} in (select m2.participant_id from memberships m1 join memberships m2 on m2.organization_id = m1.organization_id and btrim(m2.number) = btrim(m1.number) where m1.participant_id = any(${mineSql}))`;
    const sameLicence = sql`upper(regexp_replace(coalesce(${matchingLicence}, ''), '[^0-9A-Za-z]', '', 'g')) in (select upper(regexp_replace(licence, '[^0-9A-Za-z]', '', 'g')) from participants p2 where p2.id = any(${mineSql}) and p2.licence_confirmed_at is not null and regexp_replace(coalesce(p2.licence, ''), '[^0-9A-Za-z]', '', 'g') <> '')`;
    const rows: PersonRow[] = await db
      .select({
        participantId: participants.id,
        firstName: participants.firstName,
        lastName: participants.lastName,
        licence: matchingLicence,
        raceNumber: entries.raceNumber,
        className: classes.name,
      })
      .from(participants)
      .leftJoin(entries, sql`${entries.participantId} = ${participants.id}`)
      .leftJoin(classes, sql`${classes.id} = ${entries.classId}`)
      .where(or(inIds(participants.id, mine), sameName, sameLink, sameMember, sameLicence));
    if (!rows.some((r) => r.participantId === participantId)) return null;
    const items = await personItemsOf(rows);
    const groups = groupByPerson(items);
    const person = groups.get(participantId);
    mine = [...groups].filter(([, g]) => g === person).map(([id]) => id).sort((a, b) => a - b);
    const found = new Set(items.filter((i) => mine.includes(i.participantId) && i.name).map((i) => i.name));
    const more = [...found].filter((n) => !names.has(n));
    if (!more.length && round > 0) break;
    for (const n of more) names.add(n);
  }
  return mine;
}
