import { describe, expect, it } from 'vitest';
import { detectFormat, parseResultsFile } from './parse';
import { expectRefused, readReal } from '../timing/test-helpers';

const FILES = {
  orbits: 'rmonitor/orbits-mock-session.txt',
  alms: 'rmonitor/2009-sebring-alms-session-4.txt',
  lites: 'rmonitor/2009-sebring-alms-session-4-lites.txt',
  enduro: 'enduro/2026-ecea-pine-hill-team-enduro.csv',
  sx: 'supercross/2017-las-vegas-450sx-main-live-timing.json',
} as const;

describe('detectFormat', () => {
  it('recognises every real file', () => {
    expect(detectFormat(FILES.orbits, readReal(FILES.orbits))).toBe('rmonitor');
    expect(detectFormat(FILES.alms, readReal(FILES.alms))).toBe('rmonitor');
    expect(detectFormat(FILES.lites, readReal(FILES.lites))).toBe('rmonitor');
    expect(detectFormat(FILES.enduro, readReal(FILES.enduro))).toBe('ecea-csv');
    expect(detectFormat(FILES.sx, readReal(FILES.sx))).toBe('ama-json');
  });

  it('trusts the content over a misleading file name', () => {
    expect(detectFormat('results.csv', readReal(FILES.orbits))).toBe('rmonitor');
    expect(detectFormat('results.txt', readReal(FILES.sx))).toBe('ama-json');
    expect(detectFormat('export', readReal(FILES.enduro))).toBe('ecea-csv');
  });

  it('uses the extension when the content is too damaged to tell', () => {
    expect(detectFormat('team.csv', 'garbage,,,\n')).toBe('ecea-csv');
    expect(detectFormat('live.json', 'not json')).toBe('ama-json');
  });

  it('refuses an unrecognisable file at line 1, field "format"', () => {
    const err = expectRefused(() => detectFormat('notes.txt', 'Dear race director,\nsee attached.\n'), 1, 'format');
    expect(err.detail).toBe('not an RMonitor capture, ECEA team-enduro CSV, AMA live-timing JSON or results spreadsheet (CSV with a position and a rider column)');
    expectRefused(() => parseResultsFile('photo.png', '\u0089PNG\r\n'), 1, 'format');
  });
});

describe('parseResultsFile', () => {
  it('dispatches each real file to its importer', () => {
    const summary = Object.values(FILES).map((file) => {
      const event = parseResultsFile(file, readReal(file));
      return [event.source, event.name, event.races.length, event.races[0].entries.length];
    });
    expect(summary).toEqual([
      ['rmonitor', 'Test Race', 1, 6],
      ['rmonitor', 'Test Session 4', 1, 11],
      ['rmonitor', 'Test Session 4', 1, 15],
      ['ecea-csv', 'Pine Hill Enduro', 1, 100],
      ['ama-json', 'Monster Energy Supercross from Las Vegas, NV', 1, 22],
    ]);
  });

  it('passes the importer errors through', () => {
    expectRefused(() => parseResultsFile('team.csv', 'a,b\nc,d\ne,f\ng,h\n'), 2, 'Round');
    const sx = readReal(FILES.sx);
    expectRefused(() => parseResultsFile('live.json', sx.slice(0, 100)), sx.slice(0, 100).split('\n').length, 'JSON');
    expectRefused(() => parseResultsFile('capture.txt', '$B,1,"Heat"\n$J,"7","00:00:00.000","0x:00:01.000"\n'), 2, '$J.totalTime');
  });
});
