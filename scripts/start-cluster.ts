/**
 * `npm run start:cluster` (issue 29 "Two instances"): what `npm start` does — the embedded
 * PostgreSQL, migrations and seed, the CMS, the build when needed — with TWO site processes
 * (127.0.0.1:PORT+1 and PORT+2) behind nginx on HOST:PORT (ops/nginx/cluster.conf.template),
 * each supervised and restarted when it dies. Ctrl-C stops everything within 10 s. The run-state
 * file `.data/run/start-<PORT>.json` names every piece (`proxy`, `site-1`, `site-2`, `cms`,
 * `database`) for `npm run drill -- --only cluster`.
 *
 * It is scripts/start.ts with `SITE_INSTANCES=2` (an explicit SITE_INSTANCES, 2 to 8, wins), so
 * the two never drift apart. Needs nginx (`apt-get install -y nginx-light`, or NGINX=/path).
 */
process.env.SITE_INSTANCES ||= '2';
// start.ts reads the environment when it loads: loaded after the line above.
void import('./start');
