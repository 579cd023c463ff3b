/**
 * Which shipped packages an advisory affects (issue 29 "Known vulnerabilities"), for the two
 * sources the check reads: the npm registry's bulk advisories (what `npm audit` asks:
 * `vulnerable_versions` as a semver range) and OSV records (https://ossf.github.io/osv-schema/:
 * `affected[].ranges` of type SEMVER or ECOSYSTEM with `introduced` / `fixed` /
 * `last_affected` events, or an explicit `versions` list).
 */
import semver from 'semver';
import type { ShippedPackage } from './shipped';

/** Severities, lowest first; the check fails on `high` and `critical`. */
export const SEVERITIES = ['unknown', 'low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** A shipped package version an advisory affects. */
export interface Finding {
  name: string;
  version: string;
  id: string;
  severity: Severity;
  title: string;
  /** The first version that fixes it, when the advisory says. */
  fixedIn: string | null;
  url: string | null;
  from: string[];
}

/** The severity word of a source (`MODERATE`, `medium`, …) as one of SEVERITIES. */
export function toSeverity(word: unknown): Severity {
  const w = String(word ?? '').toLowerCase();
  if (w === 'medium') return 'moderate';
  return (SEVERITIES as readonly string[]).includes(w) ? (w as Severity) : 'unknown';
}

/** An advisory as the registry's bulk endpoint answers it (`POST /-/npm/v1/security/advisories/bulk`). */
export interface RegistryAdvisory {
  id: number | string;
  url?: string;
  title?: string;
  severity?: string;
  vulnerable_versions: string;
}

/** The findings of the registry's bulk answer (`{ [name]: RegistryAdvisory[] }`) among `shipped`. */
export function matchRegistry(shipped: readonly ShippedPackage[], answer: Record<string, RegistryAdvisory[]>): Finding[] {
  const out: Finding[] = [];
  for (const pkg of shipped) {
    for (const adv of answer[pkg.name] ?? []) {
      if (!semver.satisfies(pkg.version, adv.vulnerable_versions, { includePrerelease: true })) continue;
      out.push({ name: pkg.name, version: pkg.version, id: String(adv.id), severity: toSeverity(adv.severity), title: adv.title ?? '', fixedIn: null, url: adv.url ?? null, from: pkg.from });
    }
  }
  return out;
}

/** The parts of an OSV record the check reads. */
export interface OsvRecord {
  id: string;
  summary?: string;
  aliases?: string[];
  severity?: { type: string; score: string }[];
  database_specific?: { severity?: string };
  affected?: {
    package?: { ecosystem?: string; name?: string };
    ranges?: { type: string; events: { introduced?: string; fixed?: string; last_affected?: string; limit?: string }[] }[];
    versions?: string[];
    database_specific?: { severity?: string };
  }[];
  references?: { type?: string; url: string }[];
}

/**
 * Whether `version` falls in one OSV range: events sorted by version, a version is affected
 * from an `introduced` up to (not including) the next `fixed`, or up to and including a
 * `last_affected`. `introduced: "0"` means every version before.
 */
export function inOsvRange(version: string, events: { introduced?: string; fixed?: string; last_affected?: string }[]): { affected: boolean; fixed: string | null } {
  const v = semver.parse(version);
  if (!v) return { affected: false, fixed: null };
  const point = (e: { introduced?: string; fixed?: string; last_affected?: string }) => e.introduced ?? e.fixed ?? e.last_affected ?? '0';
  const sorted = [...events].sort((a, b) => (point(a) === '0' ? -1 : point(b) === '0' ? 1 : semver.compare(semver.coerce(point(a)) ?? '0.0.0', semver.coerce(point(b)) ?? '0.0.0')));
  let from: string | null = null;
  for (const e of sorted) {
    if (e.introduced !== undefined) from = e.introduced;
    else if (from !== null && (e.fixed !== undefined || e.last_affected !== undefined)) {
      const lowOk = from === '0' || semver.gte(v, from);
      const highOk = e.fixed !== undefined ? semver.lt(v, e.fixed) : semver.lte(v, e.last_affected!);
      if (lowOk && highOk) return { affected: true, fixed: e.fixed ?? null };
      from = null;
    }
  }
  if (from !== null && (from === '0' || semver.gte(v, from))) return { affected: true, fixed: null };
  return { affected: false, fixed: null };
}

/** The findings of OSV `records` (npm ecosystem entries only) among `shipped`. */
export function matchOsv(shipped: readonly ShippedPackage[], records: readonly OsvRecord[]): Finding[] {
  const byName = new Map<string, ShippedPackage[]>();
  for (const pkg of shipped) byName.set(pkg.name, [...(byName.get(pkg.name) ?? []), pkg]);
  const out: Finding[] = [];
  for (const record of records) {
    for (const affected of record.affected ?? []) {
      if (affected.package?.ecosystem !== 'npm' || !affected.package.name) continue;
      for (const pkg of byName.get(affected.package.name) ?? []) {
        let hit = affected.versions?.includes(pkg.version) ? { affected: true, fixed: null as string | null } : { affected: false, fixed: null as string | null };
        for (const range of affected.ranges ?? []) {
          if (hit.affected) break;
          if (range.type === 'SEMVER' || range.type === 'ECOSYSTEM') hit = inOsvRange(pkg.version, range.events);
        }
        if (!hit.affected) continue;
        const severity = toSeverity(affected.database_specific?.severity ?? record.database_specific?.severity);
        const url = record.references?.find((r) => r.type === 'ADVISORY')?.url ?? record.references?.[0]?.url ?? null;
        out.push({ name: pkg.name, version: pkg.version, id: record.id, severity, title: record.summary ?? '', fixedIn: hit.fixed, url, from: pkg.from });
      }
    }
  }
  return out;
}
