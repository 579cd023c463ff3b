/**
 * Serves the site's production build (`next build`) under /ll: Next's request handler in the
 * HTTP server of `lib/server/http/site-server.ts`, listening on HOST:PORT (127.0.0.1:3000 by
 * default), with the page cache in front (lib/server/cache/page-cache.ts; PAGE_CACHE_MB, 0
 * disables it; keyed for SITE_URL's host), page renders bounded (RENDER_CONCURRENCY,
 * RENDER_QUEUE: the excess gets the stale page or 503 with Retry-After), the cache dropping
 * pages on the process bus's `tags`, `live` and `resync` messages (the read cache too: READ_CACHE_MB,
 * lib/server/cache/read-cache.ts), and `revalidateTags`
 * publishing on that bus. On a CMS drop the page cache has this instance's Next
 * expire the CMS content in its data cache through the webhook route (lib/server/cache/
 * cms-refresh.ts; needs the webhook secret, REVALIDATE_SECRET or .data/revalidate.secret).
 * It also runs the job worker (lib/server/jobs/worker.ts: the emails requests enqueue).
 * When it stops, the live feeds the desk started in it finish their running sessions
 * (lib/server/desk/live-feed `stopAllFeeds`, as `npm run live` does on Ctrl-C).
 * Started and supervised by `npm start`; SIGTERM or SIGINT stops it within 3 s.
 */
import type { AddressInfo } from 'node:net';
import next from 'next';
import { closePublisher, cmsRefresher, createPageCache, enableReadCache, listenReads, pageCacheOptionsFromEnv, publishTagsOnProcessBus, readCacheOptionsFromEnv } from '../lib/server/cache';
import { RenderGate, renderLimitsFromEnv } from '../lib/server/cache/page-cache';
import { databaseUrl, revalidateSecret, serverEnv, siteOrigin } from '../lib/server/config/env';
import { stopAllFeeds } from '../lib/server/desk/live-feed/stop-feed';
import { createSiteServer, stopSiteServer } from '../lib/server/http/site-server';
import { startJobWorker, stopJobs } from '../lib/server/jobs/worker';
import { processBus } from '../lib/server/timing/live/bus';

/** The origin this process's own requests reach it at: the bound address, loopback for a wildcard. */
function ownOrigin(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

async function main() {
  const env = serverEnv();
  // Pages are rendered and stored for the configured site only (SITE_URL), whatever Host a request sends.
  const cache = createPageCache({ ...pageCacheOptionsFromEnv(), origin: siteOrigin(env) });
  const gate = new RenderGate(renderLimitsFromEnv());
  // Next builds its internal URLs on `localhost` whatever the bound address (see site-server.ts).
  const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  publishTagsOnProcessBus();
  // The job worker (lib/server/jobs): emails and other work enqueued by requests, taken by any instance.
  startJobWorker();
  if (cache.enabled) cache.listen(processBus(databaseUrl()));
  // The reads behind the pages (lib/server/cache/read-cache.ts), dropped by the same messages.
  const reads = readCacheOptionsFromEnv();
  if (reads.maxMb > 0) {
    listenReads(processBus(databaseUrl()));
    enableReadCache(reads);
  }
  const server = createSiteServer(handle, env.TRUSTED_PROXY_HOPS, cache.enabled ? cache : null, gate, { siteOrigin: siteOrigin(env) });
  server.listen(env.PORT, env.HOST, () => {
    const secret = revalidateSecret();
    if (cache.enabled && secret) cache.refreshCms = cmsRefresher(ownOrigin(server.address() as AddressInfo), secret);
    console.log(`[site] serving http://${env.HOST}:${env.PORT}/ll${cache.enabled ? ` (page cache ${Math.round(cache.maxBytes / 1048576)} MB)` : ' (page cache off)'}`);
  });
  server.on('upgrade', app.getUpgradeHandler());

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // The live feeds the desk started here finish their running sessions while requests drain.
    await Promise.all([stopSiteServer(server), stopAllFeeds()]);
    await Promise.allSettled([app.close(), closePublisher(), stopJobs()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error('[site] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
