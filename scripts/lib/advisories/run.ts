/**
 * The known-vulnerability check (issue 29): the shipped packages of both lock files against
 * every advisory source that answers (./sources.ts), failing on a high or critical finding.
 */
import { matchOsv, matchRegistry, SEVERITIES, type Finding } from './match';
import { shippedPackages } from './shipped';
import { osvDatabase, registryAdvisories } from './sources';

/** The lock files of what ships: the site's and the CMS's. */
export const LOCK_FILES = ['package-lock.json', 'cms/package-lock.json'] as const;

/** The outcome of one check. */
export interface CheckReport {
  packages: number;
  /** The sources read, with what each held. */
  checked: string[];
  /** The sources that could not be read, with why. */
  unavailable: string[];
  findings: Finding[];
  /** High and critical findings: the check fails on any. */
  blocking: Finding[];
}

/**
 * Runs the check for the project at `root`.
 * @param opts.registry the npm registry (npm's `registry` setting), `null` to skip it.
 * @param opts.osvDir a folder of OSV records (OSV_NPM_DB), or undefined.
 */
export async function checkAdvisories(root: string, opts: { registry: string | null; osvDir: string | undefined }): Promise<CheckReport> {
  const shipped = shippedPackages(root, LOCK_FILES);
  const checked: string[] = [];
  const unavailable: string[] = [];
  const findings: Finding[] = [];
  if (opts.registry) {
    const answer = await registryAdvisories(opts.registry, shipped);
    if (answer.ok) {
      checked.push(answer.detail);
      findings.push(...matchRegistry(shipped, answer.data));
    } else unavailable.push(answer.reason);
  }
  const osv = osvDatabase(opts.osvDir);
  if (osv.ok) {
    checked.push(osv.detail);
    findings.push(...matchOsv(shipped, osv.data));
  } else unavailable.push(osv.reason);
  // One line per package, advisory: both sources may name the same one.
  const unique = [...new Map(findings.map((f) => [`${f.name}@${f.version} ${f.id}`, f])).values()].sort(
    (a, b) => SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity) || a.name.localeCompare(b.name),
  );
  return { packages: shipped.length, checked, unavailable, findings: unique, blocking: unique.filter((f) => f.severity === 'high' || f.severity === 'critical') };
}
