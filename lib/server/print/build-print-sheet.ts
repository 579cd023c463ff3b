/**
 * A race's printed sheet as data (spec §2 /races/print/{id?}, /scores/print/{id?},
 * /scores/printc/{id?}, /scores/printoa/{id?}; §5 Race printing): the sections to print, their
 * columns and rows as display text in one language, built from the same results table the race
 * page and its CSV download show (lib/server/races/results-table.ts), so a printed sheet always
 * has the page's columns and rows. The HTML sheet (components/print) and the PDF
 * (render-pdf.ts) both draw this model. Pure: no database.
 */
import type { PaperSize, PrintMode } from '../../contracts/print';
import type { RaceView, ResultRow, TeamRow } from '../../contracts/results';
import { buildResultsTable, type TableColumnModel, type TableLabels, type TableRowModel } from '../races/results-table';

export interface PrintSection {
  /** The class of a classes sheet; null for the overall and team sheets. */
  title: string | null;
  columns: TableColumnModel[];
  rows: TableRowModel[];
  /** Starts on a new page (every class of /scores/printc after the first). */
  breakBefore: boolean;
}

export interface PrintSheet {
  race: RaceView;
  /**
   * What is printed: `team` falls back to `overall` for a race without teams, `classes` for a
   * race without classes when no class is asked.
   */
  mode: PrintMode;
  /** Official once the event is complete and no timing feed runs for the race; else provisional. */
  official: boolean;
  sections: PrintSection[];
  /** Classes asked for (`class=`) that no rider of this race is in. */
  missingClasses: string[];
}

export interface PrintOptions {
  mode: PrintMode;
  /** Only these classes (classes mode); empty: every class of the race. */
  classes: string[];
  /** Each class starts on a new page (/scores/printc). */
  breakClasses: boolean;
}

/**
 * The sheet of `race`: one section (overall, team) or one per class in the race's class order
 * (classes mode; the asked classes only, when given; a race without classes prints overall
 * unless classes were asked, which are then all missing). Rows are the table's rows unfiltered.
 */
export function buildPrintSheet(race: RaceView, results: ResultRow[], teams: TeamRow[], options: PrintOptions, labels: TableLabels, official: boolean): PrintSheet {
  if (options.mode === 'team' && teams.length > 0) {
    const table = buildResultsTable(race, results, teams, { view: 'team' }, labels);
    return { race, mode: 'team', official, sections: [{ title: null, columns: table.columns, rows: table.rows, breakBefore: false }], missingClasses: [] };
  }
  const overall = buildResultsTable(race, results, teams, { view: 'overall' }, labels);
  // A race without classes has no class to print: every class (none asked) is its overall list.
  if (options.mode === 'classes' && (overall.classes.length > 0 || options.classes.length > 0)) {
    const wanted = options.classes.length ? options.classes : overall.classes;
    // The race's class order, whatever order the query names them in.
    const present = overall.classes.filter((c) => wanted.includes(c));
    const sections = present.map((className, i): PrintSection => {
      // A race of one class has no class view: its overall table, limited to the class, is the same list.
      const table =
        overall.classes.length > 1
          ? buildResultsTable(race, results, teams, { view: 'class', class: className }, labels)
          : buildResultsTable(race, results, teams, { view: 'overall', class: className }, labels);
      return { title: className, columns: table.columns, rows: table.rows, breakBefore: options.breakClasses && i > 0 };
    });
    return { race, mode: 'classes', official, sections, missingClasses: wanted.filter((c) => !present.includes(c)) };
  }
  return { race, mode: 'overall', official, sections: [{ title: null, columns: overall.columns, rows: overall.rows, breakBefore: false }], missingClasses: [] };
}

/** Portrait width and height of each paper, in points (1/72 in). */
export const PAPER_PT: Record<PaperSize, readonly [width: number, height: number]> = { letter: [612, 792], a4: [595.28, 841.89] };
/** The margin on every side of a printed page: 12 mm, in points. */
export const PRINT_MARGIN_PT = (12 / 25.4) * 72;

/** Printable width of a page in points (1/72 in) with 12 mm margins, by paper and orientation. */
export function printableWidthPt(paper: PaperSize, orientation: 'portrait' | 'landscape'): number {
  const [w, h] = PAPER_PT[paper];
  return (orientation === 'portrait' ? w : h) - 2 * PRINT_MARGIN_PT;
}

/**
 * The width a section's widest row needs at 9 pt (points): per column the longest of its header
 * and cells at an average 0.52 em per character, plus 8 pt of padding.
 */
export function sectionWidthPt(section: Pick<PrintSection, 'columns' | 'rows'>, fontPt = 9): number {
  return section.columns.reduce((sum, column, i) => {
    const longest = Math.max(column.label.length, ...section.rows.map((r) => r.cells[i]?.length ?? 0));
    return sum + longest * fontPt * 0.52 + 8;
  }, 0);
}

/**
 * Portrait or landscape for sheets (spec issue: "by column count"): landscape when the widest
 * section, column by column, would not fit across a portrait page of `paper` at 9 pt, or has
 * more than 9 columns; otherwise portrait.
 */
export function sheetOrientation(sheets: PrintSheet[], paper: PaperSize): 'portrait' | 'landscape' {
  const sections = sheets.flatMap((s) => s.sections);
  const wide = sections.some((s) => s.columns.length > 9 || sectionWidthPt(s) > printableWidthPt(paper, 'portrait'));
  return wide ? 'landscape' : 'portrait';
}
