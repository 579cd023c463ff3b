/** The printout PDF (spec §7 livelaps/race/print/{id}; issue 25 Unicode font): pdfSafe, the embedded font, pagination, headers, sizes; read back with pdftotext and pdf-lib. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { RaceView } from '../../contracts/results';
import type { TableColumnModel, TableRowModel } from '../races/results-table';
import type { PrintSection, PrintSheet } from './build-print-sheet';
import type { PrintPart } from './get-print-sheets';
import { layoutColumns, pdfSafe, renderPrintPdf } from './render-pdf';

const dir = mkdtempSync(path.join(tmpdir(), 'print-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of each page of a PDF, as `pdftotext -layout` reads it. */
function pdfPages(bytes: Uint8Array): string[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((p, i, all) => i < all.length - 1 || p.trim() !== '');
}

const race: RaceView = {
  id: 7,
  name: 'Saturday Moto',
  kind: 'sprint',
  runNumber: 2,
  startTime: null,
  config: {} as RaceView['config'],
  clock: null,
  event: { id: 3, name: 'Spring Classic', startDate: '2026-04-12' },
};

const col = (key: TableColumnModel['key'], label: string, numeric = false, identity = false): TableColumnModel => ({ key, label, numeric, identity });
const COLUMNS = [
  col('position', 'Pos.', true, true),
  col('number', 'No.', false, true),
  col('name', 'Name', false, true),
  col('class', 'Class', false),
  col('laps', 'Laps', true),
  col('totalTime', 'Total time', true),
  col('gap', 'Gap', true),
  col('bestLap', 'Best lap', true),
];
const CLASSES = ['Pro', 'Expert', 'Vet 40+'];
const riderName = (i: number) => `Rider${String(i).padStart(3, '0')} Testperson`;
const rider = (i: number, name = riderName(i)): TableRowModel => ({
  id: `e${i}`,
  kind: 'rider',
  entryId: i,
  state: 'finished',
  cells: [String(i), String(100 + i), name, CLASSES[i % 3], '12', `1:0${i % 10}:12.345`, i === 1 ? '' : `+${i}.123`, '4:59.876'],
});

function sheetOf(sections: PrintSection[], mode: PrintSheet['mode'] = 'overall', official = false): PrintSheet {
  return { race, mode, official, sections, missingClasses: [] };
}
const options = { locale: 'en' as const, paper: 'letter' as const, printedAt: new Date('2026-04-12T18:05:00Z'), brand: { name: 'FMQR – Fédération de course moto et quad hors route', logo: null } };
const ROWS = Array.from({ length: 150 }, (_, i) => rider(i + 1));

describe('pdfSafe', () => {
  it('keeps every letter the embedded font has, and replaces or folds the rest', () => {
    expect(pdfSafe('Émile Bélanger-Côté ñ ü ¿¡ « » ’ – — … Š Œ €')).toBe('Émile Bélanger-Côté ñ ü ¿¡ « » ’ – — … Š Œ €');
    expect(pdfSafe('Łukasz Żółć Dvořák Đorđe Şahin Ğ ı Ærø Þór ß Жанна')).toBe('Łukasz Żółć Dvořák Đorđe Şahin Ğ ı Ærø Þór ß Жанна');
    expect(pdfSafe('14\u202fh\u00a005\tx\ny')).toBe('14 h 05 x y');
    expect(pdfSafe('a\u00adb\u200bc\ufeff')).toBe('abc');
    expect(pdfSafe('王 🏁')).toBe('? ?');
    expect(pdfSafe('')).toBe('');
  });
});

/** The Type 0 (Unicode) fonts of a saved PDF: each one's name, whether its font file is embedded, and its ToUnicode map (inflated). */
async function embeddedFonts(bytes: Uint8Array): Promise<{ name: string; file: boolean; toUnicode: string }[]> {
  const doc = await PDFDocument.load(bytes);
  const get = (dict: PDFDict | undefined, key: string) => {
    const v = dict?.get(PDFName.of(key));
    return v instanceof PDFRef ? doc.context.lookup(v) : v;
  };
  const out: { name: string; file: boolean; toUnicode: string }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || get(object, 'Type') !== PDFName.of('Font') || get(object, 'Subtype') !== PDFName.of('Type0')) continue;
    const descendants = get(object, 'DescendantFonts') as PDFArray;
    const cid = doc.context.lookup(descendants.get(0)) as PDFDict;
    const descriptor = get(cid, 'FontDescriptor') as PDFDict | undefined;
    const cmap = get(object, 'ToUnicode');
    const toUnicode = cmap instanceof PDFRawStream ? inflateSync(Buffer.from(cmap.getContents())).toString('latin1') : '';
    out.push({ name: String(get(object, 'BaseFont')), file: get(descriptor, 'FontFile2') !== undefined, toUnicode });
  }
  return out;
}

