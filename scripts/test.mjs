#!/usr/bin/env node
// `npm test`: every check of the project, stage by stage, with the time each took (issue 22:
// CI prints the time of each stage). Lint and the type check run side by side (one core each),
// with the known-vulnerability check of what ships (issue 29; about a second);
// then the unit and integration tests (Vitest, real PostgreSQL); then the production build and
// the browser tests (Playwright, Debian's Chromium). Stops at the first stage that fails.
//
//   npm test                 every stage
//   npm test -- unit e2e     only the named stages (lint, typecheck, advisories, unit, e2e)
import { spawn } from 'node:child_process';

const STAGES = [
  ['lint', 'typecheck', 'advisories'],
  ['unit'],
  ['e2e'],
];
const SCRIPTS = { lint: 'lint', typecheck: 'typecheck', advisories: 'advisories', unit: 'test:unit', e2e: 'test:e2e' };

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in SCRIPTS)) {
    console.error(`[test] unknown stage ${name}: use ${Object.keys(SCRIPTS).join(', ')}`);
    process.exit(2);
  }
}

/** Stages that passed in this run. */
const passed = new Set();

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    // The production build of the e2e stage skips its own type check when this run's
    // typecheck stage already passed on the same code (next.config.ts).
    const env = name === 'e2e' && passed.has('typecheck') ? { ...process.env, SKIP_BUILD_TYPECHECK: '1' } : process.env;
    const child = spawn('npm', ['run', '--silent', SCRIPTS[name]], { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve({ name, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000 }));
  });
}

const began = Date.now();
const times = [];
for (const group of STAGES) {
  const names = group.filter((n) => !wanted.length || wanted.includes(n));
  if (!names.length) continue;
  console.log(`\n[test] ${names.join(' + ')}…`);
  const results = await Promise.all(names.map(run));
  for (const r of results) {
    times.push(r);
    if (r.ok) passed.add(r.name);
    console.log(`[test] ${r.name}: ${r.ok ? 'ok' : `failed (${r.code})`} in ${r.seconds.toFixed(0)} s`);
  }
  if (results.some((r) => !r.ok)) break;
}
console.log(`\n[test] stages: ${times.map((r) => `${r.name} ${r.seconds.toFixed(0)} s${r.ok ? '' : ' FAILED'}`).join(', ')}; total ${((Date.now() - began) / 1000).toFixed(0)} s on Node ${process.version}`);
process.exit(times.every((r) => r.ok) ? 0 : 1);
