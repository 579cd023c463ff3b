/**
 * A printout as a PDF file (spec §7 livelaps/race/print/{id}, livelaps/race/print-team/{id};
 * issue 12 "the same sheets as PDF downloads … so an official can email them"). Draws the same
 * model as the HTML sheet (`PrintSheet`, build-print-sheet.ts) with pdf-lib, in DejaVu Sans
 * Condensed (regular and bold, from the `dejavu-fonts-ttf` package, embedded through
 * `@pdf-lib/fontkit` and subset to the letters used, so "Łukasz Żółć" prints as written; issue 25):
 *
 * - US Letter or A4, one orientation for the document (`sheetOrientation`), 12 mm margins.
 * - On every page: the federation's logo (the CMS `Logo`, get-print-brand.ts), the event, the race (and its run), the event's date,
 *   the sheet's title, a "PROVISIONAL" / "OFFICIAL" stamp with the time printed (in the
 *   federation's time zone), and "Page N of M" with the federation's name as the page header
 *   shows it in that language (drawn once every page exists).
 * - Each race starts on a new page, and each class of a classes sheet too (filing per class).
 *   Column headers (and the class's title) are repeated at the top of every page; a row is one
 *   line and never split; a team is kept with its riders when it fits on one page.
 * - Black-and-white legible: black text, thin rules, a light gray (0.9) header fill only.
 * - Column widths from their contents at 9 pt; a table too wide for the page is set smaller,
 *   down to 7 pt, and only then are the widest cells cut with "…", names last.
 */
import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { createTranslator } from 'next-intl';
import { loadMessages } from '../../i18n/messages';
import { PDFDocument, grayscale, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { Locale } from '../../config';
import type { PaperSize } from '../../contracts/print';
import { formatDate, formatDateTime, intlLocale } from '../../format';
import { PAPER_PT, PRINT_MARGIN_PT, sheetOrientation, type PrintSection, type PrintSheet } from './build-print-sheet';
import type { PrintPart } from './get-print-sheets';
import { getPrintBrand, logoImage, type PrintBrand } from './get-print-brand';

export interface PdfOptions {
  locale: Locale;
  paper: PaperSize;
  /** The moment on the stamp ("Printed …") and the file's creation date. */
  printedAt: Date;
  /**
   * The federation's name (footer, author) and logo (header); default: the CMS's in `locale`, as
   * the page header shows them (get-print-brand.ts).
   */
  brand?: Pick<PrintBrand, 'name' | 'logo'>;
  /** The logo's PNG or JPEG bytes, when the caller has them (tests); default: read from `brand.logo`. */
  logoBytes?: Uint8Array | null;
}

// ---- The font and the text it can draw ----

/** The embedded fonts (DejaVu Sans Condensed): wide Latin, Greek and Cyrillic coverage, and free to embed. */
const FONT_FILES = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;

interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
  /** Whether both faces have a glyph for a code point. */
  has: (codePoint: number) => boolean;
}
let fontFiles: FontFiles | undefined;

/**
 * The font files, read once (node_modules/dejavu-fonts-ttf, installed with the site's packages:
 * no system font is needed). Throws when the package is missing.
 */
function loadFonts(): FontFiles {
  if (!fontFiles) {
    const dir = path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
    const regular = new Uint8Array(readFileSync(path.join(dir, FONT_FILES.regular)));
    const bold = new Uint8Array(readFileSync(path.join(dir, FONT_FILES.bold)));
    const faces = [fontkit.create(regular), fontkit.create(bold)];
    const known = new Map<number, boolean>();
    const has = (cp: number) => {
      let yes = known.get(cp);
      if (yes === undefined) {
        yes = faces.every((f) => f.hasGlyphForCodePoint(cp));
        known.set(cp, yes);
      }
      return yes;
    };
    fontFiles = { regular, bold, has };
  }
  return fontFiles;
}

/** Characters drawn as nothing: soft hyphen, zero-width spaces and joiners, byte-order mark. */
const INVISIBLE = new Set(['\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']);

/**
 * `text` as the embedded font draws it on one line: letters it has pass unchanged (é, ñ, Ł, ż, ř,
 * Ж, ß, ’, €); spaces and line breaks of any kind become a plain space; invisible characters go;
 * a letter the font lacks loses its accents when that leaves letters it has (a compatibility
 * form such as "ﬁ" or "２" is spelled out), and anything else is "?" (an ideogram, an emoji).
 * Never throws.
 */