describe('the embedded font', () => {
  it('prints "Łukasz Żółć" with its own letters: DejaVu embedded, subset, each letter mapped back to Unicode', async () => {
    const logo = new Uint8Array(readFileSync(path.join(process.cwd(), 'public', 'icons', 'icon-192.png')));
    const bytes = await renderPrintPdf([{ kind: 'sheet', sheet: sheetOf([{ title: null, columns: COLUMNS, rows: [rider(1, 'Łukasz Żółć'), rider(2, 'Zoë Ünal-Øster')], breakBefore: false }]) }], { ...options, logoBytes: logo });
    const fonts = await embeddedFonts(bytes);
    expect(fonts).toHaveLength(2);
    expect(fonts.filter((f) => /^\/DejaVuSansCondensed-Bold-/.test(f.name))).toHaveLength(1);
    expect(fonts.filter((f) => /^\/DejaVuSansCondensed-\d+$/.test(f.name))).toHaveLength(1);
    expect(fonts.every((f) => f.file)).toBe(true);
    const regular = fonts.find((f) => !/Bold/.test(f.name))!;
    // Ł U+0141, Ż U+017B, ó U+00F3, ł U+0142, ć U+0107 in the font's ToUnicode map: the glyphs drawn are these letters.
    for (const code of ['0141', '017B', '00F3', '0142', '0107']) expect(regular.toUnicode.toUpperCase()).toContain(`<${code}>`);
    // Subset: far smaller than the font file (the regular face alone is about 640 kB).
    const full = readFileSync(path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSansCondensed.ttf')).length;
    expect(bytes.length).toBeLessThan(full / 4);
    const text = pdfPages(bytes).join('\n');
    expect(text).toContain('Łukasz Żółć');
    expect(text).toContain('Zoë Ünal-Øster');
    // The federation's name as the page header shows it, in the footer.
    expect(text).toContain('FMQR – Fédération de course moto et quad hors route');
    // The logo, drawn once per page.
    const doc = await PDFDocument.load(bytes);
    const images = [...doc.context.enumerateIndirectObjects()].filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.length).toBeGreaterThanOrEqual(1);
  });
});

