#!/usr/bin/env node
/**
 * Writes the PDF documents of the seed (seed/files/*.pdf): `node seed/make-files.mjs`.
 *
 * Plain PDF 1.4 written by hand, no dependency: Letter pages, the standard Helvetica fonts
 * (not embedded, WinAnsiEncoding so that French accents print), uncompressed text content
 * streams, a cross-reference table with exact byte offsets. The output is deterministic
 * (dates and /ID come from the content), so running it again changes nothing; the files are
 * committed beside this script and uploaded by seed.ts.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'files');

// --- Text encoding and metrics -------------------------------------------------------

/** WinAnsiEncoding codes of the characters outside Latin-1 that the documents use. */
const WIN_ANSI = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99, 'œ': 0x9c, 'Œ': 0x8c };

function winAnsi(ch) {
  if (ch in WIN_ANSI) return WIN_ANSI[ch];
  const code = ch.codePointAt(0);
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  throw new Error(`character ${JSON.stringify(ch)} has no WinAnsi code`);
}

/** A PDF literal string, ASCII only: ( ) \ escaped, other bytes as octal escapes. */
function pdfString(text) {
  let out = '(';
  for (const ch of text) {
    const b = winAnsi(ch);
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b < 0x20 || b > 0x7e) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

/** A PDF text string (document information): UTF-16BE with a byte order mark, as hex. */
const pdfTextString = (text) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

// Glyph widths (1/1000 em) of Helvetica and Helvetica-Bold for ASCII 32..126 (Adobe AFM).
const HELVETICA = [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584];
const HELVETICA_BOLD = [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584];
const EXTRA_WIDTHS = { '’': 222, '‘': 222, '“': 333, '”': 333, '–': 556, '—': 1000, '•': 350, '…': 1000, '·': 278, '«': 556, '»': 556, '©': 737, '°': 400, '€': 556, 'œ': 944, 'Œ': 1000 };

function charWidth(ch, bold) {
  const code = ch.codePointAt(0);
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  if (code >= 32 && code <= 126) return table[code - 32];
  if (ch in EXTRA_WIDTHS) return EXTRA_WIDTHS[ch];
  const base = ch.normalize('NFD')[0]; // é → e
  const b = base.codePointAt(0);
  return b >= 32 && b <= 126 ? table[b - 32] : 556;
}

const textWidth = (text, size, bold = false) => ([...text].reduce((w, ch) => w + charWidth(ch, bold), 0) * size) / 1000;

function wrap(text, size, width, bold = false) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// --- Layout ----------------------------------------------------------------------------

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 56;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const TOP = PAGE_H - 118; // below the header band
const BOTTOM = 64; // above the footer
const FOOTER = 'FMQR · 1505, rue des Pionniers, Saint-Jérôme (Québec)  J7Y 3K9 · 450 555-0171 · info@fmqr.ca';

const fmt = (n) => (Math.round(n * 100) / 100).toString();

/**
 * Lays out a document's blocks on pages; returns one content-stream string per page.
 * Blocks: { h }, { p }, { ul: [...] }, { table: { widths, rows } } (first row is the header),
 * { fields: [[label, share], ...] } (a row of blank lines to fill in), { box } (a tick box
 * and its text), { sign: [labels] } (signature lines), { space }.
 */
function layout(doc) {
  const pages = [];
  let ops = [];
  let y = TOP;

  const text = (x, yy, str, size, bold = false, color = '0 0 0') =>
    ops.push(`BT ${color} rg /${bold ? 'F2' : 'F1'} ${size} Tf ${fmt(x)} ${fmt(yy)} Td ${pdfString(str)} Tj ET`);
  const line = (x1, y1, x2, y2, w = 0.6) => ops.push(`${w} w ${fmt(x1)} ${fmt(y1)} m ${fmt(x2)} ${fmt(y2)} l S`);

  const newPage = () => {
    if (ops.length) pages.push(ops);
    ops = [];
    y = TOP;
    // Header band: navy with the federation's name, the document title under it.
    ops.push('0.051 0.173 0.329 rg 0 712 612 80 re f');
    ops.push('1 0.561 0 rg 0 708 612 4 re f');
    text(MARGIN, 752, 'FMQR', 26, true, '1 1 1');
    text(MARGIN + 92, 763, 'Federation of Off-Road Motorcycle and Quad Racing', 10, true, '1 1 1');
    text(MARGIN + 92, 749, 'Fédération de course moto et quad hors route', 10, false, '1 0.718 0.302');
    text(MARGIN + 92, 735, 'Quebec · Ontario · since 1971', 8, false, '0.85 0.88 0.93');
    ops.push('0 0 0 RG');
  };
  const need = (h) => {
    if (y - h < BOTTOM) newPage();
  };

  newPage();
  // Title block (first page only).
  for (const l of wrap(doc.title, 18, CONTENT_W, true)) {
    text(MARGIN, y, l, 18, true, '0.051 0.173 0.329');
    y -= 22;
  }
  if (doc.subtitle) {
    for (const l of wrap(doc.subtitle, 11, CONTENT_W)) {
      text(MARGIN, y, l, 11, false, '0.3 0.3 0.3');
      y -= 15;
    }
  }
  y -= 6;
  ops.push('1 0.561 0 RG');
  line(MARGIN, y, MARGIN + 120, y, 3);
  ops.push('0 0 0 RG');
  y -= 22;

  const SIZE = 10;
  const LEAD = 13.5;
  for (const block of doc.blocks) {
    if (block.h) {
      need(40);
      y -= 4;
      text(MARGIN, y, block.h, 12.5, true, '0.051 0.173 0.329');
      y -= 18;
    } else if (block.p) {
      const lines = wrap(block.p, SIZE, CONTENT_W, block.bold);
      for (const l of lines) {
        need(LEAD);
        text(MARGIN, y, l, SIZE, block.bold);
        y -= LEAD;
      }
      y -= 6;
    } else if (block.ul) {
      for (const item of block.ul) {
        const lines = wrap(item, SIZE, CONTENT_W - 16);
        lines.forEach((l, i) => {
          need(LEAD);
          if (i === 0) text(MARGIN + 4, y, '•', SIZE);
          text(MARGIN + 16, y, l, SIZE);
          y -= LEAD;
        });
        y -= 2;
      }
      y -= 6;
    } else if (block.table) {
      const { widths, rows } = block.table;
      const total = widths.reduce((a, b) => a + b, 0);
      const cols = widths.map((w) => (w / total) * CONTENT_W);
      rows.forEach((row, r) => {
        const cells = row.map((cell, c) => wrap(String(cell), 9, cols[c] - 8, r === 0));
        const h = Math.max(...cells.map((c) => c.length)) * 12 + 6;
        need(h);
        if (r === 0) ops.push(`0.89 0.95 0.99 rg ${fmt(MARGIN)} ${fmt(y - h + 10)} ${fmt(CONTENT_W)} ${fmt(h)} re f`);
        let x = MARGIN;
        cells.forEach((lines, c) => {
          lines.forEach((l, i) => text(x + 4, y - i * 12, l, 9, r === 0));
          x += cols[c];
        });
        ops.push('0.7 0.7 0.7 RG');
        line(MARGIN, y - h + 10, MARGIN + CONTENT_W, y - h + 10, 0.5);
        ops.push('0 0 0 RG');
        y -= h;
      });
      y -= 10;
    } else if (block.fields) {
      need(34);
      const total = block.fields.reduce((a, [, share]) => a + share, 0);
      let x = MARGIN;
      for (const [label, share] of block.fields) {
        const w = (share / total) * CONTENT_W;
        line(x, y - 4, x + w - 12, y - 4, 0.6);
        text(x, y - 15, label, 7.5, false, '0.35 0.35 0.35');
        x += w;
      }
      y -= 34;
    } else if (block.box) {
      const lines = wrap(block.box, SIZE, CONTENT_W - 20);
      need(lines.length * LEAD);
      ops.push(`0.8 w ${fmt(MARGIN)} ${fmt(y - 2)} 9 9 re S`);
      lines.forEach((l) => {
        need(LEAD);
        text(MARGIN + 18, y, l, SIZE);
        y -= LEAD;
      });
      y -= 4;
    } else if (block.sign) {
      need(48);
      y -= 16;
      const w = CONTENT_W / block.sign.length;
      block.sign.forEach((label, i) => {
        const x = MARGIN + i * w;
        line(x, y, x + w - 18, y, 0.8);
        text(x, y - 11, label, 7.5, false, '0.35 0.35 0.35');
      });
      y -= 32;
    } else if (block.space) {
      y -= block.space;
    }
  }
  pages.push(ops);

  // Footer with page numbers, now that the page count is known.
  return pages.map((pageOps, i) => {
    const foot = [];
    foot.push('0.75 0.75 0.75 RG 0.5 w 56 48 m 556 48 l S');
    foot.push(`BT 0.4 0.4 0.4 rg /F1 7.5 Tf 56 36 Td ${pdfString(FOOTER)} Tj ET`);
    const label = `${doc.reference} · page ${i + 1} of ${pages.length}`;
    foot.push(`BT 0.4 0.4 0.4 rg /F1 7.5 Tf ${fmt(556 - textWidth(label, 7.5))} 24 Td ${pdfString(label)} Tj ET`);
    return [...pageOps, ...foot].join('\n') + '\n';
  });
}

// --- PDF file --------------------------------------------------------------------------

/** PDF date string of an ISO date (noon, Eastern time). */
const pdfDate = (iso) => `D:${iso.replaceAll('-', '')}120000-05'00'`;

function buildPdf(doc) {
  const streams = layout(doc);
  const objects = []; // objects[n - 1] is the body of object n
  const add = (body) => {
    objects.push(body);
    return objects.length;
  };

  const catalog = add(null);
  const pagesObj = add(null);
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const fontBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const info = add(
    `<< /Title ${pdfTextString(doc.title)} /Author ${pdfTextString('FMQR – Federation of Off-Road Motorcycle and Quad Racing')} ` +
      `/Subject ${pdfTextString(doc.subtitle ?? doc.title)} /Creator (FMQR seed make-files.mjs) /Producer (FMQR seed make-files.mjs) ` +
      `/CreationDate (${pdfDate(doc.date)}) /ModDate (${pdfDate(doc.date)}) >>`,
  );
  const pageIds = [];
  for (const content of streams) {
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
          `/Resources << /Font << /F1 ${font} 0 R /F2 ${fontBold} 0 R >> /ProcSet [/PDF /Text] >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R /Lang (en-CA) >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  // Header with a binary comment (marks the file as binary for transfer tools).
  const chunks = [Buffer.from('%PDF-1.4\n'), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  let offset = chunks.reduce((n, b) => n + b.length, 0);
  const offsets = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    offsets.push(offset);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const id = createHash('md5').update(Buffer.concat(chunks)).digest('hex');
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R /ID [<${id}> <${id}>] >>\n` +
    `startxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

// --- The documents ---------------------------------------------------------------------

const documents = [
  {
    file: 'fmqr-rulebook-2026-summary.pdf',
    reference: 'FMQR Rulebook 2026 (summary)',
    date: '2026-03-01',
    title: 'FMQR Rulebook 2026 — Summary',
    subtitle: 'Règlements 2026 — résumé · In force from March 1, 2026 · The complete rulebook prevails in case of difference.',
    blocks: [
      { h: '1. Scope' },
      { p: 'These rules apply at every event sanctioned by the FMQR in motocross, enduro, hare scramble and quad cross-country, in Quebec and Ontario: practice, races and the May test day. The race director applies them on site; their decisions on the track are final, subject to the protest procedure of rule 9.' },
      { h: '2. Licences and registration' },
      { ul: [
        'Every rider holds a valid FMQR licence: annual (youth under 16 on January 1: $95; adult: $165) or one-day ($35, one event, no championship points). Both include accident insurance during practice and racing.',
        'Registration is online, from the rider’s account, until 23:59 on the Wednesday before the event. Late entries are accepted at the registration tent on race day with a $20 late fee, if the class is not full.',
        'A rider under 18 rides only with the minor consent and waiver signed by a parent or legal guardian, who stays on site for the whole event (or the adult named in the delegation section of the form).',
      ] },
      { h: '3. Classes' },
      { p: 'Youth classes are set by the rider’s age on January 1 of the season:' },
      { table: { widths: [3, 2, 5], rows: [
        ['Class', 'Ages', 'Machines'],
        ['50 cc Junior', '4 – 6', 'Automatic 50 cc only'],
        ['50 cc Senior', '7 – 8', 'Up to 50 cc'],
        ['65 cc', '7 – 11', '2-stroke 60–65 cc or 4-stroke up to 110 cc'],
        ['85 cc', '9 – 15', '2-stroke 80–85 cc or 4-stroke up to 150 cc'],
        ['Supermini', '12 – 16', '2-stroke up to 112 cc or 4-stroke up to 150 cc'],
        ['Youth quad 70 cc', '6 – 11', 'Quads up to 70 cc, speed limiter fitted'],
        ['Youth quad 90 cc', '8 – 13', 'Quads up to 90 cc'],
      ] } },
      { p: 'Adult classes: Novice, Intermediate and Expert (by skill level), Vet 30+, Vet 40+, Women and Pro (16 and older). Riders from 14 may enter the adult amateur classes. A rider who wins three events in a season moves up one level the following season.' },
      { h: '4. Equipment' },
      { ul: [
        'Helmet approved DOT, ECE 22.06 or Snell, less than five years old; goggles; boots covering the ankle; gloves; long pants and long-sleeved jersey.',
        'Chest protector mandatory in every youth class and for all quad riders. Neck brace and knee braces strongly recommended.',
      ] },
      { h: '5. Technical inspection' },
      { p: 'Every machine passes inspection before its first practice of the season and may be checked again at any event: working kill switch (tether kill switch on quads), bar ends covered, brakes, no fluid leaks, numbers legible, nerf bars on quads. A machine that passes receives the 2026 inspection sticker.' },
      { h: '6. Flags' },
      { table: { widths: [2, 7], rows: [
        ['Flag', 'Meaning'],
        ['Green', 'The track is clear; start of practice or of the moto.'],
        ['Yellow', 'Danger ahead: no jumping, no passing until past the incident.'],
        ['Red', 'The race is stopped: slow down and return to the pits or the start area.'],
        ['Black', 'The rider shown must leave the track at once.'],
        ['White with red cross', 'Medical staff on the track: ride with extreme caution.'],
        ['Checkered', 'End of the practice or the moto.'],
      ] } },
      { h: '7. Start procedure' },
      { p: 'Riders choose their gate position in the order of the practice times (first moto) or of the first-moto result (second moto). Once the 30-second board is shown, no one may touch the gate; the gate drops between 5 and 10 seconds after the 5-second board is turned sideways.' },
      { h: '8. Scoring and championships' },
      { p: 'Each moto awards championship points to the first 20 finishers: 25, 22, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2 and 1. A rider must complete 50% of the winner’s laps to be classified. Ties in a championship are broken by the greater number of better finishes, then by the result of the most recent round.' },
      { h: '9. Protests and penalties' },
      { p: 'A protest is filed in writing with the race director within 30 minutes of the posting of the provisional results, with a $100 fee refunded if the protest is upheld; a parent or guardian files it for a minor. Passing under a yellow flag costs ten positions in the moto; cutting the course, riding a machine that failed inspection or unsportsmanlike conduct can lead to disqualification and to a suspension by the discipline committee.' },
      { h: '10. Sound' },
      { p: 'Sound is measured with the 2-metre max method. The limit is 114 dB(A) for every machine; a machine over the limit must be repaired and measured again before it rides.' },
    ],
  },
  {
    file: 'fmqr-minor-consent-waiver.pdf',
    reference: 'Form FMQR-F02 (2026)',
    date: '2026-02-02',
    title: 'Minor consent and waiver form',
    subtitle: 'Consentement et renonciation — pilote mineur · Form FMQR-F02 · One form per rider and per season.',
    blocks: [
      { p: 'To be completed and signed by a parent or the legal guardian of every rider under 18. Bring it to the registration tent if you did not sign online. The adult who signs stays on site for the whole event.' },
      { h: 'Rider' },
      { fields: [['Last name', 3], ['First name', 3], ['Date of birth (YYYY-MM-DD)', 2]] },
      { fields: [['FMQR licence number', 2], ['Race number', 1], ['Class(es)', 3]] },
      { h: 'Parent or legal guardian' },
      { fields: [['Last name', 3], ['First name', 3], ['Relationship to the rider', 2]] },
      { fields: [['Phone', 2], ['Cell phone', 2], ['Email', 4]] },
      { h: 'Emergency contact (other than the signatory)' },
      { fields: [['Name', 4], ['Phone', 2], ['Relationship', 2]] },
      { h: 'Acknowledgement of risks' },
      { p: 'I understand that off-road motorcycle and quad racing is a dangerous activity which can cause serious injury or death, to the rider and to others, even when the rules are followed and the equipment is in good condition. I have explained these risks to the rider. I confirm that the rider is physically able to take part, has the required protective equipment and that the machine is in safe mechanical condition.' },
      { h: 'Waiver and consent' },
      { p: 'On my own behalf and on behalf of the rider, I release the FMQR, the organising club, the land owner, the officials and the volunteers from any claim for damage arising from the rider’s participation, except in case of their intentional or gross fault. I consent to the rider receiving first aid and emergency medical care, and to transport to a hospital, if I cannot be reached in time.' },
      { box: 'I agree that the rider’s name, race number, class, city and results are published on the federation’s website and in the results posted at events.' },
      { box: 'I agree that photos and videos taken at events, on which the rider may appear, are used to promote the sport.' },
      { h: 'Delegation (optional)' },
      { p: 'If I cannot attend an event, I delegate my responsibility for the rider to the adult below, who accepts it and will stay on site for the whole event.' },
      { fields: [['Name of the delegated adult', 4], ['Phone', 2], ['Event(s) or dates', 3]] },
      { sign: ['Signature of the parent or guardian', 'Date', 'Signature of the delegated adult'] },
      { p: 'Personal information on this form is used only to register the rider and in an emergency, under the FMQR privacy policy.', bold: false },
    ],
  },
  {
    file: 'fmqr-technical-bulletin-2026-01.pdf',
    reference: 'Technical bulletin 2026-01',
    date: '2026-02-10',
    title: 'Technical bulletin 2026-01: youth classes',
    subtitle: 'Bulletin technique 2026-01 : catégories jeunesse · Issued February 10, 2026 by the rule committee · Effective from the May test day.',
    blocks: [
      { p: 'This bulletin puts into effect the youth class changes adopted by the annual general meeting of November 15, 2025 (resolution AGM-2025-06). It amends rules 3 and 7 of the rulebook and applies at every sanctioned motocross and quad event from May 9, 2026.' },
      { h: '1. New 50 cc Junior class' },
      { p: 'The 50 cc class is split in two. 50 cc Junior is for riders aged 4 to 6, on automatic 50 cc machines only, with a maximum wheel size of 10 inches. 50 cc Senior is for riders aged 7 and 8. A 6-year-old rider with a manual-clutch 50 cc may ride 50 cc Senior with the approval of the race director.' },
      { h: '2. Age counted on January 1' },
      { p: 'A rider’s youth class is now set by their age on January 1 of the season. A rider no longer changes class on their birthday during the season, and keeps the same class for the whole championship.' },
      { h: '3. Length of youth motos' },
      { table: { widths: [3, 3, 4], rows: [
        ['Class', 'Moto length', 'Practice'],
        ['50 cc Junior and Senior', '8 minutes + 1 lap', '2 × 8 minutes'],
        ['65 cc', '10 minutes + 1 lap', '2 × 10 minutes'],
        ['85 cc and Supermini', '12 minutes + 1 lap', '2 × 12 minutes'],
        ['Youth quad 70 and 90 cc', '10 minutes + 1 lap', '2 × 10 minutes'],
      ] } },
      { h: '4. Protective equipment' },
      { p: 'A chest protector is mandatory in every youth class, on motorcycles and on quads (it was already mandatory for quads). A neck brace is strongly recommended. Inspectors check the chest protector at technical inspection and may check it again at the start gate.' },
      { h: '5. Unchanged' },
      { p: 'The ages of the other youth classes do not change: 65 cc from 7 to 11, 85 cc from 9 to 15, Supermini from 12 to 16, youth quad 70 cc from 6 to 11 and 90 cc from 8 to 13. Youth classes always race separately from adult classes.' },
      { p: 'Questions: rule committee, info@fmqr.ca.', bold: true },
    ],
  },
  {
    file: 'fmqr-agm-minutes-2025.pdf',
    reference: 'AGM minutes 2025',
    date: '2025-11-15',
    title: 'Minutes of the 55th annual general meeting',
    subtitle: 'Procès-verbal de la 55e assemblée générale annuelle · Saturday, November 15, 2025, 1:00 p.m., Saint-Jérôme (Quebec)',
    blocks: [
      { p: 'Present: 36 of the 43 affiliated clubs and promoters, represented by their delegates; seven directors; the executive director; 58 observers (riders, parents and officials). The quorum (a majority of the affiliated clubs) is reached.' },
      { h: '1. Opening and agenda' },
      { p: 'The president opens the meeting at 1:05 p.m. and welcomes the delegates. The agenda, sent to the clubs on October 24, is adopted unanimously (AGM-2025-01).' },
      { h: '2. Minutes of the 2024 meeting' },
      { p: 'The minutes of the annual general meeting of November 16, 2024 are adopted without change (AGM-2025-02).' },
      { h: '3. President’s report' },
      { p: 'The 2025 season counted 61 sanctioned race days and 2,764 licensed riders (up 6%), 38% of them under 18. Two race days were cancelled for rain. The president thanks the volunteers, the land owners and the sponsors, and notes that no serious injury was reported this season.' },
      { h: '4. Financial statements' },
      { p: 'The treasurer presents the audited financial statements for the year ended September 30, 2025: revenue $612,400, expenses $589,900, surplus $22,500, transferred to the timing equipment reserve. The statements are adopted (AGM-2025-03) and the firm Lavigne & Associés is appointed auditor for 2026 (AGM-2025-04).' },
      { h: '5. Fees for 2026' },
      { p: 'Adopted (AGM-2025-05), 33 in favour, 3 against: annual licence $165 adult and $95 youth (under 16 on January 1), one-day licence $35, sanction fee $250 per race day. The fees of 2025 were $160, $90 and $35.' },
      { h: '6. Rule proposals' },
      { ul: [
        'Youth classes (new 50 cc Junior class, age counted on January 1, shorter youth motos, chest protector in every youth class): adopted, 29 in favour, 5 against, 2 abstentions (AGM-2025-06). The rule committee will publish a technical bulletin.',
        'Raising the sound limit to 115 dB(A): rejected, 8 in favour, 28 against.',
      ] },
      { h: '7. Online registration' },
      { p: 'The executive director presents the online licence and registration project: rider accounts, minors registered by their parent or guardian, waivers signed online. The meeting approves its launch for the 2026 season (AGM-2025-07).' },
      { h: '8. Election of directors' },
      { p: 'Three seats were up for election. Elected by acclamation for two years: Nathalie Desrosiers (Club de motocross des Pins), Greg Holloway (Valley Ridge MX) and Yves Beaudoin (Club quad Lanaudière).' },
      { h: '9. Adjournment' },
      { p: 'The meeting is adjourned at 4:40 p.m. The awards banquet follows at 6:30 p.m.' },
      { sign: ['President', 'Secretary'] },
    ],
  },
  {
    file: 'fmqr-privacy-policy.pdf',
    reference: 'Privacy policy',
    date: '2025-09-01',
    title: 'Privacy policy',
    subtitle: 'Politique de confidentialité · In force from September 1, 2025',
    blocks: [
      { p: 'The Federation of Off-Road Motorcycle and Quad Racing (FMQR) protects the personal information of its members, riders, parents and spectators in accordance with Quebec’s Act respecting the protection of personal information in the private sector and Canada’s Personal Information Protection and Electronic Documents Act (PIPEDA).' },
      { h: '1. Person in charge' },
      { p: 'The executive director is responsible for the protection of personal information. Contact: privacy officer, FMQR, 1505, rue des Pionniers, Saint-Jérôme (Québec) J7Y 3K9, info@fmqr.ca, 450 555-0171.' },
      { h: '2. What we collect' },
      { ul: [
        'Riders: name, date of birth, gender, address, phone number, email, emergency contact, licence and race numbers, class, transponder number and results.',
        'Minors: the same, and the name and relationship of the parent or guardian who registers them and signs their consent.',
        'Spectators: name, date of birth, email, the ticket bought, the signed waiver and the photo taken when signing it.',
        'Payments are processed by our payment provider; we never store your card number.',
      ] },
      { h: '3. Why we use it' },
      { p: 'To issue licences and insurance, register riders for events, check waivers at the gate, publish results, run the championships and contact you about your registrations. We never sell personal information.' },
      { h: '4. What is public' },
      { p: 'Race results (name, race number, class, city, lap times and points) are public by nature and are published on this website and at events.' },
      { h: '5. How long we keep it' },
      { table: { widths: [5, 3], rows: [
        ['Information', 'Kept for'],
        ['Licence and insurance records', '7 years'],
        ['Event registrations and waivers', '3 years'],
        ['Spectator tickets and waiver photos', '1 year'],
        ['Results', 'Indefinitely (history of the sport)'],
      ] } },
      { h: '6. Your rights' },
      { p: 'You may access your personal information, have it corrected, ask us to delete it or withdraw your consent to non-essential communications by writing to the privacy officer. We answer within 30 days. You may also file a complaint with the Commission d’accès à l’information du Québec or the Office of the Privacy Commissioner of Canada.' },
      { h: '7. Security incidents' },
      { p: 'A confidentiality incident that presents a risk of serious injury is reported to the persons concerned and to the competent authority, and is entered in our incident register.' },
    ],
  },
  {
    file: 'fmqr-event-sanctioning-request.pdf',
    reference: 'Form FMQR-F05 (2026 season)',
    date: '2025-12-01',
    title: 'Event sanctioning request form — 2026 season',
    subtitle: 'Demande de sanction d’épreuve · Form FMQR-F05 · Deadline: January 31, 2026',
    blocks: [
      { p: 'For affiliated clubs and promoters. Send one form per event to info@fmqr.ca with the attachments listed below. The sanction fee is $250 per race day, payable when the sanction is granted. The calendar committee publishes the 2026 calendar in March.' },
      { h: '1. Organiser' },
      { fields: [['Club or promoter', 4], ['FMQR affiliation number', 2]] },
      { fields: [['Person in charge', 3], ['Phone', 2], ['Email', 3]] },
      { h: '2. Event' },
      { fields: [['Name of the event', 4], ['Requested date(s)', 2], ['Alternative date(s)', 2]] },
      { box: 'Motocross' },
      { box: 'Enduro' },
      { box: 'Hare scramble' },
      { box: 'Quad cross-country' },
      { fields: [['Venue name', 3], ['Address, municipality', 5]] },
      { fields: [['Expected number of riders', 2], ['Classes offered', 6]] },
      { h: '3. Safety and officials' },
      { fields: [['Race director (certified)', 3], ['First-aid provider', 3], ['Ambulance on site (yes/no)', 2]] },
      { fields: [['Number of flaggers', 2], ['Timing: FMQR or own (specify)', 6]] },
      { h: '4. Attachments' },
      { box: 'Map of the track or trail, with the pits, spectator areas, first-aid station and emergency access.' },
      { box: 'Written permission of the land owner for the dates requested.' },
      { box: 'Municipal permit or letter from the municipality, where required.' },
      { box: 'Proof of the organiser’s liability insurance (the FMQR policy may be extended on request).' },
      { h: '5. Undertaking' },
      { p: 'The organiser undertakes to run the event under the FMQR rulebook and code of conduct, to have a certified race director and a first-aid team on site at all times, to check every rider’s licence and every minor’s signed consent, and to send the complete results to the federation within 48 hours.' },
      { sign: ['Signature of the person in charge', 'Date'] },
    ],
  },
];

mkdirSync(OUT, { recursive: true });
for (const doc of documents) {
  const pdf = buildPdf(doc);
  writeFileSync(join(OUT, doc.file), pdf);
  console.log(`${doc.file}: ${pdf.length} bytes`);
}
