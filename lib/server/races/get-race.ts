/**
 * One race with its configuration, clock and event (spec §2 /races/{id}, §3 Race, §7
 * livelaps/race/{id}, livelaps/race/config/{id}).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { cache } from 'react';
import type { RaceClock, RaceConfig, RaceView } from '../../contracts/results';
import { getDb } from '../db';
import { events, promoters, races } from '../db/schema';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { eventShownColumn } from '../policy/visibility';

export interface RaceInfo {
  id: number;
  name: string;
  kind: 'sprint' | 'enduro';
  isPublic: boolean;
  runNumber: number | null;
  startTime: string | null;
  config: RaceConfig;
  clock: RaceClock | null;
  event: { id: number; name: string; startDate: string; isPublic: boolean };
}

/** A race with its configuration and event, or null when the id is unknown (deduplicated per request). */
export const getRace = cache(cachedRead('getRace', async function getRace(id: number): Promise<RaceInfo | null> {
  tagRead(tags.race(id));
  const [row] = await getDb()
    .select({
      id: races.id,
      name: races.name,
      kind: races.kind,
      isPublic: races.isPublic,
      runNumber: races.runNumber,
      startTime: races.startTime,
      config: races.config,
      clock: races.clock,
      // Shown to visitors: the event and its promoter are public (lib/server/events/visibility.ts).
      event: { id: events.id, name: events.name, startDate: events.startDate, isPublic: eventShownColumn() },
    })
    .from(races)
    .innerJoin(events, eq(events.id, races.eventId))
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(races.id, id));
  if (row) tagRead(tags.event(row.event.id));
  return row ?? null;
}));

/** The race as visitors and the API see it: no visibility flags. */
export function toRaceView(race: RaceInfo): RaceView {
  const { isPublic: _hidden, ...rest } = race;
  return { ...rest, event: { id: race.event.id, name: race.event.name, startDate: race.event.startDate } };
}


