/** The `{promoters}` list and the `users_id` body of the permission calls (spec §7). */
import { describe, expect, it } from 'vitest';
import { parsePromoterList, promoterPermissionRequest } from './permissions';

describe('parsePromoterList', () => {
  it('accepts comma-separated and bracketed lists of ids', () => {
    expect(parsePromoterList('1')).toEqual([1]);
    expect(parsePromoterList('1,2')).toEqual([1, 2]);
    expect(parsePromoterList('[1,2]')).toEqual([1, 2]);
    expect(parsePromoterList('[1, 2]')).toEqual([1, 2]);
    expect(parsePromoterList('[ 3 ]')).toEqual([3]);
    expect(parsePromoterList('[]')).toEqual([]);
    expect(parsePromoterList('2147483647')).toEqual([2147483647]);
  });

  it('refuses anything else', () => {
    for (const bad of ['', ',', '1,', ',1', '1,,2', '[1,2', '1,2]', '[[1]]', '0', '01', '-1', '1.5', 'a', '1;2', '{1}', '1 2', ' 1', '[1,]', '2147483648', '[null]', '["1"]']) {
      expect(parsePromoterList(bad), bad).toBeNull();
    }
    expect(parsePromoterList(Array.from({ length: 101 }, (_, i) => i + 1).join(','))).toBeNull();
    expect(parsePromoterList(Array.from({ length: 100 }, (_, i) => i + 1).join(','))).toHaveLength(100);
  });
});

describe('promoterPermissionRequest', () => {
  it('takes a list of user ids, possibly empty', () => {
    expect(promoterPermissionRequest.parse({ users_id: [1, 2] })).toEqual({ users_id: [1, 2] });
    expect(promoterPermissionRequest.parse({ users_id: [] })).toEqual({ users_id: [] });
  });

  it('names the fault with the spec’s texts', () => {
    const message = (body: unknown) => promoterPermissionRequest.safeParse(body).error?.issues[0]?.message;
    expect(message({})).toBe('Please provide the user ids');
    expect(message({ users_id: 1 })).toBe('The provided user id is invalid');
    expect(message({ users_id: ['1'] })).toBe('The provided user id is invalid');
    expect(message({ users_id: [0] })).toBe('The provided user id is invalid');
    expect(message({ users_id: [1.5] })).toBe('The provided user id is invalid');
  });
});
