/**
 * nginx in front of the site instances of `npm run start:cluster` (issue 29 "Two instances …
 * behind a kept reverse proxy (Caddy or nginx from Debian's packages; its config in the
 * repository)"). The configuration is ops/nginx/cluster.conf.template, filled in here and
 * written to `.data/cluster/<PORT>/nginx.conf`; nginx runs in the foreground under the
 * supervisor of scripts/start.ts (`nginx -p <dir>/ -c nginx.conf -g 'daemon off;'`), with its pid
 * file, temporary files and the load run's static files in that directory and its error log on
 * stderr: no system service, nothing written outside the repository's `.data`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BODY_LIMITS, REPLY_HEADERS } from '../../../lib/config';
import { spawnService } from '../supervisor';

/** The template, relative to the repository's root. */
export const NGINX_TEMPLATE = 'ops/nginx/cluster.conf.template';

/** nginx from Debian's packages (`apt-get install nginx-light`), or `NGINX` when set. */
export function nginxBinary(env: NodeJS.ProcessEnv = process.env): string {
  return env.NGINX || '/usr/sbin/nginx';
}

/** What the configuration is made of. */
export interface NginxSettings {
  /** The directory nginx keeps its files in (absolute): `.data/cluster/<PORT>`. */
  dir: string;
  /** Where visitors reach nginx: the site's HOST and PORT. */
  listenHost: string;
  listenPort: number;
  /** The site instances' ports on 127.0.0.1. */
  upstreamPorts: number[];
  /**
   * Proxies in front of nginx (the operator's TRUSTED_PROXY_HOPS): 0, nginx faces visitors and
   * says their scheme and host itself; more, it passes on what the proxy in front said.
   */
  proxyHopsInFront: number;
  /** Seconds an instance stays out after a failure (`fail_timeout`; default 3). */
  failTimeoutS?: number;
}

/** `host:port` as nginx's `listen` wants it (an IPv6 address in brackets). */
function listenAddress(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The configuration text: the template with every placeholder filled in.
 * @throws Error naming a placeholder the template has and nothing fills (a template edited out of step).
 */
export function renderNginxConfig(template: string, s: NginxSettings): string {
  const failTimeout = s.failTimeoutS ?? 3;
  const values: Record<string, string> = {
    DIR: s.dir,
    LISTEN: listenAddress(s.listenHost, s.listenPort),
    UPSTREAM_SERVERS: s.upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${failTimeout}s;`).join('\n'),
    UPLOAD_LIMIT: String(BODY_LIMITS.upload),
    JSON_LIMIT: String(BODY_LIMITS.json),
    FORWARDED_PROTO: s.proxyHopsInFront > 0 ? '$http_x_forwarded_proto' : '$scheme',
    FORWARDED_HOST: s.proxyHopsInFront > 0 ? '$http_x_forwarded_host' : '$http_host',
    // Header values with a double quote would break the directive: none of the site's has one.
    REPLY_HEADERS: Object.entries(REPLY_HEADERS)
      .map(([name, value]) => `      add_header ${name} "${value.replace(/"/g, '')}" always;`)
      .join('\n'),
  };
  const text = template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  const left = /\{\{([A-Z_]+)\}\}/.exec(text);
  if (left) throw new Error(`${NGINX_TEMPLATE}: nothing fills the placeholder ${left[0]}`);
  return text;
}

/**
 * Writes the configuration into `s.dir` (created with its `tmp` and `static` folders, readable
 * by nginx's workers, which run as `nobody` when the master is root) and checks it with
 * `nginx -t`. Returns the configuration file's path.
 * @throws Error when nginx is missing or refuses the configuration (its own words).
 */
export function prepareNginx(root: string, s: NginxSettings, bin: string = nginxBinary()): string {
  if (!fs.existsSync(bin)) throw new Error(`nginx is not installed (${bin}): apt-get install -y nginx-light (or set NGINX to its path)`);
  for (const sub of ['', 'tmp', 'static']) {
    fs.mkdirSync(path.join(s.dir, sub), { recursive: true });
    fs.chmodSync(path.join(s.dir, sub), 0o755);
  }
  const conf = path.join(s.dir, 'nginx.conf');
  fs.writeFileSync(conf, renderNginxConfig(fs.readFileSync(path.join(root, NGINX_TEMPLATE), 'utf8'), s));
  const check = spawnSync(bin, ['-t', '-q', '-p', `${s.dir}/`, '-c', conf, '-g', 'daemon off;'], { encoding: 'utf8' });
  if (check.error) throw new Error(`nginx could not be run (${bin}): ${check.error.message}`);
  if (check.status !== 0) throw new Error(`nginx refused ${conf}:\n${(check.stderr || check.stdout).trim()}`);
  return conf;
}

/**
 * Stops an nginx left running from `dir` by an earlier start whose supervisor was killed (its
 * pid file names a live nginx): it would hold the port.
 */
export async function stopOrphanNginx(dir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8').trim());
  } catch {
    return;
  }
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  let command = '';
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !command.startsWith('nginx') || !alive()) return;
  console.warn(`[proxy] stopping the nginx (pid ${pid}) left running from ${dir}`);
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
}

/**
 * Starts nginx on the configuration `conf` in the foreground, in its own process group (a stop
 * reaches its workers), its output with the supervisor's. nginx does not watch its parent: a
 * guard (scripts/lib/orphan-guard.cjs) stops it should the supervisor be killed outright.
 * SIGTERM is its fast stop (open live streams are closed, not waited for).
 */
export function spawnNginx(dir: string, conf: string, bin: string = nginxBinary()): ChildProcess {
  const child = spawnService(bin, ['-p', `${dir}/`, '-c', conf, '-g', 'daemon off;']);
  if (child.pid) {
    spawn(process.execPath, [path.resolve('scripts/lib/orphan-guard.cjs'), String(process.pid), String(child.pid), 'SIGTERM'], { detached: true, stdio: 'ignore' }).unref();
  }
  return child;
}
