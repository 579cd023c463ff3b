/**
 * The places the race pages show for some entries (issue 25 "no statement beside its
 * contradiction"): a results file may leave out overall or class places (an ECEA team enduro
 * gives places in class only), which the race page ranks on reading (`withPlaces`). Pages that
 * list a rider's results elsewhere (the rider page, the trackside tabs) take the same places from
 * the same cached race results, so a rider is never "—" on one page and 17th on the other.
 */
import 'server-only';
import { getRaceResults } from './get-race-results';

/** An entry's stored places (null: none in the file). */
export interface StoredPlaces {
  entryId: number;
  raceId: number;
  position: number | null;
  classPosition: number | null;
  /** The stored result state; null when the entry has no result yet (then nothing is ranked). */
  state: string | null;
}

/**
 * `rows` with the places the race page shows: stored places kept, missing ones from the race's
 * ranked results (read once per race, and only for races where one is missing). Same order.
 */
export async function withShownPlaces<T extends StoredPlaces>(rows: readonly T[]): Promise<T[]> {
  const races = [...new Set(rows.filter((r) => r.state !== null && (r.position === null || r.classPosition === null)).map((r) => r.raceId))];
  if (!races.length) return [...rows];
  const placed = new Map<number, { position: number | null; classPosition: number | null }>();
  for (const results of await Promise.all(races.map((id) => getRaceResults(id))))
    for (const r of results) placed.set(r.entryId, { position: r.position, classPosition: r.classPosition });
  return rows.map((r) => {
    const p = placed.get(r.entryId);
    return p ? { ...r, position: r.position ?? p.position, classPosition: r.classPosition ?? p.classPosition } : r;
  });
}
