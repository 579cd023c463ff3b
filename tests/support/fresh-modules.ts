/**
 * Runs before every test file (vitest.config.ts `setupFiles`). The files of a worker share one
 * module registry and one `globalThis` (`isolate: false`, for speed): this gives each file what
 * a fresh worker would — its own instances of the project's modules (`vi.resetModules`: the
 * parsed environment, the CMS client's caches…), none of the process-wide state an earlier file
 * left on `globalThis` (the database pool, the availability monitor, the cache tags, the jobs
 * queue: keys `__ll…` and symbols `ll.…`), and the environment as the worker started with it
 * (files set DATABASE_URL, CMS_URL… for themselves). Packages in node_modules stay loaded.
 */
import { vi } from 'vitest';

const held = globalThis as unknown as Record<PropertyKey, unknown>;
const ownState = (key: PropertyKey) =>
  typeof key === 'string' ? key.startsWith('__ll') : typeof key === 'symbol' && (key.description ?? '').startsWith('ll.');

const ENV_AT_START = Symbol.for('test.env-at-start');
const envAtStart = (held[ENV_AT_START] ??= { ...process.env }) as NodeJS.ProcessEnv;

for (const key of Reflect.ownKeys(globalThis)) if (ownState(key)) delete held[key];
for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
Object.assign(process.env, envAtStart);
vi.resetModules();
