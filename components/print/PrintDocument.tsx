/**
 * A printout on the page (spec §2 print routes and Print layout; issue 12): each race's sheet
 * with the federation's logo, the event, race, date and sheet title, a "provisional" or
 * "official" stamp with the time printed, then its sections (one table, or one per class, each
 * class on a new page on /scores/printc). The print style (print.css) repeats each table's header
 * rows on every page (`thead`), never splits a row, and prints black on white; the inline
 * `@page` rule here sets the paper and orientation and writes "Page N of M" and the print time in
 * the page margins in the page's language. On screen the same sheet reads as a document whose
 * tables scroll sideways on a phone with position and name kept in view. Server component, plain
 * HTML (issue 23); its one client piece is the tables' scroll frame (components/ui/ScrollFrame).
 */
import { getTranslations } from 'next-intl/server';
import { ScrollFrame } from '@/components/ui/ScrollFrame';
import type { Locale } from '@/lib/config';
import type { PaperSize } from '@/lib/contracts/print';
import { elide, formatDate, formatDateTime } from '@/lib/format';
import { printableWidthPt, sectionWidthPt, type PrintPart, type PrintSection, type PrintSheet } from '@/lib/server/print';

export type SheetKind = 'overall' | 'classes' | 'team' | 'score';

/** A CSS string literal of `text` (quotes and backslashes escaped, no `<`, one line). */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/</g, '\\3c ').replace(/[\r\n]+/g, ' ')}"`;
}

/**
 * The `@page` rule of a printout: `size` from paper and orientation, 12 mm side margins, and the
 * margin boxes "Page N of M" (bottom right, from the translated `pageOf` with its two counters)
 * and `printedLine` (bottom left).
 */
export function pageRule(paper: PaperSize, orientation: 'portrait' | 'landscape', pageOf: (page: string, pages: string) => string, printedLine: string): string {
  const [before, middle, after] = pageOf('\u0001', '\u0002').split(/[\u0001\u0002]/);
  const counter = [cssString(before ?? ''), 'counter(page)', cssString(middle ?? ''), 'counter(pages)', cssString(after ?? '')].join(' ');
  const box = 'font-family: Arial, Helvetica, sans-serif; font-size: 8pt; color: #000;';
  return [
    `@page { size: ${paper === 'a4' ? 'A4' : 'letter'} ${orientation}; margin: 12mm 12mm 14mm 12mm;`,
    `  @bottom-right { content: ${counter}; ${box} }`,
    `  @bottom-left { content: ${cssString(printedLine)}; ${box} }`,
    '}',
  ].join('\n');
}

/**
 * The columns of free text that may wrap between words on paper when a sheet is too wide: brand,
 * class, class group, team, hometown. Positions, numbers, names, times and the state ("En course")
 * never break.
 */
const WRAPPING = new Set<string>(['brand', 'class', 'group', 'team', 'city']);

/** A cell's classes: `num` right-aligned, `lead` the first column and `who` the name (kept in view on phones), `text` a column that may wrap on paper. */
function cellClass(column: PrintSection['columns'][number] | undefined, i: number, nameAt: number): string | undefined {
  const names = [column?.numeric ? 'num' : '', i === 0 ? 'lead' : '', i === nameAt ? 'who' : '', column && !column.identity && WRAPPING.has(column.key) ? 'text' : ''];
  return names.filter(Boolean).join(' ') || undefined;
}

