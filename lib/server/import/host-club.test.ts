/** The host club option of an import (`npm run import -- --host-club`): one club, or several an event shares. */
import { describe, expect, it } from 'vitest';
import { parseHostClub } from './write';

describe('parseHostClub', () => {
  it('takes one club or several separated by commas, trimmed', () => {
    expect(parseHostClub(' CJCR ')).toBe('CJCR');
    expect(parseHostClub('CJCR,SJER')).toBe('CJCR, SJER');
    expect(parseHostClub('CJCR , D.E.R.')).toBe('CJCR, D.E.R.');
    expect(parseHostClub(undefined)).toBeUndefined();
  });

  it('refuses a blank club, a team name, or a list too long, with the spec-style message', () => {
    for (const bad of ['', 'CJCR,', 'CJCR - TEAM A', 'CJCR- A', 'A,B,C,D,E,F', 'X'.repeat(21)]) {
      expect(() => parseHostClub(bad), bad).toThrow('The provided host club is invalid');
    }
  });
});
