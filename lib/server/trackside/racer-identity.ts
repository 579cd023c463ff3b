/**
 * Who "a racer" is on the trackside pages (spec §3 Trackside participant search: id; §3 Racer
 * detail). A timing import writes one participant record per rider and file, so one person
 * has several records; the racer is every record the series standings would count as the
 * same rider (lib/server/series/riders.ts: hand-set key, licence, member number, or name +
 * race number + class), joined across their entries: two records sharing a rider key, or one
 * record's entries under two keys (a second class), are one racer. A racer's id (`?racer=`)
 * is one of their participant records; the search gives the latest.
 *
 * Issue 25 ("One rider, one profile"): the racer is now the person of the public rider page
 * (lib/server/riders/person-identity.ts): on top of the rider keys, records of the same name
 * under other race numbers and classes, unless something says they are different people.
 * `riderKeysOf` and `groupByRider` remain the standings' grouping (per rider key).
 */
import 'server-only';
import { personParticipants } from '../riders/person-identity';
import { adoptKnownKeys, loadIdentity, nameKey, riderKey } from '../series/riders';

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

/**
 * The participant records of the racer whose id is `participantId` (it included), smallest
 * first; null when there is no such participant. A racer is a person (issue 25 "One rider,
 * one profile"): the records the standings count as one rider, and the records of the same
 * name under other race numbers and classes unless licences, member numbers, merges or a desk
 * split say they are different people (lib/server/riders/person-identity.ts).
 */
export async function racerParticipants(participantId: number): Promise<number[] | null> {
  return personParticipants(participantId);
}
