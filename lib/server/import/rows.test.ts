/**
 * The row builders shared by the importers and the live feed: text without control characters
 * (PostgreSQL refuses a NUL in a text value: one in a name made every write of its race fail).
 */
import { describe, expect, it } from 'vitest';
import { cleanText, entryRow, participantRow } from './rows';
import { blankResult, type ImportedEntry } from './types';

const entry = (over: Partial<ImportedEntry>): ImportedEntry => ({
  key: '1',
  raceNumber: '1',
  firstName: 'Ann',
  lastName: 'Able',
  className: null,
  brand: null,
  teamKey: null,
  transponder: null,
  city: null,
  state: null,
  country: null,
  result: blankResult('finished'),
  sectionTimes: [],
  gridPosition: null,
  gridLabel: null,
  ...over,
});

describe('row builders', () => {
  it('drop control characters (not the tab) from text, keep null', () => {
    expect(cleanText('Bo\u0000b\u0007\u007f')).toBe('Bob');
    expect(cleanText('a\tb')).toBe('a\tb');
    expect(cleanText(null)).toBeNull();
  });

  it('write participants and entries without control characters', () => {
    const e = entry({ firstName: 'Zo\u0000ë', lastName: '\u0001Émond', city: 'Mont\u0000réal', raceNumber: '1\u00002', brand: 'K\u0000TM', teamKey: 'Team\u0000 A', transponder: '10\u000001' });
    expect(participantRow(e)).toEqual({ firstName: 'Zoë', lastName: 'Émond', city: 'Montréal', state: null, country: null });
    expect(entryRow(e, { raceId: 1, participantId: 2, classIds: new Map(), teamIds: new Map() })).toMatchObject({ raceNumber: '12', brand: 'KTM', teamName: 'Team A', transponder: '1001' });
  });
});
