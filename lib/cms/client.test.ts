/**
 * The CMS client's outage mark (client.ts): a render that got a fallback because the CMS was
 * unreachable is marked uncacheable, so the page cache does not keep it; a render that got the
 * CMS's content, or a 404 (an absent single type), is not.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { recordTags } from '../server/cache/tags';

let server: http.Server;
let up = true;
let cmsGet: typeof import('./client').cmsGet;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (!up) return void req.socket.destroy();
    if (req.url?.startsWith('/api/missing')) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return void res.end('{"data":null}');
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"data":{"id":1,"Title":"Menu"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.CMS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ cmsGet } = await import('./client'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  up = true;
  const state = globalThis as { __llCmsDownUntil?: number; __llCmsDown?: boolean };
  state.__llCmsDownUntil = 0;
  state.__llCmsDown = false;
});

/** cmsGet inside a recorded render: what it answered and whether the render was marked. */
async function render(path: string) {
  const { recorder, result } = recordTags(() => cmsGet(path));
  return { data: await result, uncacheable: recorder.uncacheable };
}

it('does not mark a render that got the CMS’s content, or a 404', async () => {
  expect(await render('/api/menus')).toEqual({ data: { id: 1, Title: 'Menu' }, uncacheable: false });
  expect(await render('/api/missing')).toEqual({ data: null, uncacheable: false });
});

it('marks a render that got a fallback because the CMS was unreachable, and each one while it is known down', async () => {
  up = false;
  const warn = console.warn;
  console.warn = () => {};
  try {
    expect(await render('/api/menus')).toEqual({ data: null, uncacheable: true });
  } finally {
    console.warn = warn;
  }
  // Known down: answered at once, marked too, even once the CMS is back (for 15 s).
  up = true;
  expect(await render('/api/menus')).toEqual({ data: null, uncacheable: true });
  // Outside a render (scripts, the API): nothing to mark, no error.
  expect(await cmsGet('/api/menus')).toBeNull();
});
