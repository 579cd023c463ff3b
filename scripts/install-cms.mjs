#!/usr/bin/env node
// Installs the Strapi content service's own dependencies (cms/ is a separate npm
// project: Strapi needs React 18, the site React 19). Called by the root postinstall.
// `npm ci` when cms/package-lock.json exists, else `npm install`. SKIP_CMS_INSTALL=1 skips it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'cms');

if (process.env.SKIP_CMS_INSTALL === '1') {
  console.log('[install-cms] SKIP_CMS_INSTALL=1: cms dependencies not installed');
  process.exit(0);
}
if (!existsSync(join(cmsDir, 'package.json'))) {
  console.error(`[install-cms] ${cmsDir}/package.json not found`);
  process.exit(1);
}

// Skip when cms/node_modules already matches cms/package.json and its lock (a later root
// `npm install <pkg>` must not reinstall Strapi's 700 MB each time).
const stampFile = join(cmsDir, 'node_modules', '.ll-install-stamp');
const hash = createHash('sha256');
for (const f of ['package.json', 'package-lock.json']) {
  if (existsSync(join(cmsDir, f))) hash.update(readFileSync(join(cmsDir, f)));
}
const stamp = hash.digest('hex');
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
  console.log('[install-cms] cms dependencies are up to date');
  process.exit(0);
}

const args = existsSync(join(cmsDir, 'package-lock.json')) ? ['ci'] : ['install'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
console.log(`[install-cms] npm ${args.join(' ')} in ${cmsDir}`);

// Drop what npm sets for the root project's lifecycle script that would point the
// nested npm at the root project (its package, prefix or workspaces).
const env = { ...process.env };
const rootOnly = /^npm_(package_|lifecycle_|config_(local_prefix|prefix|global|workspaces?|include_workspace_root)$)/;
for (const key of Object.keys(env)) {
  if (rootOnly.test(key)) delete env[key];
}

const started = Date.now();
const result = spawnSync(npm, args, { cwd: cmsDir, stdio: 'inherit', env, shell: process.platform === 'win32' });
if (result.error) {
  console.error(`[install-cms] could not run npm: ${result.error.message}`);
  process.exit(1);
}
if (result.status !== 0) {
  console.error(`[install-cms] npm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  process.exit(result.status || 1);
}
writeFileSync(stampFile, stamp);
console.log(`[install-cms] done in ${Math.round((Date.now() - started) / 1000)} s`);
