/**
 * Printing for officials (spec §2 print routes, §5 Race printing, §7 livelaps/race/print/{id},
 * livelaps/race/print-team/{id}). One use case per file.
 */
export { buildPrintSheet, printableWidthPt, sectionWidthPt, sheetOrientation, type PrintOptions, type PrintSection, type PrintSheet } from './build-print-sheet';
export { getPrintSheet, getPrintSheets, isOfficial, type PrintPart } from './get-print-sheets';
export { getPrintBrand, logoImage, type PrintBrand } from './get-print-brand';
export { listPrintChoices, PRINT_EVENT_LIMIT, type PrintChoices, type PrintEventChoice, type PrintRaceChoice } from './list-print-choices';
export { PRINT_QUEUE, PRINT_RETRY_AFTER_S, PRINT_SLOTS, withPrintSlot } from './print-slots';
export { pdfSafe, renderPrintPdf, layoutColumns, TABLE_FONT_SIZES, type ColumnLayout, type PdfOptions } from './render-pdf';
