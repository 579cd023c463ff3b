/**
 * Serves the site's production build (`next build`) under /ll: Next's request handler in the
 * HTTP server of `lib/server/http/site-server.ts`, listening on HOST:PORT (127.0.0.1:3000 by
 * default). Started and supervised by `npm start`; SIGTERM or SIGINT stops it within 3 s.
 */
import next from 'next';
import { serverEnv } from '../lib/server/config/env';
import { createSiteServer, stopSiteServer } from '../lib/server/http/site-server';

async function main() {
  const env = serverEnv();
  // Next builds its internal URLs on `localhost` whatever the bound address (see site-server.ts).
  const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createSiteServer(handle, env.TRUSTED_PROXY_HOPS);
  server.listen(env.PORT, env.HOST, () => console.log(`[site] serving http://${env.HOST}:${env.PORT}/ll`));
  server.on('upgrade', app.getUpgradeHandler());

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopSiteServer(server);
    await app.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error('[site] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
