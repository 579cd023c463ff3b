/**
 * Printing for officials (spec §2 /races/printScores, /scores/printScores, /races/print/{id?},
 * /scores/print/{id?}, /scores/printc/{id?}, /scores/printoa/{id?}; §5 Race printing; §7
 * livelaps/race/print/{id}, livelaps/race/print-team/{id}). One schema for the selection form
 * (the client checks it before leaving the page, the server checks it again when the form is
 * sent without JavaScript) and one reading of a sheet's query. Issues carry codes, never text.
 * Imports nothing from the server.
 */
import { z } from 'zod';
import { parseId } from './ids';

/**
 * What a sheet prints (the selection page's tabs): every rider by overall position ("By
 * position"), the riders of the selected classes by place in class ("Position only"), the
 * team standings with their riders ("By team").
 */
export const PRINT_MODES = ['overall', 'classes', 'team'] as const;
export const printMode = z.enum(PRINT_MODES);
export type PrintMode = z.infer<typeof printMode>;

/** Paper: US Letter (the default in Canada and the United States) or A4. */
export const PAPER_SIZES = ['letter', 'a4'] as const;
export const paperSize = z.enum(PAPER_SIZES);
export type PaperSize = z.infer<typeof paperSize>;

/** Issue codes of the selection form (spec §5 Race printing; texts in messages `print.errors`). */
export const PRINT_ISSUES = {
  /** 'You must select a race' */
  raceRequired: 'race_required',
  /** 'No classes are selected in the Position Only tab' */
  classesRequired: 'classes_required',
} as const;
export type PrintIssue = (typeof PRINT_ISSUES)[keyof typeof PRINT_ISSUES];

/** At most this many races on one printout (one event's races), and classes per race. */
export const MAX_PRINT_RACES = 50;
export const MAX_PRINT_CLASSES = 100;

const raceId = z.number().int().positive().max(2_147_483_647);
const className = z.string().trim().min(1).max(100);

/**
 * The selection form (spec §5 Race printing): the event, the race(s) (at least one: 'You must
 * select a race'), what to print, and for "Position only" the classes (at least one: 'No classes
 * are selected in the Position Only tab'), and the paper.
 */
export const printSelection = z
  .object({
    event: raceId.nullable(),
    races: z.array(raceId).max(MAX_PRINT_RACES),
    mode: printMode,
    classes: z.array(className).max(MAX_PRINT_CLASSES),
    paper: paperSize,
  })
  .superRefine((value, ctx) => {
    if (value.races.length === 0) ctx.addIssue({ code: 'custom', path: ['races'], message: PRINT_ISSUES.raceRequired });
    if (value.mode === 'classes' && value.classes.length === 0) ctx.addIssue({ code: 'custom', path: ['classes'], message: PRINT_ISSUES.classesRequired });
  });
export type PrintSelection = z.infer<typeof printSelection>;

type RawQuery = Record<string, string | string[] | undefined>;
const all = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const first = (value: string | string[] | undefined) => all(value)[0];

/** The paper of a query (`paper=a4`), else Letter. */
export function parsePaper(raw: RawQuery): PaperSize {
  const parsed = paperSize.safeParse(first(raw.paper));
  return parsed.success ? parsed.data : 'letter';
}

/**
 * The selection as the form's query names it: `event`, `race` (repeated; the checked races),
 * `mode`, `class` (repeated), `paper`. Values that are not ids, modes or class names are left
 * out (a malformed race id is no race), so `printSelection` then reports what is missing.
 */
export function readPrintSelection(raw: RawQuery): PrintSelection {
  const races = [...new Set(all(raw.race).map((r) => parseId(r)).filter((r): r is number => r !== null))].slice(0, MAX_PRINT_RACES);
  const classes = [...new Set(all(raw.class).map((c) => c.trim()).filter((c) => className.safeParse(c).success))].slice(0, MAX_PRINT_CLASSES);
  const mode = printMode.safeParse(first(raw.mode));
  return { event: parseId(first(raw.event)), races, mode: mode.success ? mode.data : 'overall', classes, paper: parsePaper(raw) };
}

/** What a sheet page reads from its query besides its path's race id. */
export interface PrintSheetQuery {
  /** `mode`; null: the route's own default. */
  mode: PrintMode | null;
  /** `class` (repeated): only these classes (classes mode); empty: every class. */
  classes: string[];
  /** `race` (repeated): more races of the same event, printed after the path's race. */
  races: number[];
  paper: PaperSize;
}

/** The query of a sheet page (`/races/print/3?race=4&mode=classes&class=Pro&paper=a4`). */
export function parsePrintSheetQuery(raw: RawQuery): PrintSheetQuery {
  const selection = readPrintSelection(raw);
  const mode = printMode.safeParse(first(raw.mode));
  return { mode: mode.success ? mode.data : null, classes: selection.classes, races: selection.races, paper: selection.paper };
}

/** The sheet routes (spec §2): which page prints a selection. */
export type PrintRoute = '/races/print' | '/scores/print' | '/scores/printc' | '/scores/printoa';

/**
 * The sheet page of a valid selection, as a path and query: the first race in the path, the
 * others as `race`. From /races/printScores every mode goes to /races/print; from
 * /scores/printScores "By position" goes to /scores/printoa, "Position only" to /scores/printc
 * (each class on its own page) and "By team" to /scores/print.
 */
export function sheetHref(from: '/races' | '/scores', selection: PrintSelection): { pathname: string; query: Record<string, string | string[]> } {
  const [head, ...rest] = selection.races;
  const route: PrintRoute =
    from === '/races' ? '/races/print' : selection.mode === 'overall' ? '/scores/printoa' : selection.mode === 'classes' ? '/scores/printc' : '/scores/print';
  const query: Record<string, string | string[]> = {};
  if (rest.length) query.race = rest.map(String);
  if (route === '/races/print' || route === '/scores/print') query.mode = selection.mode;
  if (selection.mode === 'classes') query.class = selection.classes;
  if (selection.paper !== 'letter') query.paper = selection.paper;
  return { pathname: `${route}/${head}`, query };
}

/** An event offered by the selection pages (spec §2 /races/printScores, /scores/printScores). */
export interface PrintEventChoice {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
}

/** A race of the chosen event, as the selection pages offer it. */
export interface PrintRaceChoice {
  id: number;
  name: string;
  /** The timing system's run number; tells apart races of the same name. */
  runNumber: number | null;
  entryCount: number;
  /** Class names in the race's order (entries without a class left out). */
  classes: string[];
  hasTeams: boolean;
}
