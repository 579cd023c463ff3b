/**
 * A receipt as a PDF (issue 26 "Receipts as a PDF and an email … in the buyer's language"; "tax …
 * shown per line and on the receipt with the federation's tax numbers from the CMS"): US Letter,
 * portrait, drawn with pdf-lib in the DejaVu Sans Condensed the print sheets embed (subset, so
 * "Léo Żółć" prints as written; every text goes through `pdfSafe`):
 *
 * - the federation's logo and name (get-receipt-brand.ts), "Receipt R-000123", the day paid and
 *   the order's public id;
 * - the buyer's name and email;
 * - one row per line: description, quantity, unit price, discount, the line's taxes (one per
 *   code), amount;
 * - subtotal, discount (with the promo code), each tax by code with its rate, total, paid (card
 *   or at the office), refunded (each refund with its day and why) when any;
 * - the federation's tax registration numbers that are set.
 * Money with `formatCents`, days in the federation's time zone, all in the order's language.
 */
import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, grayscale, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { pdfSafe } from '../../print/render-pdf';
import type { ReceiptBrand } from './get-receipt-brand';
import type { ReceiptModel } from './load-receipt';
import { receiptTexts } from './receipt-texts';

/** US Letter in points, and the margin. */
const PAGE: [number, number] = [612, 792];
const MARGIN = 40;
const LOGO = 40;
const BLACK = grayscale(0);
const GRAY = grayscale(0.35);
const FILL = grayscale(0.9);

let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;

/** The DejaVu Sans Condensed files (node_modules/dejavu-fonts-ttf), read once. */
function fonts(): { regular: Uint8Array; bold: Uint8Array } {
  if (!fontBytes) {
    const dir = path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
    fontBytes = {
      regular: new Uint8Array(readFileSync(path.join(dir, 'DejaVuSansCondensed.ttf'))),
      bold: new Uint8Array(readFileSync(path.join(dir, 'DejaVuSansCondensed-Bold.ttf'))),
    };
  }
  return fontBytes;
}

/** `text` cut with "…" to `width` points (already pdfSafe). */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length && font.widthOfTextAtSize(chars.join('').trimEnd() + '…', size) > width) chars.pop();
  return chars.length ? chars.join('').trimEnd() + '…' : '';
}

/** `text` broken into lines of at most `width` points at word boundaries (a word too long is cut). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of pdfSafe(text).split(' ').filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = fit(word, font, size, width);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** What drawing a receipt needs besides its facts: the issuer (name, logo, tax numbers). */
export interface ReceiptPdfOptions {
  brand: ReceiptBrand;
}

/**
 * The PDF of receipt `model` (see the module's docstring), in `model.locale`. Returns the file's
 * bytes. Never throws on any name or description (texts go through `pdfSafe`).
 */