function Section({ section, sheet, index, running, labels }: {
  section: PrintSection;
  sheet: PrintSheet;
  index: number;
  running: string;
  labels: { classSection: (name: string) => string; count: (n: number) => string; stamp: string; region: (name: string) => string; hint: string };
}) {
  const counted = section.rows.filter((r) => r.kind !== 'member').length;
  const title = section.title === null ? null : labels.classSection(section.title);
  const nameAt = section.columns.findIndex((c) => c.key === (sheet.mode === 'team' ? 'team' : 'name'));
  return (
    <section className="print-section" data-break={section.breakBefore ? 'page' : undefined} aria-labelledby={title ? `ps-${sheet.race.id}-${index}` : undefined}>
      {title && (
        <h3 id={`ps-${sheet.race.id}-${index}`} className="print-section-title">
          {title} <span className="print-count">· {labels.count(counted)}</span>
        </h3>
      )}
      <ScrollFrame label={labels.region(title ?? sheet.race.name)} hint={labels.hint} rowParams={{}}>
        <table className="print-table">
          <thead>
            <tr className="print-running">
              <th colSpan={section.columns.length} scope="colgroup">
                <span>{title ? `${running} · ${title}` : running}</span>
                <span className="print-running-stamp">{labels.stamp}</span>
              </th>
            </tr>
            <tr>
              {section.columns.map((c, i) => (
                <th key={c.key} scope="col" className={cellClass(c, i, nameAt)}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.id} className={`row-${row.kind}`}>
                {row.cells.map((cell, i) => {
                  const cls = cellClass(section.columns[i], i, nameAt);
                  return i === nameAt ? (
                    <th key={i} scope="row" className={cls}>
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={cls}>
                      {cell}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
    </section>
  );
}

/** Table text sizes (pt) tried in turn on paper until the widest section fits across the page; at the last, long text columns wrap. */
const PRINT_FONT_SIZES = [8.5, 8, 7.5, 7] as const;

/** The table text size on paper for `parts`: the largest of PRINT_FONT_SIZES at which every section fits across the page. */
export function printFontPt(parts: PrintPart[], paper: PaperSize, orientation: 'portrait' | 'landscape'): number {
  const width = printableWidthPt(paper, orientation);
  const sections = parts.flatMap((p) => (p.kind === 'sheet' ? p.sheet.sections : []));
  return PRINT_FONT_SIZES.find((pt) => sections.every((s) => sectionWidthPt(s, pt) <= width)) ?? PRINT_FONT_SIZES[PRINT_FONT_SIZES.length - 1];
}

/** The printout of `parts` in `locale`, as printed at `printedAt`, titled as a `kind` sheet. */
export async function PrintDocument({ parts, locale, kind, paper, orientation, printedAt, siteName, logoSrc }: {
  parts: PrintPart[];
  locale: Locale;
  kind: SheetKind;
  paper: PaperSize;
  orientation: 'portrait' | 'landscape';
  printedAt: Date;
  siteName: string;
  logoSrc: string;
}) {
  const t = await getTranslations({ locale, namespace: 'print' });
  const tr = await getTranslations({ locale, namespace: 'race' });
  const printed = t('printedAt', { time: formatDateTime(printedAt, locale) });
  const css = pageRule(paper, orientation, (page, pages) => t('pageOf', { page, pages }), `${siteName} · ${printed}`);
  return (
    <div className={`print-doc print-${orientation}`} data-paper={paper} style={{ ['--print-font' as string]: `${printFontPt(parts, paper, orientation)}pt` }}>
      <style dangerouslySetInnerHTML={{ __html: css }} />
      {parts.map((part, n) => {
        if (part.kind === 'unavailable') {
          return (
            <p key={`u${part.raceId}`} className="print-unavailable" role="note">
              {part.reason === 'not_public' ? t('unavailableNotPublic', { name: part.name ?? String(part.raceId) }) : t('unavailableNotFound', { id: part.raceId })}
            </p>
          );
        }
        const { sheet } = part;
        const sheetKind: SheetKind = kind === 'score' && sheet.mode === 'classes' ? 'score' : sheet.mode;
        const sheetTitle = t(`sheetTitle.${sheetKind}`);
        const raceName = sheet.race.runNumber ? `${sheet.race.name} (${t('runNumber', { number: sheet.race.runNumber })})` : sheet.race.name;
        const stamp = sheet.official ? t('official') : t('provisional');
        const running = `${sheet.race.event.name} · ${raceName} · ${sheetTitle}`;
        const empty = sheet.sections.every((s) => s.rows.length === 0);
        return (
          <article key={sheet.race.id} className="print-sheet" data-break={n > 0 ? 'page' : undefined} aria-labelledby={`pr-${sheet.race.id}`}>
            <div className="print-head">
              {/* eslint-disable-next-line @next/next/no-img-element -- a small logo that must print; next/image adds nothing here */}
              <img src={logoSrc} alt="" width={56} height={56} className="print-logo" />
              <div className="print-titles">
                <p className="print-org">{siteName}</p>
                <h2 id={`pr-${sheet.race.id}`} className="print-event">
                  {sheet.race.event.name}
                </h2>
                <p className="print-race">
                  <strong>{raceName}</strong> · <time dateTime={sheet.race.event.startDate}>{formatDate(sheet.race.event.startDate, locale)}</time>
                </p>
                <p className="print-kind">{sheetTitle}</p>
              </div>
              <div className={`print-stamp ${sheet.official ? 'is-official' : 'is-provisional'}`}>
                <strong>{stamp}</strong>
                <span>{sheet.official ? t('officialLong') : t('provisionalLong')}</span>
                <span>{printed}</span>
              </div>
            </div>
            {sheet.missingClasses.length > 0 && (
              <p className="print-note" role="note">
                {t('missingClasses', { race: sheet.race.name, classes: sheet.missingClasses.join(', ') })}
              </p>
            )}
            {empty ? (
              <p className="print-note">{t('noResults')}</p>
            ) : (
              sheet.sections.map((section, i) => (
                <Section
                  key={section.title ?? i}
                  section={section}
                  sheet={sheet}
                  index={i}
                  running={running}
                  labels={{
                    classSection: (name) => t('classSection', { name }),
                    count: (count) => (sheet.mode === 'team' ? t('teams', { count }) : t('riders', { count })),
                    stamp: stamp.toUpperCase(),
                    region: (name) => tr('tableRegion', { race: name, elide: elide(name) }),
                    hint: tr('scrollHint'),
                  }}
                />
              ))
            )}
          </article>
        );
      })}
    </div>
  );
}
