/**
 * Rider keys (./riders.ts; issue 9 "by licence or member number when known, else by name and
 * race number within a class"): the pure key functions.
 */
import { describe, expect, it } from 'vitest';
import { adoptKnownKeys, handKey, nameKey, splitKey, normaliseLicence, normaliseName, participantKey, riderKey, type RiderFacts } from './riders';

const rider = (facts: Partial<RiderFacts> = {}): RiderFacts => ({ link: null, licence: null, member: null, firstName: 'Jérôme', lastName: 'Lévesque', ...facts });

describe('normaliseName', () => {
  it('lower-cases, strips accents and collapses spaces', () => {
    expect(normaliseName('  Jérôme ', ' LÉVESQUE  Côté ')).toBe('jerome levesque cote');
    expect(normaliseName('ÉLODIE', 'Ñúñez')).toBe('elodie nunez');
  });
});

describe('normaliseLicence', () => {
  it('keeps letters and digits, upper-cased; blank is none', () => {
    expect(normaliseLicence(' qc 12 345 ')).toBe('QC12345');
    expect(normaliseLicence('QC-12.345')).toBe('QC12345');
    expect(normaliseLicence(' - ')).toBeNull();
    expect(normaliseLicence('   ')).toBeNull();
    expect(normaliseLicence(null)).toBeNull();
  });
});

describe('riderKey', () => {
  const entry = { raceNumber: '23a', className: 'A 250' };

  it('uses the name with the race number and class when nothing else is known', () => {
    expect(riderKey(rider(), entry)).toBe('name:jerome levesque#23A@A 250');
    expect(nameKey('JEROME', 'LEVESQUE', ' 23A ', 'A 250')).toBe(riderKey(rider(), entry));
    expect(riderKey(rider(), { raceNumber: '23A', className: 'B 250' })).not.toBe(riderKey(rider(), entry));
    expect(riderKey(rider(), { raceNumber: null, className: null })).toBe('name:jerome levesque#@');
  });

  it('prefers the member number (latest membership) to the name', () => {
    expect(riderKey(rider({ member: { organizationId: 3, number: ' 1042 ' } }), entry)).toBe('member:3:1042');
    expect(riderKey(rider({ member: { organizationId: 3, number: '  ' } }), entry)).toBe('name:jerome levesque#23A@A 250');
  });

  it('prefers the licence to the member number', () => {
    expect(riderKey(rider({ licence: 'qc-77', member: { organizationId: 3, number: '1042' } }), entry)).toBe('licence:QC77');
  });

  it('prefers a hand-set key (merge or split) to everything', () => {
    expect(riderKey(rider({ link: handKey(12), licence: 'QC-77', member: { organizationId: 3, number: '1042' } }), entry)).toBe('rider:12');
  });

  it('gives a participant key only when it does not depend on the entry', () => {
    expect(participantKey(rider())).toBeNull();
    expect(participantKey(rider({ licence: 'X1' }))).toBe('licence:X1');
  });
});

describe('adoptKnownKeys', () => {
  const member = 'member:1:FMQR-2026-0001';
  const name = nameKey('Mathieu', 'Gagnon-Roy', '1', 'Open Pro');

  it('gives an entry known only by name the key of the member who raced under that name, number and class', () => {
    // Rounds 1 and 3 under the member record, round 2 from a timing import (a record without membership).
    expect(adoptKnownKeys([{ key: member, nameKey: name }, { key: name, nameKey: name }, { key: member, nameKey: name }])).toEqual([member, member, member]);
  });

  it('keeps the name key when no known rider, or two of them, raced under it', () => {
    const other = nameKey('Mathieu', 'Gagnon-Roy', '2', 'Open Pro');
    expect(adoptKnownKeys([{ key: member, nameKey: name }, { key: other, nameKey: other }])).toEqual([member, other]);
    const twin = 'member:1:FMQR-2026-0002';
    expect(adoptKnownKeys([{ key: member, nameKey: name }, { key: twin, nameKey: name }, { key: name, nameKey: name }])).toEqual([member, twin, name]);
  });

  it('joins a record to a merged rider, never to a split one, and leaves hand-set records alone', () => {
    // A member merged with another record keeps the timing import's record (same name, number, class).
    expect(adoptKnownKeys([{ key: handKey(12), nameKey: name }, { key: name, nameKey: name }])).toEqual([handKey(12), handKey(12)]);
    // A split record attracts nothing: the name-only record stays apart.
    expect(adoptKnownKeys([{ key: splitKey(12), nameKey: name }, { key: name, nameKey: name }])).toEqual([splitKey(12), name]);
    expect(adoptKnownKeys([{ key: member, nameKey: name }, { key: splitKey(13), nameKey: name }])).toEqual([member, splitKey(13)]);
  });
});
