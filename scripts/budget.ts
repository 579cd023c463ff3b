/**
 * `npm run budget` (issue 23): fails when a route's first-load JavaScript passes 160 KiB gzip
 * (or, for a route not yet brought under it, the allowance `budget.json` gives it), listing each
 * such route with its largest modules. Run by `npm test` right after the browser tests'
 * production build; on its own after `npm run build`. scripts/lib/budget.ts says how it measures.
 *
 *   npm run budget                   every route, the failures with their largest modules
 *   npm run budget -- --modules      the largest modules of every route
 *   npm run budget -- --project DIR  another project's build and budget.json (the tests')
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUDGET_BYTES, judge, kib, largestModules, measureRoutes, unneededAllowances, type BudgetFile } from './lib/budget';

const projectArg = process.argv.indexOf('--project');
const projectDir = projectArg > 0 ? path.resolve(process.argv[projectArg + 1] ?? '.') : process.cwd();
const budget = JSON.parse(fs.readFileSync(path.join(projectDir, 'budget.json'), 'utf8')) as BudgetFile;
const verdicts = judge(measureRoutes(projectDir, process.env.NEXT_DIST_DIR || '.next'), budget).sort((a, b) => b.gzipBytes - a.gzipBytes);
const showModules = process.argv.includes('--modules');

console.log(`[budget] first-load JavaScript per route, gzip (budget ${kib(BUDGET_BYTES)})`);
for (const v of verdicts) {
  const mark = v.over ? 'OVER' : v.gzipBytes > BUDGET_BYTES ? 'allowed' : 'ok';
  console.log(`  ${kib(v.gzipBytes).padStart(10)}  ${mark.padEnd(7)} ${v.route}${v.allowance ? ` (allowance ${kib(v.limitBytes)})` : ''}`);
  if (v.over || showModules) {
    for (const m of largestModules(projectDir, v)) console.log(`  ${''.padStart(10)}  ${''.padEnd(7)}   ≈ ${kib(m.gzipBytes).padStart(9)}  ${m.source}`);
  }
}
const unneeded = unneededAllowances(verdicts, budget);
if (unneeded.length) console.log(`[budget] these routes are under the budget now; remove their allowance from budget.json: ${unneeded.join(', ')}`);
const over = verdicts.filter((v) => v.over);
const allowed = verdicts.filter((v) => !v.over && v.gzipBytes > BUDGET_BYTES).length;
console.log(`[budget] ${verdicts.length} routes: ${verdicts.length - over.length - allowed} under ${kib(BUDGET_BYTES)}, ${allowed} within their allowance, ${over.length} over`);
if (over.length) {
  console.error(`[budget] over budget: ${over.map((v) => `${v.route} ${kib(v.gzipBytes)} > ${kib(v.limitBytes)}`).join('; ')}`);
  process.exit(1);
}
