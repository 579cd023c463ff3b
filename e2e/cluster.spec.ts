/**
 * Two site instances behind nginx (issue 29 "Two instances", its short version in CI): a cluster
 * of its own started as an operator starts it (`npm run start:cluster`, here on other ports with
 * fresh data: nginx on 3300, the instances on 3301 and 3302), then the two-instance drill
 * (scripts/lib/drill-cluster.ts: sessions, rate limits, the page cache, live streams, jobs and a
 * webhook across both instances; then 50 visitors for 20 s through nginx with writers and
 * payments while one instance is killed midway: no read answers 5xx, no acknowledged write is
 * lost or doubled, no payment doubled), then the stop: every child, nginx included, gone within
 * 10 s. Needs nginx (`apt-get install -y nginx-light`).
 */
import fs from 'node:fs';
import net from 'node:net';
import { startOwnProduct, stopAndCount, stopOwnProduct, type OwnProduct } from './own-product';
import { expect, test } from './test';
import { readState, type DrillTarget } from '../scripts/lib/drill';
import { drillCluster } from '../scripts/lib/drill-cluster';

const PORT = 3300;
const SITE = `http://127.0.0.1:${PORT}`;
const ENV = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DB_PORT: '25435',
  DB_DATA_DIR: '.data/e2e/cluster/pg',
  CMS_PORT: '1340',
  OUTBOX_DIR: '.data/e2e/cluster/outbox',
  // A test-only signing secret: the drill signs Stripe's deliveries with it, both instances verify them.
  STRIPE_WEBHOOK_SECRET: 'whsec_cluster_drill_test_secret',
  // The short budget of CI (npm run drill -- --only cluster: 200 visitors for 60 s).
  DRILL_CLUSTER_VISITORS: '50',
  DRILL_CLUSTER_S: '20',
};

test.describe.configure({ mode: 'serial' });

let cluster: OwnProduct;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fs.rmSync('.data/e2e/cluster', { recursive: true, force: true });
  cluster = await startOwnProduct('scripts/start-cluster.ts', ENV, 230_000);
});

test.afterAll(() => stopOwnProduct(cluster));

test('nginx serves the site from both instances, with the site’s own headers', async () => {
  const state = readState(process.cwd(), PORT);
  expect(Object.keys(state.services).sort()).toEqual(['cms', 'database', 'proxy', 'site-1', 'site-2']);
  for (const path of ['/ll', '/ll/fr/event-calendar', '/ll/results/1']) {
    const res = await fetch(`${SITE}${path}`, { redirect: 'manual' });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // No nginx version on any reply.
    expect(res.headers.get('server')).toBe('nginx');
  }
  // nginx's own refusal of a body over the upload limit (10 MB) carries the site's headers too.
  const head = await new Promise<string>((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1', () => socket.write(`POST /ll/api/v1/contact HTTP/1.1\r\nHost: localhost:${PORT}\r\nContent-Type: application/json\r\nContent-Length: ${11 * 1024 * 1024}\r\n\r\n`));
    let raw = '';
    socket.on('data', (d) => (raw += d));
    socket.on('close', () => resolve(raw));
    socket.on('error', () => resolve(raw));
    socket.setTimeout(5000, () => socket.destroy());
  });
  expect(head).toMatch(/^HTTP\/1\.1 413/);
  expect(head).toMatch(/X-Content-Type-Options: nosniff/i);
});

test('drill: two instances, one killed under load — nothing lost, nothing doubled', async () => {
  test.setTimeout(150_000);
  const target: DrillTarget = { site: SITE, cms: 'http://127.0.0.1:1340', state: readState(process.cwd(), PORT), env: ENV };
  const result = await drillCluster(target);
  console.log(`${result.ok ? 'PASS' : 'FAIL'} ${result.name}\n  ${result.lines.join('\n  ')}`);
  expect(result.ok, `${result.name}:\n${result.lines.join('\n')}`).toBe(true);
});

test('npm run start:cluster stops every child, nginx included, within 10 s', async () => {
  const stopped = await stopAndCount(cluster, PORT);
  console.log(`stopped in ${stopped.tookMs} ms`);
  expect(stopped.alive).toEqual([]);
  expect(stopped.tookMs).toBeLessThan(10_000);
  expect(stopped.stateFileLeft).toBe(false);
});