describe('renderPrintPdf', () => {
  it('paginates 150 riders with the headers, the stamp and "Page N of M" on every page', async () => {
    const started = performance.now();
    const bytes = await renderPrintPdf([{ kind: 'sheet', sheet: sheetOf([{ title: null, columns: COLUMNS, rows: ROWS, breakBefore: false }]) }], options);
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(5000);
    const pages = pdfPages(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const all = pages.join('\n');
    for (let i = 1; i <= 150; i++) expect(all.split(riderName(i)).length - 1, riderName(i)).toBe(1);
    pages.forEach((text, i) => {
      expect(text).toMatch(/Pos\.\s+No\.\s+Name\s+Class\s+Laps\s+Total time\s+Gap\s+Best lap/);
      expect(text).toContain('Spring Classic');
      expect(text).toContain('Saturday Moto (Run 2) · April 12, 2026');
      expect(text).toContain('April 12, 2026');
      expect(text).toContain('Results by position · 150 riders');
      expect(text).toContain('PROVISIONAL');
      expect(text).toContain('Printed April 12, 2026 at 14:05');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // In order: each page starts where the last one ended.
    const firstOn = pages.map((p) => Number(/Rider(\d{3})/.exec(p)?.[1]));
    expect(firstOn).toEqual([...firstOn].sort((a, b) => a - b));
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe('Spring Classic — Saturday Moto — Results by position');
    expect(doc.getPageCount()).toBe(pages.length);
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-04-12T18:05:00.000Z');
  });

  it('starts each class on a new page with its title, and repeats the title on the pages it fills', async () => {
    const sections = CLASSES.map((c, i): PrintSection => ({
      title: c,
      columns: COLUMNS.filter((k) => k.key !== 'class'),
      rows: ROWS.filter((r) => r.cells[3] === c).map((r) => ({ ...r, cells: r.cells.filter((_, j) => j !== 3) })),
      breakBefore: i > 0,
    }));
    const bytes = await renderPrintPdf([{ kind: 'sheet', sheet: { ...sheetOf(sections, 'classes', true), missingClasses: ['Mini'] } }], { ...options, locale: 'fr', paper: 'a4' });
    const pages = pdfPages(bytes);
    const titles = pages.map((p) => /Classe (Pro|Expert|Vet 40\+) · (\d+) pilotes/.exec(p)?.[1]);
    expect(titles.every(Boolean)).toBe(true);
    // Each class's pages follow one another, starting with a new page.
    expect([...new Set(titles)]).toEqual(CLASSES);
    for (const c of CLASSES) {
      const on = pages.filter((_, i) => titles[i] === c).join('\n');
      for (const r of ROWS.filter((row) => row.cells[3] === c)) expect(on).toContain(r.cells[2]);
    }
    expect(pages[0]).toContain('Absentes de Saturday Moto : Mini');
    pages.forEach((text, i) => {
      expect(text).toContain('OFFICIEL');
      expect(text).toContain('Résultats par classe');
      expect(text).toContain('Saturday Moto (Manche 2) · 12 avril 2026');
      expect(text).toContain('12 avril 2026');
      expect(text).toContain(`Page ${i + 1} de ${pages.length}`);
      expect(text).toMatch(/Pos\.\s+No\.\s+Name/);
    });
  });

  it('prints races that cannot be printed and sheets without rows as one line each', async () => {
    const parts: PrintPart[] = [
      { kind: 'sheet', sheet: sheetOf([{ title: null, columns: COLUMNS, rows: [], breakBefore: false }]) },
      { kind: 'unavailable', raceId: 9, name: 'Hidden heat', reason: 'not_public' },
      { kind: 'unavailable', raceId: 12, name: null, reason: 'not_found' },
      { kind: 'sheet', sheet: sheetOf([], 'classes') },
    ];
    const pages = pdfPages(await renderPrintPdf(parts, options));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('No Results Available Yet');
    expect(pages[1]).toContain('Hidden heat: Race is not available for public display');
    expect(pages[1]).toContain('Race 12 is not a race of this event.');
    expect(pages[2]).toContain('No Results Available Yet');
  });

  it('sets bold team rows with their riders, never leaving a team alone at the foot of a page', async () => {
    const teamColumns = [col('position', 'Pos.', true, true), col('team', 'Team', false, true), col('points', 'Points', true)];
    const rows: TableRowModel[] = [];
    for (let t = 1; t <= 30; t++) {
      rows.push({ id: `t${t}`, kind: 'team', entryId: null, state: 'finished', cells: [String(t), `Squad ${t}`, String(200 - t)] });
      for (let m = 1; m <= 4; m++) rows.push({ id: `e${t * 10 + m}`, kind: 'member', entryId: t * 10 + m, state: 'finished', cells: ['', `${t}${m} Member ${t}-${m}`, String(50 - m)] });
    }
    const pages = pdfPages(await renderPrintPdf([{ kind: 'sheet', sheet: sheetOf([{ title: null, columns: teamColumns, rows, breakBefore: false }], 'team') }], options));
    expect(pages.length).toBeGreaterThan(1);
    for (const text of pages) {
      expect(text).toContain('Team results · 30 teams, 120 riders');
      // The last team on a page has all four of its riders on it.
      const last = [...text.matchAll(/Squad (\d+)\b/g)].at(-1)![1];
      for (let m = 1; m <= 4; m++) expect(text).toContain(`Member ${last}-${m}`);
    }
  });

  it('uses Letter or A4, portrait for a narrow table and landscape for a wide one', async () => {
    const narrow: PrintPart[] = [{ kind: 'sheet', sheet: sheetOf([{ title: null, columns: COLUMNS, rows: ROWS.slice(0, 5), breakBefore: false }]) }];
    const wideColumns = [...COLUMNS, col('lastLap', 'Last lap', true), col('speed', 'Speed', true), col('points', 'Points', true), col('city', 'City')];
    const wide: PrintPart[] = [
      { kind: 'sheet', sheet: sheetOf([{ title: null, columns: wideColumns, rows: ROWS.slice(0, 5).map((r) => ({ ...r, cells: [...r.cells, '5:01.000', '87.5', '25', 'Saint-Jean-sur-Richelieu, QC'] })), breakBefore: false }]) },
    ];
    const size = async (parts: PrintPart[], paper: 'letter' | 'a4') => (await PDFDocument.load(await renderPrintPdf(parts, { ...options, paper }))).getPage(0).getSize();
    expect(await size(narrow, 'letter')).toEqual({ width: 612, height: 792 });
    expect(await size(narrow, 'a4')).toEqual({ width: 595.28, height: 841.89 });
    expect(await size(wide, 'letter')).toEqual({ width: 792, height: 612 });
    expect(await size(wide, 'a4')).toEqual({ width: 841.89, height: 595.28 });
    // Smaller type, nothing cut.
    const text = pdfPages(await renderPrintPdf(wide, { ...options, paper: 'a4' })).join('\n');
    expect(text).not.toContain('…');
    for (let i = 1; i <= 5; i++) expect(text).toContain(riderName(i));
  });

  it('prints a name with Polish and Czech letters as written, and "?" for what the font lacks', async () => {
    const rows = [rider(1, 'Łukasz Dvořák'), rider(2, 'Zoë Ünal-Øster'), rider(3, 'Ŧest 王 Name')];
    const text = pdfPages(await renderPrintPdf([{ kind: 'sheet', sheet: sheetOf([{ title: null, columns: COLUMNS, rows, breakBefore: false }]) }], options)).join('\n');
    expect(text).toContain('Łukasz Dvořák');
    expect(text).toContain('Zoë Ünal-Øster');
    expect(text).toContain('Ŧest ? Name');
  });
});

describe('renderPrintPdf on a big printout (50 races of 100 riders takes seconds)', () => {
  it('lets the server answer other requests while it draws: it yields at every page', async () => {
    // 12 races of 100 riders, about 40 pages: without yielding the event loop is blocked for the whole drawing.
    const parts: PrintPart[] = Array.from({ length: 12 }, (_, i) => ({
      kind: 'sheet',
      sheet: { ...sheetOf([{ title: null, columns: COLUMNS, rows: ROWS.slice(0, 100), breakBefore: false }]), race: { ...race, id: 100 + i } },
    }));
    // The longest stretch between two ticks of a 1 ms timer, in this thread's CPU time (Node 24's
    // `process.threadCpuUsage`), not in wall time: on a loaded machine the OS may pause the whole
    // thread for longer than a page takes, which is not the drawing blocking anything.
    const cpuMs = () => {
      const { user, system } = process.threadCpuUsage();
      return (user + system) / 1000;
    };
    let last = cpuMs();
    let longest = 0;
    const timer = setInterval(() => {
      const now = cpuMs();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const started = cpuMs();
    let bytes: Uint8Array;
    try {
      bytes = await renderPrintPdf(parts, options);
    } finally {
      clearInterval(timer);
    }
    const total = cpuMs() - started;
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    console.log(`12 races of 100 riders: ${pages} pages, ${Math.round(total)} ms of CPU, longest block ${Math.round(longest)} ms`);
    expect(pages).toBeGreaterThanOrEqual(36);
    // The longest stretch without a tick is about one page's drawing, far less than the whole.
    expect(longest, `longest block ${Math.round(longest)} ms of ${Math.round(total)} ms of CPU`).toBeLessThan(total / 4);
  });
});

describe('layoutColumns', () => {
  const fontsP = (async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const ttf = (file: string) => readFileSync(path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf', file));
    return { regular: await doc.embedFont(ttf('DejaVuSansCondensed.ttf')), bold: await doc.embedFont(ttf('DejaVuSansCondensed-Bold.ttf')) };
  })();

  it('sets a table that fits at 9 pt, a wider one smaller, and cuts other columns before names', async () => {
    const fonts = await fontsP;
    const section = { columns: COLUMNS, rows: ROWS };
    const fits = layoutColumns(section, fonts, 540);
    expect(fits.size).toBe(9);
    expect(fits.widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(540);

    const natural = layoutColumns(section, fonts, 10_000).widths.reduce((a, b) => a + b, 0) - COLUMNS.length * 10;
    const smaller = layoutColumns(section, fonts, natural * 0.85);
    expect(smaller.size).toBeLessThan(9);
    expect(smaller.size).toBeGreaterThanOrEqual(7);

    const long = { columns: COLUMNS, rows: ROWS.map((r) => ({ ...r, cells: r.cells.map((c, i) => (i === 3 ? `${c} with a very long class description indeed` : c)) })) };
    const tight = layoutColumns(long, fonts, 330);
    expect(tight.size).toBe(7);
    expect(tight.widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(330.001);
    // The name column keeps its natural width; the class column is cut.
    const nameNeeds = fonts.regular.widthOfTextAtSize(riderName(1), 7) + 10;
    expect(tight.widths[2]).toBeGreaterThanOrEqual(nameNeeds - 0.001);
    expect(tight.widths[3]).toBeLessThan(fonts.regular.widthOfTextAtSize(long.rows[0].cells[3], 7));
  });
});
