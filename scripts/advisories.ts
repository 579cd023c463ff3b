/**
 * npm run advisories: the known-vulnerability check of what ships (issue 29).
 *
 * Reads the site's and the CMS's lock files (production packages only) and checks them against
 * the npm registry's advisories (what `npm audit` asks) and, when OSV_NPM_DB names a folder of
 * OSV records, against those offline. Exit codes: 0 no high or critical finding in what was
 * checked; 1 a high or critical finding; 3 no source could be read (ADVISORIES_REQUIRED=1), or
 * 0 with the reason printed otherwise: the registry mirror of these machines answers 405 and
 * they reach no other advisory source, so CI prints "not checked" rather than a false "clean".
 */
import { execFileSync } from 'node:child_process';
import { checkAdvisories } from './lib/advisories/run';

function npmRegistry(): string {
  if (process.env.npm_config_registry) return process.env.npm_config_registry;
  try {
    return execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  } catch {
    return 'https://registry.npmjs.org/';
  }
}

async function main() {
  const report = await checkAdvisories(process.cwd(), { registry: process.env.ADVISORIES_REGISTRY === 'off' ? null : npmRegistry(), osvDir: process.env.OSV_NPM_DB });
  console.log(`[advisories] ${report.packages} packages ship (package-lock.json and cms/package-lock.json, without dev-only ones)`);
  for (const line of report.checked) console.log(`[advisories] checked against ${line}`);
  for (const line of report.unavailable) console.log(`[advisories] not available: ${line}`);
  for (const f of report.findings) {
    console.log(`[advisories] ${f.severity.toUpperCase()} ${f.name}@${f.version} ${f.id} ${f.title}${f.fixedIn ? ` (fixed in ${f.fixedIn})` : ''}${f.url ? ` ${f.url}` : ''} [${f.from.join(', ')}]`);
  }
  if (!report.checked.length) {
    console.log('[advisories] NOT CHECKED: no advisory source answered');
    process.exit(process.env.ADVISORIES_REQUIRED === '1' ? 3 : 0);
  }
  console.log(`[advisories] ${report.findings.length} findings, ${report.blocking.length} high or critical`);
  process.exit(report.blocking.length ? 1 : 0);
}

main().catch((err) => {
  console.error(`[advisories] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
