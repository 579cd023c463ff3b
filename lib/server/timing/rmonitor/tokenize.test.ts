import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize';

describe('tokenize', () => {
  it('splits quoted and bare fields, keeping commas and doubled quotes inside quotes', () => {
    expect(tokenize('$A,"12X","Smith, ""Jr""",52474, 5 ')).toEqual({ ok: true, fields: ['$A', '12X', 'Smith, "Jr"', '52474', '5'] });
    expect(tokenize('$G,1,"3",,"00:00:00.000"')).toEqual({ ok: true, fields: ['$G', '1', '3', '', '00:00:00.000'] });
  });

  it('names the field it cannot read', () => {
    expect(tokenize('$J,"3","00:00:39.5')).toEqual({ ok: false, index: 2, detail: 'missing closing quote' });
    expect(tokenize('$J,"3"x,"1"')).toMatchObject({ ok: false, index: 1 });
    expect(tokenize('$J,3",1')).toMatchObject({ ok: false, index: 1 });
  });
});
