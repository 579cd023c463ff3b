/** Spec §4 Permission flags: start false, reset to false before each check, then set from the reply. */
import { describe, expect, it, vi } from 'vitest';
import { checkPermission, permitted } from './check';

const outage = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25432'), { code: 'ECONNREFUSED' });

describe('permission flags (spec §4)', () => {
  it('is set only by a reply of exactly 1', async () => {
    expect(await checkPermission(async () => 1)).toBe(1);
    for (const reply of [0, 2, -1, '1', true, null, undefined, { allowed: 1 }, [1]]) {
      expect(await checkPermission(async () => reply), String(reply)).toBe(0);
    }
  });

  it('stays false when the lookup fails, whether it throws or rejects', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(
      await checkPermission(() => {
        throw new Error('boom');
      }),
    ).toBe(0);
    expect(await checkPermission(Promise.reject(new Error('bad query')))).toBe(0);
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it('starts false again for every check: an earlier allowed check never carries over', async () => {
    const replies: unknown[] = [1, 0, 1, 'yes'];
    const seen: number[] = [];
    for (const reply of replies) seen.push(await checkPermission(async () => reply));
    expect(seen).toEqual([1, 0, 1, 0]);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await checkPermission(async () => 1)).toBe(1);
    expect(await checkPermission(() => Promise.reject(new Error('later failure')))).toBe(0);
    log.mockRestore();
  });

  it('keeps concurrent checks apart (a fresh flag per request)', async () => {
    const slow = (reply: number, ms: number) => () => new Promise<number>((r) => setTimeout(() => r(reply), ms));
    expect(await Promise.all([checkPermission(slow(1, 20)), checkPermission(slow(0, 5)), checkPermission(slow(1, 1))])).toEqual([1, 0, 1]);
  });

  it('rethrows a database outage: an outage is not a refusal (503, not a redirect)', async () => {
    await expect(checkPermission(() => Promise.reject(outage()))).rejects.toThrow('ECONNREFUSED');
    await expect(permitted(Promise.reject(new Error('Failed query', { cause: outage() })))).rejects.toThrow('Failed query');
  });

  it('permitted is the boolean form', async () => {
    expect(await permitted(Promise.resolve(1))).toBe(true);
    expect(await permitted(() => Promise.resolve(0))).toBe(false);
  });
});
