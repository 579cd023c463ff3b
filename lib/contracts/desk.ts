/**
 * The promoter's desk (issue 24; spec §1 "Promoters and organizers manage events", §3 Event,
 * §6 the online-registration permission): what a promoter's staff (or a federation admin)
 * writes about an event. One schema shared by the desk's form (`zodResolver`), the API route
 * (PUT/POST /ll/api/v1/desk/events) and the domain (lib/server/desk). Imports nothing from the
 * server.
 *
 * Issues carry codes, never English: `null_<field>` when a required field is missing or blank,
 * `invalid_<field>` when it is malformed; `invalid_end_date` when the event ends before it
 * starts; `invalid_registration_closes_on` when online registration closes after the event's
 * first day; `invalid_host_clubs` for a host club team names could not spell (see
 * lib/server/series/engine/teams.ts `clubOf`) or more than five.
 */
import { z } from 'zod';
import { EVENT_DISCIPLINES } from './events';
import { RESULT_COLUMNS, RESULTS_STATUSES } from './results';
import { firstIssuePerField, type CheckFailure, type FieldIssue } from './field-issues';
import { HOST_CLUBS_MAX, isHostClub } from './host-clubs';
import { idField } from './ids';

export { hostClubsColumn, hostClubsOf } from './host-clubs';

/** Lengths the desk accepts (the public pages show these whole). */
export const DESK_LIMITS = { name: 120, place: 160, code: 20, description: 5000, hostClubs: HOST_CLUBS_MAX } as const;

/** No control characters but line breaks (PostgreSQL text cannot hold NUL; names go into page titles). */
const NO_CONTROLS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** A field's name as its issue codes spell it (`null_start_date`). */
export type Field = string;

/** A required text: `null_<field>` when absent or blank, `invalid_<field>` when not text, too long or with control characters. */
export function requiredText(field: Field, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `null_${field}` : `invalid_${field}`) })
    .trim()
    .min(1, { error: `null_${field}`, abort: true })
    .max(max, { error: `invalid_${field}`, abort: true })
    .regex(NO_CONTROLS, `invalid_${field}`);
}

/** An optional text: blank or absent is null. */
export function optionalText(field: Field, max: number) {
  return z
    .string({ error: `invalid_${field}` })
    .trim()
    .max(max, { error: `invalid_${field}`, abort: true })
    .regex(NO_CONTROLS, `invalid_${field}`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A required day, YYYY-MM-DD. */
export function requiredDate(field: Field) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `null_${field}` : `invalid_${field}`) })
    .trim()
    .min(1, { error: `null_${field}`, abort: true })
    .refine(isIsoDate, `invalid_${field}`);
}

