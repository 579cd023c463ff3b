/**
 * The cluster's nginx configuration (issue 29 "its config in the repository"): the template in
 * ops/nginx, filled in for two instances, is accepted by the real nginx (`nginx -t`; skipped where
 * nginx is not installed: CI installs nginx-light); a placeholder nothing fills is an error that
 * names it; SITE_INSTANCES is read as start:cluster and npm start read it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxBinary, NGINX_TEMPLATE, prepareNginx, renderNginxConfig, type NginxSettings } from './nginx';
import { instancePorts, siteInstances, siteServiceNames } from './sites';

const settings = (dir: string, over: Partial<NginxSettings> = {}): NginxSettings => ({ dir, listenHost: '127.0.0.1', listenPort: 3300, upstreamPorts: [3301, 3302], proxyHopsInFront: 0, ...over });
const template = () => fs.readFileSync(NGINX_TEMPLATE, 'utf8');

describe('the cluster’s nginx configuration', () => {
  it('sends to both instances, sets the forwarded headers itself, and leaves no placeholder', () => {
    const conf = renderNginxConfig(template(), settings('/srv/ll'));
    expect(conf).toContain('server 127.0.0.1:3301 max_fails=1 fail_timeout=3s;');
    expect(conf).toContain('server 127.0.0.1:3302 max_fails=1 fail_timeout=3s;');
    expect(conf).toContain('listen 127.0.0.1:3300;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toContain('client_max_body_size 10485760;');
    expect(conf).toContain('proxy_next_upstream error timeout http_502;');
    // A POST sent to an instance is never sent to the other one as well (the comments say why).
    expect(conf).not.toMatch(/^\s*proxy_next_upstream\s[^#\n]*non_idempotent/m);
    expect(conf).not.toMatch(/\{\{[A-Z_]+\}\}/);
    // Behind another proxy, what it reports goes on; an IPv6 address is bracketed.
    const behind = renderNginxConfig(template(), settings('/srv/ll', { proxyHopsInFront: 1, listenHost: '::' }));
    expect(behind).toContain('proxy_set_header X-Forwarded-Proto $http_x_forwarded_proto;');
    expect(behind).toContain('listen [::]:3300;');
  });

  it('names a placeholder nothing fills', () => {
    expect(() => renderNginxConfig(`${template()}\n# {{NEW_SETTING}}\n`, settings('/srv/ll'))).toThrow(/\{\{NEW_SETTING\}\}/);
  });

  it.skipIf(!fs.existsSync(nginxBinary()))('is accepted by nginx -t', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-nginx-'));
    try {
      const conf = prepareNginx(process.cwd(), settings(dir));
      const check = spawnSync(nginxBinary(), ['-t', '-p', `${dir}/`, '-c', conf], { encoding: 'utf8' });
      expect(check.status, check.stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SITE_INSTANCES', () => {
  it('is 1 unless set, 2 for start:cluster, and refuses what is not 1 to 8', () => {
    expect(siteInstances({})).toBe(1);
    expect(siteInstances({ SITE_INSTANCES: '2' })).toBe(2);
    for (const bad of ['0', '9', 'two', '1.5', '-1']) expect(() => siteInstances({ SITE_INSTANCES: bad }), bad).toThrow(/SITE_INSTANCES/);
    expect(instancePorts(3000, 2)).toEqual([3001, 3002]);
    expect(siteServiceNames(1)).toEqual(['site']);
    expect(siteServiceNames(2)).toEqual(['proxy', 'site-1', 'site-2']);
  });
});
