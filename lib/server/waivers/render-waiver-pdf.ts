/**
 * A waiver as a PDF (issue 27 "a PDF of it with an audit page, emailed to the signatory"): US
 * Letter, portrait, in the DejaVu Sans Condensed the receipts embed (every text through
 * `pdfSafe`), in the language it was signed in:
 *
 * - the federation's logo and name (the receipt's brand), the text's title, the event, who it
 *   covers, who signed and as what, its state (a rejected document says so);
 * - the text exactly as signed, paragraph by paragraph (a Markdown heading or list marker drawn
 *   as plain text);
 * - the consents, the signature image and, beside it, the minor's own signature when the
 *   federation asks for one, the selfie when there is one, the day signed, and for a signature
 *   taken at sign-on the official it was signed before;
 * - an audit page: document id, state, text version (SHA-256), image hashes (the minor's
 *   signature's too), the witness at sign-on, time in UTC and in the federation's time zone, IP
 *   address, user agent, language, kept until;
 * - "Page N of M" on every page.
 */
import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { createTranslator } from 'next-intl';
import { PDFDocument, grayscale, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { FEDERATION_TIME_ZONE, type Locale } from '../../config';
import { formatDate, formatDateTime } from '../../format';
import { loadMessages } from '../../i18n/messages';
import type { ReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import { wrapText } from '../checkout/receipts/render-receipt-pdf';
import { pdfSafe } from '../print/render-pdf';

/** What a waiver PDF prints (a `waiver_documents` row with its event's name). */
export interface WaiverPdfModel {
  id: string;
  eventName: string;
  coveredName: string;
  signatoryName: string;
  signatoryRole: string;
  state: 'signed' | 'rejected';
  textVersion: string;
  textTitle: string;
  textBody: string;
  locale: Locale;
  signedAt: Date;
  ip: string;
  userAgent: string;
  signaturePng: Uint8Array | null;
  signatureSha256: string | null;
  selfieJpeg: Uint8Array | null;
  selfieSha256: string | null;
  /** The minor's own signature beside the guardian's, when the federation asks for it. */
  minorSignaturePng?: Uint8Array | null;
  minorSignatureSha256?: string | null;
  /** The official before whom it was signed in person at sign-on (their name), else null. */
  witnessName?: string | null;
  keepUntil: string;
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 48;
const LOGO = 36;
const BLACK = grayscale(0);
const GRAY = grayscale(0.35);

type Translate = (key: string, values?: Record<string, string | number>) => string;

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

/** A body line without its Markdown marks: `## Title` → `Title` (bold), `- item` / `* item` → `• item`, `**x**` → `x`. */
function plainLine(line: string): { text: string; heading: boolean } {
  const heading = /^\s{0,3}#{1,6}\s+/.test(line);
  const text = line
    .replace(/^\s{0,3}#{1,6}\s+/, '')
    .replace(/^\s*[-*+]\s+/, '• ')
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, '$1$2');
  return { text, heading };
}

/** The PDF of waiver `model` (see the module's docstring); `brand` the issuer (name, logo). Returns the file's bytes. */
export async function renderWaiverPdf(model: WaiverPdfModel, brand: ReceiptBrand): Promise<Uint8Array> {
  const messages = await loadMessages(model.locale);
  const t = createTranslator({ locale: model.locale, messages, namespace: 'waivers.pdf' }) as unknown as Translate;
  const siteName = brand.name ?? (createTranslator({ locale: model.locale, messages, namespace: 'meta' }) as unknown as Translate)('siteName');
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const files = fonts();
  const regular = await doc.embedFont(files.regular, { subset: true });
  const bold = await doc.embedFont(files.bold, { subset: true });
  const embed = async (bytes: Uint8Array | null, jpeg: boolean): Promise<PDFImage | null> => (bytes ? await (jpeg ? doc.embedJpg(bytes) : doc.embedPng(bytes)).catch(() => null) : null);
  const logo = brand.logoBytes ? await embed(brand.logoBytes, brand.logoBytes[0] === 0xff) : null;
  const signature = await embed(model.signaturePng, false);
  const selfie = await embed(model.selfieJpeg, true);
  const minorSignature = await embed(model.minorSignaturePng ?? null, false);
  doc.setTitle(pdfSafe(t('documentTitle', { id: model.id })));
  doc.setAuthor(pdfSafe(siteName));
  doc.setCreationDate(model.signedAt);
  doc.setModificationDate(model.signedAt);

  const [width, height] = PAGE;
  const content = width - 2 * MARGIN;
  const bottom = MARGIN + 24;
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(PAGE);
    y = height - MARGIN;
  };
  const room = (h: number) => {
    if (y - h < bottom) newPage();
  };
  /** Draws `text` wrapped to the content width, `lead` points per line. */
  const paragraph = (text: string, size: number, font: PDFFont = regular, lead = size * 1.35, color = BLACK, x = MARGIN, w = content) => {
    for (const line of wrapText(text, font, size, w)) {
      room(lead);
      y -= lead;
      page.drawText(line, { x, y, size, font, color });
    }
  };

  // ---- Head ----
  newPage();
  const top = y;
  if (logo) page.drawImage(logo, { x: MARGIN, y: top - LOGO, width: LOGO, height: LOGO });
  const nameX = MARGIN + (logo ? LOGO + 10 : 0);
  y = top - 4;
  paragraph(siteName, 11, bold, 14, BLACK, nameX, content - (nameX - MARGIN));
  y = Math.min(y, top - LOGO) - 14;
  paragraph(model.textTitle, 15, bold, 19);
  y -= 4;
  paragraph(t('event', { event: model.eventName }), 10);
  paragraph(t('covers', { name: model.coveredName }), 10);
  const role = ['self', 'guardian', 'minor'].includes(model.signatoryRole) ? t(`roles.${model.signatoryRole}`) : model.signatoryRole;
  paragraph(t('signedBy', { name: model.signatoryName, role }), 10);
  paragraph(t(`states.${model.state}`), 10, bold);
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.6, color: BLACK });
  y -= 6;

  // ---- The text as signed ----
  for (const block of model.textBody.split(/\n\s*\n/)) {
    for (const raw of block.split('\n')) {
      const { text, heading } = plainLine(raw);
      if (text.trim()) paragraph(text, heading ? 10.5 : 9.5, heading ? bold : regular);
    }
    y -= 6;
  }

  // ---- Consents, signature, selfie ----
  y -= 4;
  paragraph(t('consents'), 9, regular, 12, GRAY);
  const imageBlock = (label: string, image: PDFImage | null, maxW: number, maxH: number) => {
    if (!image) return;
    const scale = Math.min(maxW / image.width, maxH / image.height, 1);
    const w = image.width * scale;
    const h = image.height * scale;
    room(h + 30);
    y -= 18;
    page.drawText(pdfSafe(label), { x: MARGIN, y, size: 10, font: bold });
    y -= h + 6;
    page.drawImage(image, { x: MARGIN, y, width: w, height: h });
    page.drawLine({ start: { x: MARGIN, y: y - 2 }, end: { x: MARGIN + Math.max(w, 180), y: y - 2 }, thickness: 0.5, color: GRAY });
  };
  if (signature && minorSignature) {
    // The guardian's and the minor's signatures side by side, each in half the width.
    const half = (content - 16) / 2;
    const fit = (image: PDFImage) => Math.min(half / image.width, 90 / image.height, 1);
    const h = Math.max(signature.height * fit(signature), minorSignature.height * fit(minorSignature));
    room(h + 30);
    y -= 18;
    const labelY = y;
    y -= h + 6;
    const pads: { label: string; image: PDFImage; x: number }[] = [
      { label: t('signature'), image: signature, x: MARGIN },
      { label: t('minorSignature', { name: model.coveredName }), image: minorSignature, x: MARGIN + half + 16 },
    ];
    for (const { label, image, x } of pads) {
      const scale = fit(image);
      page.drawText(pdfSafe(label), { x, y: labelY, size: 10, font: bold });
      page.drawImage(image, { x, y, width: image.width * scale, height: image.height * scale });
      page.drawLine({ start: { x, y: y - 2 }, end: { x: x + Math.min(half, Math.max(image.width * scale, 180)), y: y - 2 }, thickness: 0.5, color: GRAY });
    }
  } else {
    imageBlock(t('signature'), signature, 260, 90);
    imageBlock(t('minorSignature', { name: model.coveredName }), minorSignature, 260, 90);
  }
  imageBlock(t('selfie'), selfie, 160, 160);
  y -= 8;
  paragraph(t('signedOn', { date: formatDateTime(model.signedAt, model.locale) }), 9.5);
  if (model.witnessName) paragraph(t('witness', { name: model.witnessName }), 9.5);

  // ---- Audit page ----
  newPage();
  paragraph(t('auditTitle'), 15, bold, 19);
  y -= 4;
  paragraph(t('auditIntro'), 9, regular, 12, GRAY);
  y -= 8;
  const utc = `${model.signedAt.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '')} UTC`;
  const rows: [string, string][] = [
    [t('documentId'), model.id],
    [t('state'), t(`states.${model.state}`)],
    [t('textVersion'), model.textVersion],
    [t('signatureHash'), model.signatureSha256 ?? t('none')],
    [t('selfieHash'), model.selfieSha256 ?? t('none')],
    ...(model.minorSignatureSha256 ? [[t('minorSignatureHash'), model.minorSignatureSha256] as [string, string]] : []),
    ...(model.witnessName ? [[t('witnessRow'), t('witness', { name: model.witnessName })] as [string, string]] : []),
    [t('timeUtc'), utc],
    [t('timeLocal'), `${formatDateTime(model.signedAt, model.locale)} (${FEDERATION_TIME_ZONE})`],
    [t('ip'), model.ip],
    [t('userAgent'), model.userAgent],
    [t('language'), `${messages.languages[model.locale]} (${model.locale})`],
    [t('keepUntil'), formatDate(model.keepUntil, model.locale)],
  ];
  const labelW = 170;
  for (const [label, value] of rows) {
    const labelLines = wrapText(label, bold, 9, labelW - 8);
    // A long word (a user agent's) is broken every 64 characters so it wraps; a SHA-256 stays whole.
    const valueLines = wrapText(value.replace(/(\S{64})(?=\S)/g, '$1 '), regular, 9, content - labelW);
    const lines = Math.max(labelLines.length, valueLines.length);
    room(lines * 12 + 6);
    const rowTop = y;
    labelLines.forEach((line, i) => page.drawText(line, { x: MARGIN, y: rowTop - 12 * (i + 1), size: 9, font: bold }));
    valueLines.forEach((line, i) => page.drawText(line, { x: MARGIN + labelW, y: rowTop - 12 * (i + 1), size: 9, font: regular }));
    y = rowTop - lines * 12 - 6;
  }

  // ---- Page numbers ----
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const text = pdfSafe(`${t('page', { page: i + 1, pages: pages.length })} · ${model.id}`);
    p.drawText(text, { x: MARGIN, y: MARGIN - 10, size: 7.5, font: regular, color: GRAY });
  });
  return doc.save();
}
