/**
 * The rule that names a live car from the event's registrations (issue 27 "Sign-on"), pure: when
 * a car counts as unnamed, transponder before number, the event only, one rider for several
 * registrations, ambiguity narrowed by class then number, else no name. The database side is
 * tests/integration/live-registered-names.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { foldCode, isUnnamed, registeredNameFor, type LiveCompetitor, type RegisteredRider } from './registered-names';

const car = (over: Partial<LiveCompetitor>): LiveCompetitor => ({ eventId: 1, name: '', number: '12', transponder: '1234567', classId: 10, ...over });
let nextId = 1;
const reg = (over: Partial<RegisteredRider>): RegisteredRider => ({ eventId: 1, participantId: nextId++, classId: 10, transponder: null, raceNumber: null, name: 'Someone', ...over });

describe('isUnnamed', () => {
  it('counts a blank name, or the number or transponder sent again, as no name', () => {
    expect(isUnnamed({ name: '', number: '12', transponder: null })).toBe(true);
    expect(isUnnamed({ name: '  ', number: '12', transponder: null })).toBe(true);
    expect(isUnnamed({ name: '12', number: '12', transponder: null })).toBe(true);
    expect(isUnnamed({ name: '#12', number: '12', transponder: null })).toBe(true);
    expect(isUnnamed({ name: '1234567', number: '12', transponder: '1234567' })).toBe(true);
  });

  it('keeps any other name, even one made of digits', () => {
    expect(isUnnamed({ name: 'Ann Able', number: '12', transponder: '1234567' })).toBe(false);
    expect(isUnnamed({ name: '121', number: '12', transponder: null })).toBe(false);
  });
});

describe('foldCode', () => {
  it('compares codes without spaces, a leading #, or case', () => {
    expect(foldCode(' 123 4567 ')).toBe('1234567');
    expect(foldCode('#12b')).toBe('12B');
    expect(foldCode(null)).toBe('');
  });
});

describe('registeredNameFor', () => {
  it('takes the registration with the car’s transponder before the one with its number', () => {
    const riders = [reg({ raceNumber: '12', name: 'By Number' }), reg({ transponder: '123 4567', raceNumber: '7', name: 'By Transponder' })];
    expect(registeredNameFor(car({}), riders)).toBe('By Transponder');
    expect(registeredNameFor(car({ transponder: null }), riders)).toBe('By Number');
    expect(registeredNameFor(car({ transponder: '999' }), riders)).toBe('By Number');
  });

  it('uses only registrations of the car’s event', () => {
    expect(registeredNameFor(car({}), [reg({ eventId: 2, transponder: '1234567', raceNumber: '12' })])).toBeNull();
  });

  it('treats one rider’s registrations in two classes as one rider', () => {
    const riders = [reg({ participantId: 500, classId: 10, transponder: '1234567', name: 'Two Classes' }), reg({ participantId: 500, classId: 11, transponder: '1234567', name: 'Two Classes' })];
    expect(registeredNameFor(car({ classId: 99 }), riders)).toBe('Two Classes');
  });

  it('narrows several riders to the car’s class, then to its number; still several: no name', () => {
    const shared = [reg({ classId: 10, transponder: '1234567', raceNumber: '12', name: 'Class Ten' }), reg({ classId: 11, transponder: '1234567', raceNumber: '40', name: 'Class Eleven' })];
    expect(registeredNameFor(car({ classId: 11 }), shared)).toBe('Class Eleven');
    expect(registeredNameFor(car({ classId: null }), shared)).toBe('Class Ten');
    const twins = [reg({ classId: 10, raceNumber: '12', name: 'One' }), reg({ classId: 10, raceNumber: '12', name: 'Two' })];
    expect(registeredNameFor(car({ transponder: null }), twins)).toBeNull();
    const numbers = [reg({ classId: 10, raceNumber: '12', name: 'Pro Twelve' }), reg({ classId: 11, raceNumber: '12', name: 'Junior Twelve' })];
    expect(registeredNameFor(car({ transponder: null, classId: 11 }), numbers)).toBe('Junior Twelve');
    expect(registeredNameFor(car({ transponder: null, classId: null }), numbers)).toBeNull();
  });
});
