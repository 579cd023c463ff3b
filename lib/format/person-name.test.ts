/** personName (issue 29): a closed account's record reads "Former member", never an empty cell. */
import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('shows the first and last name, or the last name first for member lists', () => {
    expect(personName('Zoé', 'Tremblay', 'Former member')).toBe('Zoé Tremblay');
    expect(personName('Zoé', 'Tremblay', 'Former member', 'last-first')).toBe('Tremblay, Zoé');
    expect(personName('', 'Tremblay', 'Former member', 'last-first')).toBe('Tremblay');
  });

  it('shows the translated "former member" for a record whose names were emptied when its account closed', () => {
    expect(personName('', '', 'Ancien membre')).toBe('Ancien membre');
    expect(personName(' ', '', 'Former member', 'last-first')).toBe('Former member');
  });
});