export function pdfSafe(text: string): string {
  const { has } = loadFonts();
  let out = '';
  for (const char of String(text ?? '')) {
    const cp = char.codePointAt(0)!;
    if (INVISIBLE.has(char)) continue;
    if (/[\s\p{Cc}]/u.test(char)) out += ' ';
    else if (has(cp)) out += char;
    else {
      const folded = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += folded && [...folded].every((c) => has(c.codePointAt(0)!)) ? folded : /\p{M}/u.test(char) ? '' : '?';
    }
  }
  return out;
}

// ---- Geometry (points: 1/72 in) ----

const MARGIN = PRINT_MARGIN_PT;
/** Table text sizes tried in turn until the widest row fits across the page. */
export const TABLE_FONT_SIZES = [9, 8.5, 8, 7.5, 7] as const;
const CELL_PAD = 5;
/** A team's riders are indented under it by this much in the name column. */
const MEMBER_INDENT = 10;
const LOGO = 28;
const HEADER_HEIGHT = 44;
const FOOTER_HEIGHT = 16;
const SECTION_TITLE = 11;
const NOTE_SIZE = 9.5;
const HEADER_FILL = grayscale(0.9);
const RULE = grayscale(0.55);
const BLACK = grayscale(0);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Text cut to `width` with "…" at the end when it is longer (already pdfSafe). */
function fit(text: string, font: PDFFont, size: number, room: number): string {
  // A column is as wide as its widest text: let rounding not cut that text.
  const width = room + 0.01;
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(chars.slice(0, mid).join('').trimEnd() + '…', size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : chars.slice(0, lo).join('').trimEnd() + '…';
}

export interface ColumnLayout {
  /** Text size of the table (pt). */
  size: number;
  /** Width of each column (pt), padding included. */
  widths: number[];
}

/**
 * The column widths of `section` across `available` points: each column as wide as its header
 * and widest cell (team rows bold, a team's riders indented) at the largest of
 * `TABLE_FONT_SIZES` where the whole row fits, spare room shared out a little; when even 7 pt is
 * too wide, the widest columns other than position, number and name are narrowed (their cells
 * then end in "…"), and the names only when that is not enough.
 */
export function layoutColumns(section: Pick<PrintSection, 'columns' | 'rows'>, fonts: Fonts, available: number): ColumnLayout {
  const n = section.columns.length;
  if (n === 0) return { size: TABLE_FONT_SIZES[0], widths: [] };
  const nameAt = nameIndex(section);
  // Widths at 1 pt (they scale with the size); the indent does not.
  const header = section.columns.map((c) => fonts.bold.widthOfTextAtSize(pdfSafe(c.label), 1));
  const plain = new Array<number>(n).fill(0);
  const indented = new Array<number>(n).fill(0);
  for (const row of section.rows) {
    const font = row.kind === 'team' ? fonts.bold : fonts.regular;
    for (let i = 0; i < n; i++) {
      const w = font.widthOfTextAtSize(pdfSafe(row.cells[i] ?? ''), 1);
      if (row.kind === 'member' && i === nameAt) indented[i] = Math.max(indented[i], w);
      else plain[i] = Math.max(plain[i], w);
    }
  }
  const natural = (size: number) =>
    section.columns.map((_, i) => Math.max(header[i] * size, plain[i] * size, indented[i] ? indented[i] * size + MEMBER_INDENT : 0) + 2 * CELL_PAD);
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);

  for (const size of TABLE_FONT_SIZES) {
    const widths = natural(size);
    const total = sum(widths);
    if (total <= available) {
      const extra = Math.min((available - total) / n, 10);
      return { size, widths: widths.map((w) => w + extra) };
    }
  }
  const size = TABLE_FONT_SIZES[TABLE_FONT_SIZES.length - 1];
  const widths = natural(size);
  const least = 2 * CELL_PAD + fonts.regular.widthOfTextAtSize('W…', size);
  const identity = section.columns.map((c, i) => c.identity || i === nameAt);
  for (const shrink of [(i: number) => !identity[i], () => true]) {
    const over = sum(widths) - available;
    if (over <= 0) break;
    capWidest(widths, section.columns.map((_, i) => shrink(i)), over, least);
  }
  const total = sum(widths);
  // More columns than the page can hold even cut short: every one narrowed in proportion.
  return { size, widths: total > available ? widths.map((w) => (w * available) / total) : widths };
}

