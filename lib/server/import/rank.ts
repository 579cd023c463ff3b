/**
 * The ranking step of every import (spec §3 Race results columns: overall and class
 * positions, DNF/DSQ standing), between parsing and writing: positions the timing system or
 * scoring office gave are kept; those it did not give are computed by `lib/server/ranking`
 * (overall and class positions of lap races); every given position is checked against the
 * rules and each disagreement is listed in the import's report (never silently "fixed").
 */
import { checkPositions, positionsWithin, rankEnduro, rankSprint, rankTeams, type RankInput } from '../ranking';
import type { ImportedEntry, ImportedEvent, ImportedRace, ImportReport } from './types';

/** An imported entry as the ranking rules read it (with the position the file gave). */
export function rankInput(e: ImportedEntry): RankInput {
  const r = e.result;
  return {
    key: e.key,
    state: r.state,
    laps: r.laps,
    totalTimeMs: r.totalTimeMs,
    gapMs: r.gapMs,
    penaltyMs: r.penaltyMs,
    penaltyLaps: r.penaltyLaps,
    checkpoints: r.checkpoints,
    points: r.points,
    emergencyPoints: r.emergencyPoints,
    className: e.className,
    position: r.position,
  };
}

type Checks = NonNullable<ImportReport['positionChecks']>;

/**
 * Ranks one race as `rankImportedEvent` ranks each of an event's (the live feed ranks the race
 * of a run this way): fills its missing positions, appends disagreements to `checks`.
 * Mutates `race`; returns it.
 */
export function rankImportedRace(race: ImportedRace, checks: Checks = []): ImportedRace {
  const inputs = race.entries.map(rankInput);
  const byKey = new Map(race.entries.map((e) => [e.key, e]));
  const rule = race.kind === 'enduro' ? rankEnduro : rankSprint;

  if (race.kind === 'sprint') {
    const overall = rankSprint(inputs);
    for (const d of checkPositions(inputs, overall)) checks.push({ race: race.name, kind: 'overall', ...d });
    for (const r of overall) {
      const entry = byKey.get(r.key)!;
      entry.result.position ??= r.position;
    }
  }

  const givenClass = race.entries.some((e) => e.result.classPosition !== null);
  const inClass = positionsWithin(inputs, (e) => e.className, rule);
  if (givenClass) {
    // Scoring offices number places over every rider of the class, listed or not: check the
    // order of the listed riders, not the numbers.
    const classes = new Map<string, ImportedEntry[]>();
    for (const e of race.entries) if (e.className && e.result.classPosition !== null) classes.set(e.className, [...(classes.get(e.className) ?? []), e]);
    const computed = new Map(inClass.map((r) => [r.key, r.position]));
    for (const members of classes.values()) {
      const given = [...members].sort((a, b) => a.result.classPosition! - b.result.classPosition!);
      const ranks = [...members].map((e) => computed.get(e.key) ?? null).filter((p): p is number => p !== null).sort((a, b) => a - b);
      given.forEach((e, i) => {
        const expected = ranks[i] ?? null;
        const actual = computed.get(e.key) ?? null;
        if (expected !== actual) checks.push({ race: race.name, kind: 'class', key: e.key, given: e.result.classPosition, computed: actual });
      });
    }
  } else {
    for (const r of inClass) byKey.get(r.key)!.result.classPosition = r.position;
  }

  if (race.teams.length) {
    const teams = race.teams.map((t) => ({ key: t.key, state: t.state, checkpoints: t.totalCheckpoints, points: t.totalPoints, emergencyPoints: t.totalEmergencyPoints, position: t.position }));
    const ranked = rankTeams(teams);
    for (const d of checkPositions(teams, ranked, { compareUnplaced: true })) checks.push({ race: race.name, kind: 'team', ...d });
    const computed = new Map(ranked.map((r) => [r.key, r.position]));
    for (const t of race.teams) if (t.position === null && t.state !== 'DNF' && t.state !== 'DNS' && t.state !== 'DSQ') t.position = computed.get(t.key) ?? null;
  }
  return race;
}

/**
 * Fills the positions `event` lacks and records every given position the rules disagree with
 * in `event.report.positionChecks` (mutates `event`; returns it).
 */
export function rankImportedEvent(event: ImportedEvent): ImportedEvent {
  const checks: Checks = [];
  for (const race of event.races) rankImportedRace(race, checks);
  event.report.positionChecks = checks;
  return event;
}
