/**
 * The site parameters the permission checks read (spec §6: the default promoter user id and
 * the default promoter list; spec §3 Site parameters DefaultPromoterUserId,
 * DefaultPromoterList), from the CMS through `getSiteSettings`.
 *
 * `proxy.ts` runs outside any page render, so it cannot lean on React's per-request cache and
 * Next's data cache is not promised there: the values are kept in process for 60 s (5 s when
 * they are the fallback because the CMS could not be reached), one CMS read at a time, so a
 * page view does not wait on the CMS. The CMS webhook expires them at once through
 * `invalidatePermissionSettings()`. While the CMS is down the defaults apply: the default
 * promoter user id is DEFAULT_PROMOTER_USER_ID (the promoter the first start seeded), the list
 * empty. The store lives on `globalThis`: the proxy and the route handlers are separate
 * bundles in one process.
 */
import 'server-only';
import { getSiteSettings } from '../../cms';
import { DEFAULT_SETTINGS } from '../../cms/settings';
import { serverEnv } from '../config/env';

export interface PermissionSettings {
  /** The default promoter's user id (`/results/{defaultPromoterUserId}`). */
  defaultPromoterUserId: number;
  /** The default promoter list (promoter user ids); empty when not configured. */
  defaultPromoterList: number[];
}

/** How long values read from the CMS are kept. */
export const SETTINGS_TTL_MS = 60_000;
/** How long the fallback is kept while the CMS cannot be reached. */
export const FALLBACK_TTL_MS = 5_000;

interface Store {
  value?: PermissionSettings;
  expires: number;
  pending?: Promise<PermissionSettings>;
  /** Bumped by every invalidation: a read started before it is not stored. */
  generation: number;
}

const key = Symbol.for('ll.permissions.settings');
const store = globalThis as unknown as Record<symbol, Store | undefined>;
const state = (): Store => (store[key] ??= { expires: 0, generation: 0 });

/** The defaults: DEFAULT_PROMOTER_USER_ID (else DEFAULT_SETTINGS'), no list. */
function fallbackSettings(): PermissionSettings {
  let defaultPromoterUserId = DEFAULT_SETTINGS.defaultPromoterUserId;
  try {
    defaultPromoterUserId = serverEnv().DEFAULT_PROMOTER_USER_ID;
  } catch {
    // a malformed environment is reported at start; keep the built-in default here
  }
  return { defaultPromoterUserId, defaultPromoterList: [] };
}

async function load(): Promise<{ value: PermissionSettings; fallback: boolean }> {
  const settings = await getSiteSettings();
  // getSiteSettings answers DEFAULT_SETTINGS itself when the CMS sent no parameters.
  if (settings === DEFAULT_SETTINGS) return { value: fallbackSettings(), fallback: true };
  return { value: { defaultPromoterUserId: settings.defaultPromoterUserId, defaultPromoterList: [...settings.defaultPromoterList] }, fallback: false };
}

/** The permission settings, from the in-process cache when fresh; never throws. */
export async function permissionSettings(now: number = Date.now()): Promise<PermissionSettings> {
  const s = state();
  if (s.value && s.expires > now) return s.value;
  if (s.pending) return s.pending;
  const generation = s.generation;
  const pending = load()
    .then(({ value, fallback }) => {
      if (s.generation === generation) {
        s.value = value;
        s.expires = Date.now() + (fallback ? FALLBACK_TTL_MS : SETTINGS_TTL_MS);
      }
      return value;
    })
    .catch((err: unknown) => {
      console.error('[permissions] reading the site parameters failed:', err instanceof Error ? err.message : err);
      return s.value ?? fallbackSettings();
    })
    .finally(() => {
      if (s.pending === pending) s.pending = undefined;
    });
  s.pending = pending;
  return pending;
}

/** Forgets the cached settings (the CMS webhook, when parameters were published). */
export function invalidatePermissionSettings(): void {
  const s = state();
  s.value = undefined;
  s.expires = 0;
  s.pending = undefined;
  s.generation++;
}
