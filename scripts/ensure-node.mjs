#!/usr/bin/env node
// Makes every npm script of this project run on Node.js 24 LTS (issue 22: Node 20 is out of
// support since 2026-04-30). Called first by the root postinstall.
//
// - The running Node is 24 or newer: nothing is fetched (and a link left by an earlier install
//   on an older Node is removed).
// - Otherwise: the registry's `node-<platform>-<arch>` package of NODE_VERSION (the official
//   binaries, no install script) goes into `.runtime/`, and `node_modules/.bin/node` links to
//   it. npm puts `node_modules/.bin` first on the PATH of every script it runs, so `npm start`,
//   `npm test`, the CMS, the browser tests' servers and every `#!/usr/bin/env node` tool they
//   start then run on that Node. No global change: outside npm scripts the machine's Node stays.
//
// LL_NODE_VERSION overrides the version (e.g. to try a newer 24.x).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node.js release the project runs on where the machine has an older one. */
const NODE_VERSION = process.env.LL_NODE_VERSION || '24.21.0';
const MIN_MAJOR = 24;

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const binLink = path.join(root, 'node_modules', '.bin', 'node');
const runtimeDir = path.join(root, '.runtime');
const pkg = `node-${process.platform}-${process.arch}`;
const binary = path.join(runtimeDir, 'node_modules', pkg, 'bin', 'node');

function log(line) {
  console.log(`[ensure-node] ${line}`);
}

function versionOf(file) {
  const r = spawnSync(file, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const major = Number(process.versions.node.split('.')[0]);
// A link from an earlier install is what runs us when it exists: look at the machine's own Node.
let linked = false;
try {
  linked = fs.lstatSync(binLink).isSymbolicLink();
} catch {
  // no link yet
}
const runningLinked = linked && fs.existsSync(binLink) && fs.realpathSync(process.execPath) === fs.realpathSync(binLink);
if (major >= MIN_MAJOR && !runningLinked) {
  if (linked) fs.rmSync(binLink);
  log(`Node ${process.version} is supported: nothing to fetch`);
  process.exit(0);
}

if (versionOf(binary) !== `v${NODE_VERSION}`) {
  log(`Node ${process.version} is older than ${MIN_MAJOR}: installing ${pkg}@${NODE_VERSION} into .runtime/`);
  fs.mkdirSync(runtimeDir, { recursive: true });
  fs.writeFileSync(path.join(runtimeDir, 'package.json'), '{ "private": true }\n');
  const env = { ...process.env };
  // The root install's own settings would point this nested npm at the project.
  for (const key of Object.keys(env)) if (/^npm_(package_|lifecycle_|config_(local_prefix|prefix|global))/.test(key)) delete env[key];
  const r = spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${pkg}@${NODE_VERSION}`], {
    cwd: runtimeDir,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0 || versionOf(binary) !== `v${NODE_VERSION}`) {
    console.error(`[ensure-node] could not install ${pkg}@${NODE_VERSION}; install Node.js ${MIN_MAJOR} LTS yourself`);
    process.exit(1);
  }
}
fs.mkdirSync(path.dirname(binLink), { recursive: true });
fs.rmSync(binLink, { force: true });
fs.symlinkSync(path.relative(path.dirname(binLink), binary), binLink);
log(`npm scripts run on ${versionOf(binLink)} (node_modules/.bin/node → .runtime)`);
