/**
 * Where the check reads advisories (issue 29 "Known vulnerabilities"), in turn:
 *  1. the npm registry's bulk advisories (`POST <registry>/-/npm/v1/security/advisories/bulk`,
 *     what `npm audit` asks), when the registry answers it: the mirror these machines reach
 *     answers 405, so here this source is "unavailable", never "clean";
 *  2. an OSV database of the npm ecosystem (`OSV_NPM_DB`): a folder of OSV JSON records, such
 *     as OSV's `npm/all.zip` export unpacked, read offline.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OsvRecord, RegistryAdvisory } from './match';
import type { ShippedPackage } from './shipped';

/** What a source gave: its advisories, or why it could not be read. */
export type SourceAnswer<T> = { ok: true; data: T; detail: string } | { ok: false; reason: string };

/**
 * Asks the registry `registry` for the advisories of `shipped` in one bulk call.
 * Times out after `timeoutMs` (ms); a non-200 answer is `{ ok: false }` with its status.
 */
export async function registryAdvisories(registry: string, shipped: readonly ShippedPackage[], timeoutMs = 20_000): Promise<SourceAnswer<Record<string, RegistryAdvisory[]>>> {
  const body: Record<string, string[]> = {};
  for (const p of shipped) (body[p.name] ??= []).push(p.version);
  const url = `${registry.replace(/\/+$/, '')}/-/npm/v1/security/advisories/bulk`;
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 200) return { ok: false, reason: `the registry's advisories call answered ${res.status} (${url})` };
    const data = (await res.json()) as Record<string, RegistryAdvisory[]>;
    return { ok: true, data, detail: `the registry's advisories for ${Object.keys(body).length} packages` };
  } catch (err) {
    return { ok: false, reason: `the registry's advisories call failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * Reads every `*.json` OSV record under `dir` (recursively).
 * @returns `{ ok: false }` when `dir` is unset or not a folder, or holds no record.
 */
export function osvDatabase(dir: string | undefined): SourceAnswer<OsvRecord[]> {
  if (!dir) return { ok: false, reason: 'no OSV database given (OSV_NPM_DB: a folder of OSV records of the npm ecosystem, e.g. its all.zip export unpacked)' };
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return { ok: false, reason: `OSV_NPM_DB=${dir} is not a folder` };
  const records: OsvRecord[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) records.push(JSON.parse(fs.readFileSync(full, 'utf8')) as OsvRecord);
    }
  };
  walk(dir);
  if (!records.length) return { ok: false, reason: `OSV_NPM_DB=${dir} holds no .json record` };
  return { ok: true, data: records, detail: `${records.length} OSV records from ${dir}` };
}