/**
 * Narrows the columns `may` marks, widest first, to one common cap (never below `least`) so the
 * total loses `over` points where it can (water-filling). Changes `widths` in place.
 */
function capWidest(widths: number[], may: boolean[], over: number, least: number): void {
  const idx = widths.map((_, i) => i).filter((i) => may[i] && widths[i] > least);
  if (!idx.length) return;
  const sorted = idx.map((i) => widths[i]).sort((a, b) => b - a);
  // Find the cap c with sum(max(0, w - c)) = over, c ≥ least.
  let cap = least;
  let removed = 0;
  for (let k = 0; k < sorted.length; k++) {
    const next = k + 1 < sorted.length ? Math.max(sorted[k + 1], least) : least;
    const step = (sorted[k] - next) * (k + 1);
    if (removed + step >= over) {
      cap = sorted[k] - (over - removed) / (k + 1);
      break;
    }
    removed += step;
  }
  for (const i of idx) widths[i] = Math.max(Math.min(widths[i], cap), least);
}

/** The column holding each row's name: the team's in a team sheet, else the rider's. */
function nameIndex(section: Pick<PrintSection, 'columns' | 'rows'>): number {
  const team = section.rows.some((r) => r.kind === 'team');
  const at = section.columns.findIndex((c) => c.key === (team ? 'team' : 'name'));
  return at >= 0 ? at : section.columns.findIndex((c) => c.key === 'name');
}

/**
 * Hands the event loop back between pages: a printout of 50 races of 100 riders takes seconds to
 * draw (about 1 ms a row), and other visitors' requests are served in between.
 */
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

// ---- Texts and the logo ----

/** What the header of one page shows. */
interface PageHead {
  event: string;
  /** The race, its run and the event's date. */
  race: string;
  /** The sheet's title and its counts. */
  title: string;
  /** null: no stamp word (a page of races that cannot be printed). */
  official: boolean | null;
}

/**
 * The PDF of a printout: each part in order (a sheet, or one line saying why a race cannot be
 * printed), on `options.paper`, texts in `options.locale`. Returns the file's bytes. Every text
 * is drawn through `pdfSafe`, so no name makes it throw.
 */
