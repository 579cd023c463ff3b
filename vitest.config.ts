import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      // `server-only` throws outside React Server Components; tests run server code directly.
      'server-only': path.resolve(__dirname, 'tests/support/empty.ts'),
    },
  },
  test: {
    include: ['tests/**/*.test.ts', 'lib/**/*.test.ts', 'scripts/**/*.test.ts', 'components/**/*.test.ts'],
    globalSetup: ['tests/integration/global-setup.ts'],
    environment: 'node',
    // The structured logs (lib/server/log) of what passes, off the test output; tests that read
    // a log line capture it (tests/support/log-lines.ts).
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Worker threads, not child processes: the test files import large module graphs (the API,
    // Drizzle's schema, the CMS client) and threads load them faster. Measured on one tree here:
    // the whole run 346 s with forks, 256 and 292 s with threads (import time 205 s → 121 s).
    pool: 'threads',
    // The files of a worker run one after another in the same thread, each with fresh modules of
    // the project and none of an earlier file's process-wide state (tests/support/fresh-modules.ts);
    // packages stay loaded. Measured on one tree here: 235 s isolated (106 s of it importing),
    // 143 s so (11 s importing).
    isolate: false,
    setupFiles: ['tests/support/fresh-modules.ts'],
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines. The
    // integration files spend most of their time waiting on PostgreSQL, timers and child
    // processes, so three files at a time finish the run in about half the time.
    maxWorkers: Math.max(3, os.availableParallelism()),
  },
});