export async function renderReceiptPdf(model: ReceiptModel, options: ReceiptPdfOptions): Promise<Uint8Array> {
  const x = await receiptTexts(model.locale);
  const { t } = x;
  const siteName = options.brand.name ?? x.siteName;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const files = fonts();
  const regular = await doc.embedFont(files.regular, { subset: true });
  const bold = await doc.embedFont(files.bold, { subset: true });
  const logoBytes = options.brand.logoBytes;
  const logo: PDFImage | null = logoBytes ? await (logoBytes[0] === 0xff ? doc.embedJpg(logoBytes) : doc.embedPng(logoBytes)).catch(() => null) : null;
  doc.setTitle(pdfSafe(t('title', { number: model.number })));
  doc.setAuthor(pdfSafe(siteName));
  doc.setCreationDate(model.issuedAt);
  doc.setModificationDate(model.issuedAt);

  const [width, height] = PAGE;
  const right = width - MARGIN;
  const content = right - MARGIN;
  const bottom = MARGIN + 20;
  let page!: PDFPage;
  let y = 0;

  const draw = (text: string, at: number, size: number, font: PDFFont = regular, room = content, align: 'left' | 'right' = 'left', color = BLACK) => {
    const safe = fit(pdfSafe(text), font, size, room);
    if (!safe) return;
    const w = font.widthOfTextAtSize(safe, size);
    page.drawText(safe, { x: align === 'right' ? at + room - w : at, y, size, font, color });
  };
  const newPage = () => {
    page = doc.addPage(PAGE);
    y = height - MARGIN;
  };
  /** Starts a new page when `h` points do not fit any more. */
  const room = (h: number) => {
    if (y - h < bottom) newPage();
  };

  // ---- Head: logo and federation, receipt number, day paid, order ----
  newPage();
  const top = y;
  if (logo) page.drawImage(logo, { x: MARGIN, y: top - LOGO, width: LOGO, height: LOGO });
  const nameX = MARGIN + (logo ? LOGO + 10 : 0);
  // The federation's name on up to three lines beside the logo (a long name wraps, never cut mid-name).
  const nameWidth = content / 2 - (nameX - MARGIN);
  const nameLines = wrapText(siteName, bold, 12, nameWidth).slice(0, 3);
  nameLines.forEach((line, i) => {
    y = top - 14 - i * 14;
    draw(line, nameX, 12, bold, nameWidth);
  });
  y = top - 16;
  draw(t('title', { number: model.number }), MARGIN + content / 2, 16, bold, content / 2, 'right');
  y = top - 32;
  draw(t('datePaid', { date: x.day(model.paidAt) }), MARGIN + content / 2, 9.5, regular, content / 2, 'right');
  y = top - 46;
  draw(t('order', { id: model.order.publicId }), MARGIN + content / 2 - 40, 8.5, regular, content / 2 + 40, 'right', GRAY);
  y = top - 58;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.8, color: BLACK });

  // ---- Buyer ----
  y -= 18;
  draw(t('billedTo'), MARGIN, 10, bold);
  y -= 14;
  if (model.buyer.name) {
    draw(model.buyer.name, MARGIN, 10);
    y -= 13;
  }
  if (model.buyer.email) {
    draw(model.buyer.email, MARGIN, 10);
    y -= 13;
  }
  y -= 12;

  // ---- Lines ----
  const SIZE = 9;
  const LINE = 12;
  const widths = { quantity: 34, unitPrice: 74, discount: 66, taxes: 118, amount: 74 };
  const descriptionW = content - Object.values(widths).reduce((a, b) => a + b, 0);
  const cols = [
    { key: 'description', w: descriptionW, align: 'left' as const },
    { key: 'quantity', w: widths.quantity, align: 'right' as const },
    { key: 'unitPrice', w: widths.unitPrice, align: 'right' as const },
    { key: 'discount', w: widths.discount, align: 'right' as const },
    { key: 'taxes', w: widths.taxes, align: 'right' as const },
    { key: 'amount', w: widths.amount, align: 'right' as const },
  ];
  const PAD = 4;
  const heads = () => {
    room(LINE + 8 + LINE);
    page.drawRectangle({ x: MARGIN, y: y - LINE - 4, width: content, height: LINE + 6, color: FILL });
    y -= LINE;
    let cx = MARGIN;
    for (const c of cols) {
      draw(t(`columns.${c.key}`), cx + PAD, SIZE, bold, c.w - 2 * PAD, c.align);
      cx += c.w;
    }
    y -= 8;
  };
  heads();
  for (const line of model.lines) {
    const taxLines = line.taxes.filter((tax) => tax.cents > 0).map((tax) => `${x.taxName(tax.code)} ${x.money(tax.cents)}`);
    const description = wrapText(line.description, regular, SIZE, descriptionW - 2 * PAD).slice(0, 3);
    const rows = Math.max(1, taxLines.length, description.length);
    if (y - rows * LINE - 6 < bottom) {
      newPage();
      heads();
    }
    y -= LINE - 2;
    const cells: Record<string, string[]> = {
      description,
      quantity: [String(line.quantity)],
      unitPrice: [x.money(line.unitCents)],
      discount: [line.discountCents ? `−${x.money(line.discountCents)}` : '—'],
      taxes: taxLines.length ? taxLines : ['—'],
      amount: [x.money(line.totalCents)],
    };
    const rowTop = y;
    let cx = MARGIN;
    for (const c of cols) {
      y = rowTop;
      for (const text of cells[c.key]!) {
        draw(text, cx + PAD, SIZE, regular, c.w - 2 * PAD, c.align);
        y -= LINE;
      }
      cx += c.w;
    }
    y = rowTop - (rows - 1) * LINE - 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.4, color: GRAY });
  }

  // ---- Totals ----
  const labelX = right - 260;
  const total = (label: string, amount: string, font: PDFFont = regular, size = 10) => {
    room(15);
    y -= 15;
    draw(label, labelX, size, font, 170);
    draw(amount, right - 90, size, font, 90, 'right');
  };
  y -= 6;
  const o = model.order;
  total(t('subtotal'), x.money(o.subtotalCents));
  if (o.discountCents > 0) total(o.promoCode ? t('promo', { code: o.promoCode }) : t('discount'), `−${x.money(o.discountCents)}`);
  for (const tax of o.taxes) total(x.taxLabel(tax), x.money(tax.cents));
  room(20);
  y -= 5;
  page.drawLine({ start: { x: labelX, y }, end: { x: right, y }, thickness: 0.8, color: BLACK });
  total(t('total'), x.money(o.totalCents), bold, 11);
  total(t('paid', { provider: t(`providers.${model.paidBy}`) }), x.money(model.paidCents));
  if (model.refundedCents > 0) {
    total(t('refunded'), `−${x.money(model.refundedCents)}`, bold);
    for (const refund of model.refunds) {
      for (const text of wrapText(`${x.money(refund.cents)} · ${t('refundedLine', { date: x.day(refund.at), reason: x.refundReason(refund.why) })}`, regular, 8.5, right - labelX)) {
        room(11);
        y -= 11;
        draw(text, labelX, 8.5, regular, right - labelX, 'left', GRAY);
      }
    }
  }

  // ---- Tax numbers, thanks ----
  const numbers = (['GST', 'QST', 'HST'] as const).filter((code) => options.brand.taxNumbers[code]);
  y -= 16;
  if (numbers.length) {
    room(14 + 12 * numbers.length);
    y -= 12;
    draw(t('taxNumbers'), MARGIN, 9, bold);
    for (const code of numbers) {
      y -= 12;
      draw(t('taxNumber', { name: x.taxName(code), number: options.brand.taxNumbers[code]! }), MARGIN, 9);
    }
  }
  room(24);
  y -= 22;
  draw(t('thanks'), MARGIN, 9, regular, content, 'left', GRAY);

  return doc.save();
}