export async function renderPrintPdf(parts: PrintPart[], options: PdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  const { locale, paper, printedAt } = options;
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'print' });
  const brand = options.brand ?? (await getPrintBrand(locale));
  const siteName = brand.name;

  const sheets = parts.flatMap((p) => (p.kind === 'sheet' ? [p.sheet] : []));
  const orientation = sheetOrientation(sheets, paper);
  const [pw, ph] = PAPER_PT[paper];
  const [width, height] = orientation === 'portrait' ? [pw, ph] : [ph, pw];
  const contentWidth = width - 2 * MARGIN;
  const bodyTop = height - MARGIN - HEADER_HEIGHT - 8;
  const bodyBottom = MARGIN + FOOTER_HEIGHT;

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const files = loadFonts();
  const fonts: Fonts = { regular: await doc.embedFont(files.regular, { subset: true }), bold: await doc.embedFont(files.bold, { subset: true }) };
  const logoBytes = options.logoBytes !== undefined ? options.logoBytes : await logoImage(brand.logo);
  const logo: PDFImage | null = logoBytes ? await (logoBytes[0] === 0xff ? doc.embedJpg(logoBytes) : doc.embedPng(logoBytes)).catch(() => null) : null;
  const printed = t('printedAt', { time: formatDateTime(printedAt, locale) });

  const draw = (page: PDFPage, text: string, x: number, y: number, size: number, font: PDFFont, maxWidth = contentWidth, align: 'left' | 'right' | 'center' = 'left') => {
    const safe = fit(pdfSafe(text), font, size, maxWidth);
    if (!safe) return;
    const w = font.widthOfTextAtSize(safe, size);
    const at = align === 'right' ? x + maxWidth - w : align === 'center' ? x + (maxWidth - w) / 2 : x;
    page.drawText(safe, { x: at, y, size, font, color: BLACK });
  };

  // ---- Pages ----
  let page!: PDFPage;
  let y = bodyTop;

  function drawHead(p: PDFPage, head: PageHead) {
    const top = height - MARGIN;
    if (logo) p.drawImage(logo, { x: MARGIN, y: top - LOGO, width: LOGO, height: LOGO });
    // The stamp: the state in an outlined box (dashed while provisional), the time printed under it.
    const word = head.official === null ? '' : pdfSafe((head.official ? t('official') : t('provisional')).toLocaleUpperCase(intlLocale(locale)));
    const time = pdfSafe(printed);
    const boxW = Math.min(Math.max(fonts.bold.widthOfTextAtSize(word, 12), fonts.regular.widthOfTextAtSize(time, 7)) + 14, contentWidth / 2);
    const boxH = word ? 32 : 18;
    const boxX = width - MARGIN - boxW;
    p.drawRectangle({
      x: boxX, y: top - boxH, width: boxW, height: boxH,
      borderColor: BLACK, borderWidth: head.official ? 1.6 : 1.2, borderDashArray: head.official === false ? [3, 2] : undefined,
    });
    if (word) draw(p, word, boxX + 4, top - 14, 12, fonts.bold, boxW - 8, 'center');
    draw(p, time, boxX + 4, top - boxH + 6, 7, fonts.regular, boxW - 8, 'center');
    // Event, race and date, title: beside the logo, up to the stamp.
    const x = MARGIN + (logo ? LOGO + 8 : 0);
    const room = boxX - 10 - x;
    draw(p, head.event, x, top - 11, 12, fonts.bold, room);
    draw(p, head.race, x, top - 24, 9, fonts.regular, room);
    draw(p, head.title, x, top - 38, 10.5, fonts.bold, room);
    const rule = top - HEADER_HEIGHT;
    p.drawLine({ start: { x: MARGIN, y: rule }, end: { x: width - MARGIN, y: rule }, thickness: 0.8, color: BLACK });
  }

  function newPage(head: PageHead) {
    page = doc.addPage([width, height]);
    drawHead(page, head);
    y = bodyTop;
  }

  /** One line of text in the body (a note, "No results", a race that cannot be printed). */
  function note(text: string, size = NOTE_SIZE, font = fonts.regular) {
    const h = size * 1.6;
    draw(page, text, MARGIN, y - size, size, font);
    y -= h;
  }

  const eventDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDate(iso, locale) : iso);
  const raceLine = (sheet: PrintSheet) =>
    [sheet.race.runNumber ? `${sheet.race.name} (${t('runNumber', { number: sheet.race.runNumber })})` : sheet.race.name, eventDate(sheet.race.event.startDate)].join(' · ');
  const count = (rows: PrintSection['rows']) => {
    const teams = rows.filter((r) => r.kind === 'team').length;
    const riders = rows.length - teams;
    return teams ? `${t('teams', { count: teams })}, ${t('riders', { count: riders })}` : t('riders', { count: riders });
  };
  const headOf = (sheet: PrintSheet): PageHead => ({
    event: sheet.race.event.name,
    race: raceLine(sheet),
    title: sheet.mode === 'classes' ? t('sheetTitle.classes') : `${t(`sheetTitle.${sheet.mode}`)} · ${count(sheet.sections.flatMap((s) => s.rows))}`,
    official: sheet.official,
  });

  async function drawSection(sheet: PrintSheet, section: PrintSection, first: boolean) {
    const head = headOf(sheet);
    await nextTick();
    newPage(head);
    if (first && sheet.missingClasses.length) note(t('missingClasses', { race: sheet.race.name, classes: sheet.missingClasses.join(', ') }));
    const title = section.title === null ? null : `${t('classSection', { name: section.title })} · ${count(section.rows)}`;
    const titleH = SECTION_TITLE * 1.7;
    const sectionTitle = () => {
      if (title === null) return;
      draw(page, title, MARGIN, y - SECTION_TITLE, SECTION_TITLE, fonts.bold);
      y -= titleH;
    };
    sectionTitle();
    if (section.rows.length === 0) {
      note(t('noResults'));
      return;
    }
    const { size, widths } = layoutColumns(section, fonts, contentWidth);
    const rowH = Math.round(size * 15) / 10;
    const headH = rowH + 3;
    const tableW = widths.reduce((a, b) => a + b, 0);
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const nameAt = nameIndex(section);
    const baseline = (top: number, h: number) => top - (h + size * 0.7) / 2;

    const columnHeads = () => {
      page.drawRectangle({ x: MARGIN, y: y - headH, width: tableW, height: headH, color: HEADER_FILL });
      section.columns.forEach((c, i) => {
        draw(page, c.label, xs[i] + CELL_PAD, baseline(y, headH), size, fonts.bold, widths[i] - 2 * CELL_PAD, c.numeric ? 'right' : 'left');
      });
      y -= headH;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + tableW, y }, thickness: 0.8, color: BLACK });
    };
    columnHeads();
    const pageRows = bodyTop - bodyBottom - (title === null ? 0 : titleH) - headH;
    let onPage = 0;
    for (const [r, row] of section.rows.entries()) {
      // A team with its riders stays on one page when it fits on one.
      let block = 1;
      if (row.kind === 'team') while (section.rows[r + block]?.kind === 'member') block++;
      const wanted = block * rowH <= pageRows ? block * rowH : rowH;
      if (y - wanted < bodyBottom && (onPage > 0 || y - rowH < bodyBottom)) {
        await nextTick();
        newPage(head);
        sectionTitle();
        columnHeads();
        onPage = 0;
      }
      const font = row.kind === 'team' ? fonts.bold : fonts.regular;
      if (row.kind === 'team' && onPage > 0) page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + tableW, y }, thickness: 0.7, color: BLACK });
      section.columns.forEach((c, i) => {
        const indent = row.kind === 'member' && i === nameAt ? MEMBER_INDENT : 0;
        draw(page, row.cells[i] ?? '', xs[i] + CELL_PAD + indent, baseline(y, rowH), size, font, widths[i] - 2 * CELL_PAD - indent, c.numeric ? 'right' : 'left');
      });
      y -= rowH;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + tableW, y }, thickness: 0.3, color: RULE });
      onPage++;
    }
  }

  // ---- The parts ----
  const anySheet = sheets[0] ?? null;
  let notesPage = false;
  for (const part of parts) {
    if (part.kind === 'unavailable') {
      const text = part.reason === 'not_public' ? t('unavailableNotPublic', { name: part.name ?? String(part.raceId) }) : t('unavailableNotFound', { id: part.raceId });
      if (!notesPage || y - NOTE_SIZE * 1.6 < bodyBottom) {
        newPage({ event: anySheet?.race.event.name ?? siteName, race: anySheet ? eventDate(anySheet.race.event.startDate) : '', title: '', official: null });
        notesPage = true;
      }
      note(text);
      continue;
    }
    notesPage = false;
    const { sheet } = part;
    if (sheet.sections.length === 0) {
      newPage(headOf(sheet));
      if (sheet.missingClasses.length) note(t('missingClasses', { race: sheet.race.name, classes: sheet.missingClasses.join(', ') }));
      note(t('noResults'));
      continue;
    }
    for (const [i, section] of sheet.sections.entries()) await drawSection(sheet, section, i === 0);
  }
  if (doc.getPageCount() === 0) {
    newPage({ event: siteName, race: '', title: '', official: null });
    note(t('noResults'));
  }

  // ---- Footers, now that the page count is known ----
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const lineY = MARGIN + FOOTER_HEIGHT - 6;
    p.drawLine({ start: { x: MARGIN, y: lineY }, end: { x: width - MARGIN, y: lineY }, thickness: 0.4, color: RULE });
    const label = t('pageOf', { page: i + 1, pages: pages.length });
    const labelW = fonts.regular.widthOfTextAtSize(pdfSafe(label), 8);
    draw(p, label, width - MARGIN - labelW, MARGIN, 8, fonts.regular, labelW + 1);
    draw(p, siteName, MARGIN, MARGIN, 8, fonts.regular, contentWidth - labelW - 20);
  });

  // ---- The file's metadata ----
  const titled = anySheet ?? null;
  const docTitle = titled
    ? [titled.race.event.name, [...new Set(sheets.map((s) => s.race.name))].join(', '), t(`sheetTitle.${titled.mode}`)].join(' — ')
    : siteName;
  doc.setTitle(docTitle, { showInWindowTitleBar: true });
  doc.setLanguage(intlLocale(locale));
  doc.setAuthor(siteName);
  doc.setCreator(siteName);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(printedAt);
  doc.setModificationDate(printedAt);
  // pdf-lib writes into a plain ArrayBuffer (never a shared one). It yields every
  // `objectsPerTick` objects; a page's content stream is compressed as it is written, so a few
  // pages at a time.
  return (await doc.save({ objectsPerTick: 5 })) as Uint8Array<ArrayBuffer>;
}
