/**
 * The settings the proxy's checks read (spec §6 default promoter user id and list): from the
 * CMS parameters, kept 60 s in process, one CMS read at a time, expired by the CMS webhook,
 * the defaults while the CMS is down.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../cms/settings';

// The promoter the first start seeded (read once by serverEnv, before any call below).
process.env.DEFAULT_PROMOTER_USER_ID = '5';
const getSiteSettings = vi.fn();
vi.mock('../../cms', () => ({ getSiteSettings: () => getSiteSettings() }));

const { FALLBACK_TTL_MS, SETTINGS_TTL_MS, invalidatePermissionSettings, permissionSettings } = await import('./settings');

const fromCms = (defaultPromoterUserId: number, defaultPromoterList: number[] = []) => ({ ...DEFAULT_SETTINGS, defaultPromoterUserId, defaultPromoterList });

beforeEach(() => {
  invalidatePermissionSettings();
  getSiteSettings.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('permissionSettings', () => {
  it('reads the default promoter user id and list from the CMS parameters', async () => {
    getSiteSettings.mockResolvedValue(fromCms(7, [7, 8]));
    expect(await permissionSettings()).toEqual({ defaultPromoterUserId: 7, defaultPromoterList: [7, 8] });
  });

  it('keeps them 60 s, then reads the CMS again', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    getSiteSettings.mockResolvedValueOnce(fromCms(7)).mockResolvedValueOnce(fromCms(9));
    expect((await permissionSettings()).defaultPromoterUserId).toBe(7);
    vi.setSystemTime(1_000_000 + SETTINGS_TTL_MS - 1);
    expect((await permissionSettings()).defaultPromoterUserId).toBe(7);
    expect(getSiteSettings).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000_000 + SETTINGS_TTL_MS + 1);
    expect((await permissionSettings()).defaultPromoterUserId).toBe(9);
    expect(getSiteSettings).toHaveBeenCalledTimes(2);
  });

  it('asks the CMS once for many simultaneous page views', async () => {
    let release!: (v: unknown) => void;
    getSiteSettings.mockReturnValue(new Promise((r) => (release = r)));
    const views = Array.from({ length: 20 }, () => permissionSettings());
    release(fromCms(4));
    expect(new Set((await Promise.all(views)).map((s) => s.defaultPromoterUserId))).toEqual(new Set([4]));
    expect(getSiteSettings).toHaveBeenCalledTimes(1);
  });

  it('forgets them when the CMS webhook says the parameters changed', async () => {
    getSiteSettings.mockResolvedValueOnce(fromCms(7)).mockResolvedValueOnce(fromCms(8));
    expect((await permissionSettings()).defaultPromoterUserId).toBe(7);
    invalidatePermissionSettings();
    expect((await permissionSettings()).defaultPromoterUserId).toBe(8);
  });

  it('does not store a read that an invalidation overtook', async () => {
    let release!: (v: unknown) => void;
    getSiteSettings.mockReturnValueOnce(new Promise((r) => (release = r))).mockResolvedValueOnce(fromCms(8));
    const stale = permissionSettings();
    invalidatePermissionSettings();
    release(fromCms(7));
    expect((await stale).defaultPromoterUserId).toBe(7);
    expect((await permissionSettings()).defaultPromoterUserId).toBe(8);
  });

  it('falls back to DEFAULT_PROMOTER_USER_ID and no list while the CMS is down, and retries after 5 s', async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    getSiteSettings.mockResolvedValueOnce(DEFAULT_SETTINGS).mockResolvedValueOnce(fromCms(3));
    expect(await permissionSettings()).toEqual({ defaultPromoterUserId: 5, defaultPromoterList: [] });
    vi.setSystemTime(2_000_000 + FALLBACK_TTL_MS - 1);
    expect((await permissionSettings()).defaultPromoterUserId).toBe(5);
    vi.setSystemTime(2_000_000 + FALLBACK_TTL_MS + 1);
    expect((await permissionSettings()).defaultPromoterUserId).toBe(3);
  });

  it('never throws: a failing read keeps the last values, else the defaults', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    getSiteSettings.mockRejectedValueOnce(new Error('boom'));
    expect(await permissionSettings()).toEqual({ defaultPromoterUserId: 5, defaultPromoterList: [] });
    log.mockRestore();
  });
});
