/**
 * Excel workbooks as results spreadsheets (issue 24: "CSV, and XLSX through a kept library"): the
 * Las Vegas LCQ saved as .xlsx (data/fixtures/sheet, numbers, number-formatted intervals and
 * best laps stored as Excel durations) reads as the same rows as its CSV; what is not a workbook
 * or has no rows is refused by line and field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseResultsFile } from '../import/parse';
import { FIXTURES_DIR, readFixture } from './test-helpers';
import { isXlsx, resultsFileText, xlsxToCsv } from './xlsx';
import { ImportError } from '../import/types';

const XLSX = readFileSync(FIXTURES_DIR + 'sheet/2017-las-vegas-450sx-lcq-results.xlsx');
const CSV = readFixture('sheet/2017-las-vegas-450sx-lcq-results.csv');

async function refusal(promise: Promise<unknown>): Promise<ImportError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportError);
  return err as ImportError;
}

describe('isXlsx', () => {
  it('knows a workbook by its ZIP bytes and its name or its workbook part', () => {
    expect(isXlsx('lcq.xlsx', XLSX)).toBe(true);
    expect(isXlsx('upload.bin', XLSX)).toBe(true);
    expect(isXlsx('LCQ.XLSX', XLSX)).toBe(true);
    expect(isXlsx('lcq.xlsx', Buffer.from(CSV))).toBe(false);
    const otherZip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64)]);
    expect(isXlsx('archive.zip', otherZip)).toBe(false);
    expect(isXlsx('results.xlsx', otherZip)).toBe(true);
  });
});

describe('xlsxToCsv: the LCQ workbook', () => {
  it('converts the first sheet to the CSV the fixture holds (numbers as stored, durations as times)', async () => {
    const text = await xlsxToCsv(XLSX);
    expect(text).toBe(CSV.replace(/\r\n/g, '\n'));
    expect(text).not.toContain('About');
  });

  it('imports the same rows as the CSV', async () => {
    const fromXlsx = parseResultsFile('2017-las-vegas-450sx-lcq-results.xlsx', await resultsFileText('2017-las-vegas-450sx-lcq-results.xlsx', XLSX));
    const fromCsv = parseResultsFile('2017-las-vegas-450sx-lcq-results.csv', CSV);
    expect(fromXlsx.source).toBe('sheet-csv');
    expect(fromXlsx.races[0]!.entries).toHaveLength(22);
    expect(fromXlsx.races[0]!.entries).toEqual(fromCsv.races[0]!.entries);
    expect(fromXlsx.races[0]!.columns).toEqual(fromCsv.races[0]!.columns);
    expect(fromXlsx.races[0]!.entries[1]!.result).toMatchObject({ position: 2, gapMs: 1854, bestLapMs: 65215, laps: 19 });
  });
});

describe('xlsxToCsv: refusals', () => {
  it('refuses a workbook whose first sheet has no rows', async () => {
    const err = await refusal(xlsxToCsv(readFileSync(FIXTURES_DIR + 'sheet/empty.xlsx')));
    expect({ line: err.line, field: err.field }).toEqual({ line: 1, field: 'sheet' });
    expect(err.detail).toMatch(/no rows/);
  });

  it('refuses a cut or foreign archive, and an Excel 97–2003 file, without crashing', async () => {
    expect((await refusal(xlsxToCsv(XLSX.subarray(0, 3000)))).field).toBe('sheet');
    expect((await refusal(xlsxToCsv(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)])))).field).toBe('sheet');
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const err = await refusal(resultsFileText('old.xls', xls));
    expect({ line: err.line, field: err.field }).toEqual({ line: 1, field: 'format' });
    expect(err.detail).toMatch(/\.xls/);
  });
});

describe('resultsFileText', () => {
  it('reads any other file as UTF-8 text, its BOM kept', async () => {
    const bytes = Buffer.from('\uFEFFPOS.,#,RIDER\n1,21,Jason Anderson\n', 'utf8');
    expect(await resultsFileText('lcq.csv', bytes)).toBe('\uFEFFPOS.,#,RIDER\n1,21,Jason Anderson\n');
  });
});
