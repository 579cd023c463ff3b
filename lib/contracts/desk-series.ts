/**
 * A series (championship) as the promoter's desk writes it (issue 24 "Series: create, add or
 * remove events, the rules as a form over the engine's rules … with a live preview of the
 * standings before saving"; spec §3 Series). One schema shared by the desk's series form, the
 * API (POST/PUT /ll/api/v1/desk/series, POST …/preview) and the domain (lib/server/desk). The
 * rules are the engine's own contract (`seriesRules`, lib/contracts/series.ts): the form is a
 * view of them, never a second copy. Imports nothing from the server.
 *
 * Issue codes: `null_<field>` / `invalid_<field>` as in ./desk.ts; `invalid_end_date` when the
 * series ends before it starts; a rule the engine refuses is `invalid_<rule>` on the rule's path
 * (`['rules', 'pointsTable']` → `invalid_points_table`), one per rule whatever element failed.
 */
import { z } from 'zod';
import { idField } from './ids';
import { DESK_LIMITS, deskIssues, requiredDate, requiredText } from './desk';
import type { CheckFailure, FieldIssue } from './field-issues';
import { SERIES_TYPES, seriesRules } from './series';

/** Events one series may hold. */
export const SERIES_EVENTS_MAX = 100;

/** The series as the desk writes it. */
export const deskSeriesInput = z
  .object({
    name: requiredText('name', DESK_LIMITS.name),
    startDate: requiredDate('start_date'),
    endDate: requiredDate('end_date'),
    /** `final`: only each event's last race of a class counts; `overall`: every race (spec §3 seriesType). */
    seriesType: z.enum(SERIES_TYPES, { error: 'invalid_series_type' }),
    /** Whether visitors may see the series (spec §6). */
    isPublic: z.boolean({ error: 'invalid_is_public' }),
    /** The events (rounds) of the series: the promoter's own, each once. */
    eventIds: z
      .array(idField('event'), { error: 'invalid_event_ids' })
      .max(SERIES_EVENTS_MAX, 'invalid_event_ids')
      .refine((ids) => new Set(ids).size === ids.length, 'invalid_event_ids'),
    /** The scoring rules, as the engine reads them. */
    rules: seriesRules,
  })
  .superRefine((s, ctx) => {
    if (s.endDate < s.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'invalid_end_date' });
  });
export type DeskSeriesInput = z.infer<typeof deskSeriesInput>;
export type DeskSeriesBody = z.input<typeof deskSeriesInput>;

/** A new series: the series, and its promoter (`promoters.id`; one the login manages). */
export const deskNewSeriesInput = z.object({ promoterId: idField('promoter'), series: deskSeriesInput });

/** `pointsTable` → `points_table`. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The issues of a refused series body: a rule's issue on the rule (`['rules', 'dropScores']`,
 * `invalid_drop_scores`; a team rule on `['rules', 'teams', …]`), the others as `deskIssues`.
 */
export function deskSeriesIssues(error: CheckFailure): FieldIssue[] {
  const at = (path: readonly PropertyKey[]) => path.findIndex((p) => p === 'rules');
  const rules: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const i = at(issue.path);
    if (i < 0) continue;
    const rest = issue.path.slice(i + 1).filter((p): p is string => typeof p === 'string');
    const path = [...issue.path.slice(0, i + 1).map(String), ...rest.slice(0, rest[0] === 'teams' ? 2 : 1)];
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    rules.push({ path, code: `invalid_${snake(rest.filter((p) => p !== 'teams')[0] ?? (rest[0] ?? 'rules'))}` });
  }
  const others = deskIssues({ issues: error.issues.filter((issue) => at(issue.path) < 0) });
  return [...others, ...rules];
}

/** One rider in the standings preview: their class standing under the stored rules (`before`, null for a new series or a rider it did not rank) and under the rules being written (`after`). */
export interface SeriesPreviewRow {
  riderKey: string;
  name: string;
  number: string | null;
  before: { position: number | null; points: number } | null;
  after: { position: number | null; points: number };
}

/** The standings preview (POST /ll/api/v1/desk/series/{id}/preview): the first riders of each class. */
export interface SeriesPreview {
  /** Classes in the series' order, each with its first `SERIES_PREVIEW_ROWS` riders by the new rules. */
  classes: { name: string; riders: number; rows: SeriesPreviewRow[] }[];
  /** Events counted (public events of the series with results). */
  events: number;
  /** Riders whose class position or points differ from the stored rules' standings. */
  changed: number;
}

/** Riders shown per class in a preview. */
export const SERIES_PREVIEW_ROWS = 10;
