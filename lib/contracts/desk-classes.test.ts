/** The desk's classes contract (issue 24): fees typed in dollars are cents, never rounded; ages the wrong way round are refused. */
import { describe, expect, it } from 'vitest';
import { deskClassInput, deskEventClassesInput, feeCentsOf, feeText } from './desk-classes';

describe('fees and classes', () => {
  it('reads a fee typed in dollars as cents, and refuses what is not an amount', () => {
    expect([feeCentsOf('45'), feeCentsOf('45.5'), feeCentsOf('45,50'), feeCentsOf(' $45.05 '), feeCentsOf('0')]).toEqual([4500, 4550, 4550, 4505, 0]);
    expect([feeCentsOf('45.555'), feeCentsOf('-3'), feeCentsOf('forty'), feeCentsOf('')]).toEqual([null, null, null, null]);
    expect(feeText(4505)).toBe('45.05');
    expect(feeCentsOf(feeText(123456))).toBe(123456);
  });

  it('refuses ages the wrong way round and a class offered twice', () => {
    const wrong = deskClassInput.safeParse({ name: 'Open', classGroup: null, description: null, minAge: 30, maxAge: 16 });
    expect(wrong.success ? [] : wrong.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['maxAge', 'invalid_max_age']]);
    const twice = deskEventClassesInput.safeParse({ classes: [{ classId: 3, feeCents: 0, capacity: null }, { classId: 3, feeCents: 100, capacity: 5 }] });
    expect(twice.success ? [] : twice.error.issues.map((i) => i.message)).toEqual(['invalid_classes']);
  });
});
