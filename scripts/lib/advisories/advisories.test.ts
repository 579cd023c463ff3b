/**
 * The known-vulnerability check (issue 29): what ships is read from the lock files, advisories
 * from the registry's bulk call (a real HTTP server on loopback answering in its shape, as the
 * mirror here answers 405) or an OSV folder (fixtures/osv: a record in OSV's format modelled on
 * GHSA-f82v-jwr5-mffw, CVE-2025-29927, Next.js 15.0.0 before 15.2.3, critical; written by hand,
 * as no advisory source is reachable here), and a high or critical finding fails the check.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOsvRange } from './match';
import { checkAdvisories } from './run';
import { shippedPackages } from './shipped';

const OSV = path.join(__dirname, 'fixtures/osv');
let root: string;
let server: http.Server;
let registry: string;
let answer: { status: number; body: unknown } = { status: 405, body: {} };
let asked: Record<string, string[]> | null = null;

function lock(packages: Record<string, object>) {
  return JSON.stringify({ name: 'x', lockfileVersion: 3, packages: { '': { name: 'x' }, ...packages } });
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'advisories-'));
  fs.mkdirSync(path.join(root, 'cms'));
  fs.writeFileSync(
    path.join(root, 'package-lock.json'),
    lock({
      'node_modules/next': { version: '15.2.2' },
      'node_modules/left-pad': { version: '1.3.0' },
      'node_modules/vitest': { version: '4.0.0', dev: true },
      'node_modules/a/node_modules/@scope/b': { version: '2.0.0' },
    }),
  );
  fs.writeFileSync(path.join(root, 'cms/package-lock.json'), lock({ 'node_modules/next': { version: '15.2.3' }, 'node_modules/left-pad': { version: '1.3.0' } }));
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      asked = req.url === '/-/npm/v1/security/advisories/bulk' && req.method === 'POST' ? JSON.parse(body) : null;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('what ships', () => {
  it('lists production packages of both lock files once each, dev-only ones left out', () => {
    const shipped = shippedPackages(root, ['package-lock.json', 'cms/package-lock.json']);
    expect(shipped.map((p) => `${p.name}@${p.version}`)).toEqual(['@scope/b@2.0.0', 'left-pad@1.3.0', 'next@15.2.2', 'next@15.2.3']);
    expect(shipped.find((p) => p.name === 'left-pad')!.from).toEqual(['package-lock.json', 'cms/package-lock.json']);
  });
});

describe('OSV ranges', () => {
  it('affects from introduced up to fixed, or through last_affected', () => {
    const events = [{ introduced: '15.0.0' }, { fixed: '15.2.3' }];
    expect(inOsvRange('15.2.2', events)).toEqual({ affected: true, fixed: '15.2.3' });
    expect(inOsvRange('15.2.3', events).affected).toBe(false);
    expect(inOsvRange('14.9.9', events).affected).toBe(false);
    expect(inOsvRange('1.0.0', [{ introduced: '0' }, { last_affected: '1.0.0' }]).affected).toBe(true);
    expect(inOsvRange('1.0.1', [{ introduced: '0' }, { last_affected: '1.0.0' }]).affected).toBe(false);
    expect(inOsvRange('9.0.0', [{ introduced: '2.0.0' }]).affected).toBe(true);
  });
});

describe('the check', () => {
  it('says "not checked" when no source answers, never "clean"', async () => {
    answer = { status: 405, body: {} };
    const report = await checkAdvisories(root, { registry, osvDir: undefined });
    expect(report.checked).toEqual([]);
    expect(report.unavailable[0]).toMatch(/answered 405/);
    expect(report.findings).toEqual([]);
  });

  it('fails on the critical Next.js advisory from an OSV folder, only for the version it affects', async () => {
    const report = await checkAdvisories(root, { registry: null, osvDir: OSV });
    expect(report.checked).toEqual([`2 OSV records from ${OSV}`]);
    expect(report.blocking.map((f) => `${f.name}@${f.version} ${f.id} ${f.severity} ${f.fixedIn}`)).toEqual(['next@15.2.2 GHSA-f82v-jwr5-mffw critical 15.2.3']);
    expect(report.findings.map((f) => `${f.name}@${f.version} ${f.severity}`)).toEqual(['next@15.2.2 critical', 'left-pad@1.3.0 low']);
  });

  it('reads the registry’s bulk advisories when it answers, asking every shipped version', async () => {
    answer = { status: 200, body: { '@scope/b': [{ id: 1099, title: 'Prototype pollution', severity: 'high', vulnerable_versions: '<2.0.1', url: 'https://example.test/1099' }], next: [] } };
    const report = await checkAdvisories(root, { registry, osvDir: undefined });
    expect(asked).toEqual({ '@scope/b': ['2.0.0'], 'left-pad': ['1.3.0'], next: ['15.2.2', '15.2.3'] });
    expect(report.blocking).toEqual([expect.objectContaining({ name: '@scope/b', version: '2.0.0', id: '1099', severity: 'high' })]);
  });
});