/** An optional day, YYYY-MM-DD; blank or absent is null. */
export function optionalDate(field: Field) {
  return z
    .string({ error: `invalid_${field}` })
    .trim()
    .refine((value) => value === '' || isIsoDate(value), `invalid_${field}`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** The event as the desk writes it (see the module's docstring). */
export const deskEventInput = z
  .object({
    name: requiredText('name', DESK_LIMITS.name),
    startDate: requiredDate('start_date'),
    endDate: optionalDate('end_date'),
    /** The venue's name (track, club grounds). */
    location: optionalText('location', DESK_LIMITS.place),
    address: optionalText('address', DESK_LIMITS.place),
    city: optionalText('city', DESK_LIMITS.place),
    state: optionalText('state', DESK_LIMITS.code),
    postalCode: optionalText('postal_code', DESK_LIMITS.code),
    country: optionalText('country', DESK_LIMITS.code),
    discipline: z.enum(EVENT_DISCIPLINES, { error: 'invalid_discipline' }).nullish().transform((value) => value ?? null),
    /** The clubs holding the event, as team names spell them: their teams score 0 at it in a team championship. */
    hostClubs: z
      .array(z.string({ error: 'invalid_host_clubs' }).trim().refine(isHostClub, 'invalid_host_clubs'), {
        error: 'invalid_host_clubs',
      })
      .max(DESK_LIMITS.hostClubs, 'invalid_host_clubs')
      .default([]),
    /** The description as written (shown in a language without its own). */
    description: optionalText('description', DESK_LIMITS.description),
    /** The description in French and in Spanish (issue 24: "description in each language"); null: shows `description`. */
    descriptionFr: optionalText('description_fr', DESK_LIMITS.description),
    descriptionEs: optionalText('description_es', DESK_LIMITS.description),
    /** Whether visitors may see the event (spec §6 Event display). */
    isPublic: z.boolean({ error: 'invalid_is_public' }),
    /** Online registration allowed for the event (spec §1, §6). */
    registrationOpen: z.boolean({ error: 'invalid_registration_open' }),
    /** First day of online registration (inclusive); null: as soon as it is allowed. */
    registrationOpensOn: optionalDate('registration_opens_on'),
    /** Last day of online registration (inclusive); null: until the day before the start. */
    registrationClosesOn: optionalDate('registration_closes_on'),
    /** The event has been run and its results are final (spec §4). */
    isComplete: z.boolean({ error: 'invalid_is_complete' }),
    /** Called off: still listed and marked cancelled; online registration closes with it. */
    isCancelled: z.boolean({ error: 'invalid_is_cancelled' }).default(false),
  })
  .superRefine((event, ctx) => {
    if (event.endDate !== null && event.endDate < event.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'invalid_end_date' });
    if (event.registrationClosesOn !== null && event.registrationClosesOn > event.startDate) {
      ctx.addIssue({ code: 'custom', path: ['registrationClosesOn'], message: 'invalid_registration_closes_on' });
    }
    const lastDay = event.registrationClosesOn ?? event.startDate;
    if (event.registrationOpensOn !== null && event.registrationOpensOn > lastDay) {
      ctx.addIssue({ code: 'custom', path: ['registrationOpensOn'], message: 'invalid_registration_opens_on' });
    }
  });
export type DeskEventInput = z.infer<typeof deskEventInput>;

/** A new event: the event, and the promoter it belongs to (`promoters.id`; one the login manages). */
export const deskNewEventInput = z.object({ promoterId: idField('promoter'), event: deskEventInput });
export type DeskNewEventInput = z.infer<typeof deskNewEventInput>;

/** The issues of a refused desk body: one per field, its code (`invalid_<field>` when zod's message is not one of ours). */
export function deskIssues(error: CheckFailure): FieldIssue[] {
  return firstIssuePerField(error, (message, path) => (/^(null|invalid)_[a-z_]+$/.test(message) ? message : `invalid_${String(path.at(-1) ?? 'request').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`));
}

/** A race as the desk writes it (issue 24; spec §6 Race display: a race may be hidden from public display; provisional or official). */
export const deskRaceInput = z.object({
  name: requiredText('name', DESK_LIMITS.name),
  /** Whether visitors may see the race's results (hidden: its page says it is not available). */
  isPublic: z.boolean({ error: 'invalid_is_public' }),
  /** Provisional or official results (lib/contracts/results.ts RESULTS_STATUSES); absent: `auto`. */
  resultsStatus: z.enum(RESULTS_STATUSES, { error: 'invalid_results_status' }).default('auto'),
  /** The columns its results table shows, in order (spec §3 Race columns); absent: unchanged. */
  columns: z
    .array(z.enum(RESULT_COLUMNS, { error: 'invalid_columns' }), { error: 'invalid_columns' })
    .min(1, 'invalid_columns')
    .max(RESULT_COLUMNS.length, 'invalid_columns')
    .refine((list) => new Set(list).size === list.length, 'invalid_columns')
    .optional(),
});
export type DeskRaceInput = z.infer<typeof deskRaceInput>;

/**
 * The columns of a results spreadsheet (CSV or XLSX) as the desk's column-mapping step chooses
 * them (issue 24): the field of each column, in the file's order, null for a column not used.
 * The same schema checks the choice in the browser and the `mapping` query parameter of
 * POST /ll/api/v1/desk/events/{id}/results (`sheetMappingParam`, its JSON text). Issue codes:
 * `invalid_mapping` (not an array of fields and nulls), `invalid_mapping_json` (not JSON),
 * `null_mapping_position` (no position column), `null_mapping_rider` (no name, first and last
 * name, or number column), `invalid_mapping_duplicate` at the path of a column whose field an
 * earlier column already holds. `SHEET_FIELDS` is the one list of those fields
 * (lib/server/timing/sheet.ts reads spreadsheets with it).
 */
export const SHEET_FIELDS = ['position', 'number', 'name', 'firstName', 'lastName', 'class', 'hometown', 'brand', 'team', 'laps', 'totalTime', 'gap', 'bestLap', 'state'] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];
/** At most this many columns in a mapping. */
export const SHEET_MAX_COLUMNS = 200;

export const sheetMappingInput = z
  .array(z.enum(SHEET_FIELDS, { error: 'invalid_mapping' }).nullable(), { error: 'invalid_mapping' })
  .min(1, 'invalid_mapping')
  .max(SHEET_MAX_COLUMNS, 'invalid_mapping')
  .superRefine((columns, ctx) => {
    const has = (field: SheetField) => columns.includes(field);
    if (!has('position')) ctx.addIssue({ code: 'custom', message: 'null_mapping_position' });
    if (!has('name') && !(has('firstName') && has('lastName')) && !has('number')) ctx.addIssue({ code: 'custom', message: 'null_mapping_rider' });
    columns.forEach((field, i) => {
      if (field !== null && columns.indexOf(field) < i) ctx.addIssue({ code: 'custom', path: [i], message: 'invalid_mapping_duplicate', params: { field } });
    });
  });
export type SheetMapping = z.infer<typeof sheetMappingInput>;

/** The `mapping` query parameter: `sheetMappingInput` as JSON text (`["position","number","name",null]`). */
export const sheetMappingParam = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalid_mapping_json' });
      return z.NEVER;
    }
  })
  .pipe(sheetMappingInput);

/** The issue codes of a refused mapping, each with the field a duplicate names (`field`) and its column (`column`, 0-based; the path's last index, so `['mapping', 3]` works too). */
export function sheetMappingIssues(error: CheckFailure): { code: string; column: number | null; field: SheetField | null }[] {
  return error.issues.map((issue) => {
    const column = issue.path.findLast((p): p is number => typeof p === 'number') ?? null;
    const field = (issue as { params?: { field?: SheetField } }).params?.field ?? null;
    return { code: /^(null|invalid)_mapping(_[a-z]+)?$/.test(issue.message) ? issue.message : 'invalid_mapping', column, field };
  });
}
