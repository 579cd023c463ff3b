import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv } from './csv';

describe('CSV files', () => {
  it('writes a formula-looking text cell with a leading quote, and leaves names, numbers and dashes alone', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseFormula('+cmd|calc')).toBe("'+cmd|calc");
    expect(neutraliseFormula('+2.608')).toBe('+2.608');
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('-cmd')).toBe("'-cmd");
    expect(neutraliseFormula('-1.5')).toBe('-1.5');
    expect(neutraliseFormula('-')).toBe('-');
    expect(neutraliseFormula('Gagnon-Roy')).toBe('Gagnon-Roy');
  });

  it('starts with a BOM, ends lines with CRLF and quotes as needed', () => {
    expect(toCsv([['Rider', 'Points'], ['=1+1', 25], ['Côté, Jean', 3]])).toBe('\uFEFFRider,Points\r\n\'=1+1,25\r\n"Côté, Jean",3\r\n');
  });
});
