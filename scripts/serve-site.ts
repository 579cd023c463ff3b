/**
 * Serves the site's production build (`next build`) under /ll: Next's request handler in the
 * HTTP server of `lib/server/http/site-server.ts`, listening on HOST:PORT (127.0.0.1:3000 by
 * default), with the page cache in front (lib/server/cache/page-cache.ts; PAGE_CACHE_MB, 0
 * disables it) dropping pages on the process bus's `tags` and `live` messages, and
 * `revalidateTags` publishing on that bus. Started and supervised by `npm start`; SIGTERM or
 * SIGINT stops it within 3 s.
 */
import next from 'next';
import { createPageCache, pageCacheOptionsFromEnv } from '../lib/server/cache/page-cache';
import { closePublisher, publishTagsOnProcessBus } from '../lib/server/cache/revalidate';
import { databaseUrl, serverEnv } from '../lib/server/config/env';
import { createSiteServer, stopSiteServer } from '../lib/server/http/site-server';
import { processBus } from '../lib/server/timing/live/bus';

async function main() {
  const env = serverEnv();
  const cache = createPageCache(pageCacheOptionsFromEnv());
  // Next builds its internal URLs on `localhost` whatever the bound address (see site-server.ts).
  const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  publishTagsOnProcessBus();
  if (cache.enabled) cache.listen(processBus(databaseUrl()));
  const server = createSiteServer(handle, env.TRUSTED_PROXY_HOPS, cache.enabled ? cache : null);
  server.listen(env.PORT, env.HOST, () =>
    console.log(`[site] serving http://${env.HOST}:${env.PORT}/ll${cache.enabled ? ` (page cache ${Math.round(cache.maxBytes / 1048576)} MB)` : ' (page cache off)'}`),
  );
  server.on('upgrade', app.getUpgradeHandler());

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopSiteServer(server);
    await Promise.allSettled([app.close(), closePublisher()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error('[site] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
