import { describe, expect, it } from 'vitest';
import { ageMessage } from './ages';

describe('ageMessage', () => {
  it('picks the message of each kind of limit', () => {
    expect(ageMessage(12, 16)).toEqual({ key: 'ageRange', values: { min: 12, max: 16 } });
    expect(ageMessage(30, null)).toEqual({ key: 'ageMin', values: { min: 30 } });
    expect(ageMessage(null, 8)).toEqual({ key: 'ageMax', values: { max: 8 } });
    expect(ageMessage(null, null)).toEqual({ key: 'allAges', values: {} });
    expect(ageMessage(0, 0)).toEqual({ key: 'ageRange', values: { min: 0, max: 0 } });
  });
});
