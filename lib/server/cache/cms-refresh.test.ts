/**
 * Asking an instance's own Next to expire CMS tags (cms-refresh.ts): the request it sends, and
 * what it makes of the answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CMS_INSTANCE_EVENT, CMS_WEBHOOK_PATH, cmsRefresher, cmsTags } from './cms-refresh';

let server: http.Server | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A stand-in for the site answering `status` and recording what it was sent. */
async function site(status: number, delayMs = 0) {
  const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
      setTimeout(() => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end('{}');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

describe('CMS refresh of an instance', () => {
  it('keeps only CMS tags', () => {
    expect(cmsTags(['race:1', 'cms', 'cms:menu', 'cms:menu', 'events', 'cms:', 'cms:a b', 7])).toEqual(['cms', 'cms:menu']);
  });

  it('POSTs the CMS tags to the instance’s webhook route with the secret', async () => {
    const { origin, seen } = await site(200);
    await cmsRefresher(origin, 'a-long-enough-test-secret')(['cms', 'cms:menu', 'race:1']);
    expect(seen).toEqual([
      { method: 'POST', url: CMS_WEBHOOK_PATH, authorization: 'Bearer a-long-enough-test-secret', body: JSON.stringify({ event: CMS_INSTANCE_EVENT, tags: ['cms', 'cms:menu'] }) },
    ]);
    expect(CMS_WEBHOOK_PATH).toBe('/ll/api/webhooks/strapi');
  });

  it('rejects an answer other than 200, and no answer in time', async () => {
    const refused = await site(401);
    await expect(cmsRefresher(refused.origin, 'x')(['cms'])).rejects.toThrow(/401/);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const slow = await site(200, 500);
    await expect(cmsRefresher(slow.origin, 'x', 100)(['cms'])).rejects.toThrow();
  });
});
