/**
 * Merging and splitting riders of a series from the promoter's desk (issue 24 "Riders: merge and
 * split rider records (what `npm run riders` does) from the desk, with the standings effect shown
 * before confirming"; spec §3 Series table, §4 Series results). One schema shared by the desk's
 * riders page (components/desk/RiderMerge.tsx), the API (POST /ll/api/v1/desk/series/{id}/riders/
 * preview, …/merge, …/split) and the domain (lib/server/desk/riders). Imports nothing from the server.
 *
 * Issue codes: `invalid_action` (neither `merge` nor `split`); `invalid_participant_ids` (not a
 * list of ids; a merge needs 2–`RIDERS_MERGE_MAX` distinct participant records, a split exactly
 * one), always on the path `['participantIds']`.
 */
import { z } from 'zod';
import { INT4_MAX } from '../config';
import type { CheckFailure, FieldIssue } from './field-issues';
import { firstIssuePerField } from './field-issues';

/** What the desk does to riders: one rider from several participant records, or one record out of its rider. */
export const RIDER_ACTIONS = ['merge', 'split'] as const;
export type RiderAction = (typeof RIDER_ACTIONS)[number];

/** Participant records one merge takes at most. */
export const RIDERS_MERGE_MAX = 50;
/** Riders one list (GET …/riders) shows at most; `total` counts them all. */
export const DESK_RIDERS_MAX = 200;
/** Characters of a rider search at most. */
export const RIDERS_QUERY_MAX = 80;
/** Changed standings rows one preview shows at most; `changed` counts them all. */
export const RIDERS_PREVIEW_ROWS = 100;

/** Whether `ids` fit `action`: a merge 2–`RIDERS_MERGE_MAX` distinct records, a split exactly one. */
export function participantIdsFit(action: RiderAction, ids: readonly number[]): boolean {
  if (action === 'split') return ids.length === 1;
  return ids.length >= 2 && ids.length <= RIDERS_MERGE_MAX && new Set(ids).size === ids.length;
}

const participantIds = z.array(z.number({ error: 'invalid_participant_ids' }).int({ error: 'invalid_participant_ids' }).positive({ error: 'invalid_participant_ids' }).max(INT4_MAX, { error: 'invalid_participant_ids' }), {
  error: 'invalid_participant_ids',
});

/** A merge or split body (`/riders/merge`, `/riders/split`): `{ participantIds }` (`participants.id`). */
export const ridersActionInput = (action: RiderAction) =>
  z.object({ participantIds }).superRefine((b, ctx) => {
    if (!participantIdsFit(action, b.participantIds)) ctx.addIssue({ code: 'custom', path: ['participantIds'], message: 'invalid_participant_ids' });
  });
export const ridersMergeInput = ridersActionInput('merge');
export const ridersSplitInput = ridersActionInput('split');
export type RidersActionInput = z.infer<typeof ridersMergeInput>;

/** A preview body (`/riders/preview`): the action and its participant records. */
export const ridersChangeInput = z
  .object({
    action: z.enum(RIDER_ACTIONS, { error: 'invalid_action' }),
    participantIds,
  })
  .superRefine((b, ctx) => {
    if (!participantIdsFit(b.action, b.participantIds)) ctx.addIssue({ code: 'custom', path: ['participantIds'], message: 'invalid_participant_ids' });
  });
export type RidersChange = z.infer<typeof ridersChangeInput>;

/** The issues of a refused riders body: one per top-level field (`['participantIds']`, never an element's index). */
export function ridersIssues(error: CheckFailure): FieldIssue[] {
  const top = { issues: error.issues.map((i) => ({ ...i, path: i.path.slice(0, 1) })) };
  return firstIssuePerField(top, (message, path) =>
    /^invalid_[a-z_]+$/.test(message) ? message : `invalid_${String(path[0] ?? 'request').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
  );
}

/** One participant record of a rider: who the import named, and where it raced in the series. */
export interface DeskRiderRecord {
  participantId: number;
  firstName: string;
  lastName: string;
  /** Race numbers of its results, as raced. */
  numbers: string[];
  classes: string[];
  /** The series' public events it has results at, in date order. */
  events: { id: number; name: string }[];
  /** Results in the series' public races. */
  results: number;
}

/** A rider of the series as the standings see it (one rider key), with the records behind it. */
export interface DeskRider {
  riderKey: string;
  /** The latest record's name and number. */
  name: string;
  number: string | null;
  classes: string[];
  results: number;
  /** Its participant records, lowest id first. */
  records: DeskRiderRecord[];
}

/** GET /desk/series/{id}/riders: the riders matching `q` by name, lowest first, at most `DESK_RIDERS_MAX`. */
export interface DeskRiders {
  riders: DeskRider[];
  /** Riders matching in all. */
  total: number;
}

/** One side of a changed standings row: who the row is and their class standing. */
export interface RiderStandingSide {
  riderKey: string;
  name: string;
  number: string | null;
  /** Null: not classified (below the minimum events). */
  position: number | null;
  points: number;
}

/**
 * One class standings row the change moves: the row before (null: the rider did not exist, a
 * split's new rider) and after (null: the rider is gone, merged into another).
 */
export interface RiderEffectRow {
  className: string | null;
  before: RiderStandingSide | null;
  after: RiderStandingSide | null;
  /** The rows of the records the change names (merged or split), not riders moved by it. */
  named: boolean;
}

/** POST …/riders/preview: what a merge or split would do, written nowhere. */
export interface RidersPreview {
  action: RiderAction;
  participantIds: number[];
  /** The rider key the change would write. */
  riderKey: string;
  /** Participant records whose key would be written (a merge takes those sharing a key too). */
  records: number;
  /** The rows that change, in class order, then position after; at most `RIDERS_PREVIEW_ROWS`. */
  rows: RiderEffectRow[];
  /** Rows that change in all. */
  changed: number;
}

/** POST …/riders/merge or …/split: what was written. */
export interface RidersResult {
  action: RiderAction;
  riderKey: string;
  /** Participant records whose key was written (empty: nothing changed, nothing recorded). */
  changed: number[];
}
