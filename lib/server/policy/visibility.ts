/**
 * The visibility rule, in one place (issue 22; spec §6 Event display, Race display, Promoter
 * display, Series display; §8 "Not found"): what a visitor may see.
 *
 * - A promoter (club) is shown when `promoters.is_public`; an organization when
 *   `organizations.is_public`.
 * - An event is shown when it is public AND its promoter is public (a hidden club hides its
 *   events); a series likewise.
 * - A race is listed when `races.is_public` and its event is shown; a race whose event is
 *   shown but which is itself hidden keeps its page, which says 'Race is not available for
 *   public display' (spec §6 Race display).
 *
 * Two forms of the same rule: SQL fragments for queries (lists, counts, feeds, lookups, the
 * permission calls) and plain predicates over already-read flags for `can()`.
 */
import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { events, organizations, promoters, races, series } from '../db/schema';
import type { EventResource, RaceResource } from './resources';

// ---- SQL ----

/** SQL: the event of the current row may be shown (events.is_public and its promoter's is_public; no join needed). */
export function eventShown() {
  return sql<boolean>`(${events.isPublic} and exists (select 1 from promoters shown_promoter where shown_promoter.id = ${events.promoterId} and shown_promoter.is_public))`;
}

/** SQL: the series of the current row may be shown (series.is_public and its promoter's is_public; no join needed). */
export function seriesShown() {
  return sql<boolean>`(${series.isPublic} and exists (select 1 from promoters shown_promoter where shown_promoter.id = ${series.promoterId} and shown_promoter.is_public))`;
}

/** SQL: the race of the current row is shown in public (races.is_public; its event is checked apart). */
export function raceShown(): SQL {
  return eq(races.isPublic, true);
}

/** SQL: the promoter of the current row is shown (promoters.is_public). */
export function promoterShown(): SQL {
  return eq(promoters.isPublic, true);
}

/** SQL: the organization of the current row is shown (organizations.is_public). */
export function organizationShown(): SQL {
  return eq(organizations.isPublic, true);
}

/** SQL, with `events` and its `promoters` row joined: the event is shown (the join form of `eventShown`). */
export function eventShownJoined(): SQL {
  return and(eq(events.isPublic, true), promoterShown())!;
}

/** SQL, with `series` and its `promoters` row joined: the series is shown (the join form of `seriesShown`). */
export function seriesShownJoined(): SQL {
  return and(eq(series.isPublic, true), promoterShown())!;
}

/** A selected column, with `events` and its `promoters` row joined: whether the event is shown. */
export function eventShownColumn() {
  return sql<boolean>`${events.isPublic} and ${promoters.isPublic}`;
}

// ---- predicates over read flags (for `can`) ----

/** The event (its `isPublic` read with `eventShownColumn`) may be shown. */
export function eventVisible(event: EventResource): boolean {
  return event.isPublic;
}

/** The race's page may be shown: its event is shown (a hidden race's page then says so). */
export function raceVisible(race: RaceResource): boolean {
  return eventVisible(race.event);
}

/** The race is listed and its results shown: it is public and its event is shown. */
export function raceListed(race: RaceResource): boolean {
  return race.isPublic && eventVisible(race.event);
}
