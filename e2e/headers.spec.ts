/**
 * Response headers as a stranger reads them, and pages working under them (issue 29
 * "Hardening"): every page type carries a Content-Security-Policy without `unsafe-inline`
 * scripts, with `frame-ancestors 'none'` — a nonce when rendered, the inline scripts' hashes when
 * served from the page cache — and the page still runs (no script refused: its menu opens); the
 * API and the site's own error replies carry a policy where nothing runs; COOP, CORP and
 * `X-Frame-Options: DENY` everywhere; neither the site nor the CMS announces itself; the metrics
 * the API serves count the pages the site server answered (one registry in the process).
 */
import { request } from '@playwright/test';
import { E2E_CMS_URL } from './db';
import { waitForHydration } from './fresh';
import { expect, test } from './test';

const PAGES = ['/ll', '/ll/fr/event-calendar', '/ll/results', '/ll/series', '/ll/login', '/ll/faq', '/ll/no-such-page'];

test('every page type has its policy and runs under it; the API and error replies have theirs', async ({ page, baseURL }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) refused.push(message.text());
  });
  for (const path of PAGES) {
    const reply = await page.goto(path);
    const headers = reply!.headers();
    const policy = headers['content-security-policy'] ?? '';
    const scripts = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
    expect(scripts, path).toMatch(/'(nonce|sha256)-/);
    expect(scripts, path).not.toContain('unsafe-inline');
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
    expect(headers['cross-origin-resource-policy'], path).toBe('same-origin');
    // The scripts ran: React hydrated the page's header (its elements carry React's props).
    await waitForHydration(page, 'header a');
  }
  // The home page again, from the page cache: its scripts allowed by hash, and it still runs.
  const again = await page.goto('/ll');
  expect(again!.headers()['content-security-policy']).toMatch(/'sha256-/);
  await waitForHydration(page, 'header a');
  expect(refused, refused.join('\n')).toEqual([]);

  const site = await request.newContext({ baseURL });
  try {
    const api = await site.get('/ll/api/v1/langs/current');
    expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(api.headers()['cross-origin-resource-policy']).toBe('same-origin');
    const malformed = await site.get('/ll/races/%FF', { maxRedirects: 0 });
    expect(malformed.status()).toBe(400);
    expect(malformed.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  } finally {
    await site.dispose();
  }
});

test('neither the CMS nor the site sends an X-Powered-By banner', async ({ baseURL }) => {
  const cms = await request.newContext({ baseURL: E2E_CMS_URL });
  const site = await request.newContext({ baseURL });
  try {
    for (const path of ['/api/about-page?locale=en', '/api/menus?locale=en', '/admin', '/no-such-path']) {
      const res = await cms.get(path, { maxRedirects: 0 });
      expect(res.headers()['x-powered-by'], `CMS ${path} (${res.status()})`).toBeUndefined();
    }
    for (const path of ['/ll', '/ll/fr/event-calendar', '/ll/api/v1/langs/current', '/ll/no-such-page']) {
      const res = await site.get(path, { maxRedirects: 0 });
      expect(res.headers()['x-powered-by'], `site ${path} (${res.status()})`).toBeUndefined();
    }
  } finally {
    await cms.dispose();
    await site.dispose();
  }
});

test('the metrics count the pages the site server answered, health and readiness answer', async ({ baseURL }) => {
  const site = await request.newContext({ baseURL });
  try {
    expect((await site.get('/ll/event-calendar')).status()).toBe(200);
    const metrics = await site.get('/ll/api/v1/metrics');
    expect(metrics.status()).toBe(200);
    expect(await metrics.text()).toMatch(/^ll_http_requests_total\{kind="page",method="GET",status="2xx",cache="[A-Za-z]+"\} [1-9]/m);
    expect((await site.get('/ll/api/v1/health')).status()).toBe(200);
    const ready = await site.get('/ll/api/v1/ready');
    expect(await ready.json()).toMatchObject({ ready: true, checks: { database: 'ok', jobs: 'ok', cms: 'ok' } });
  } finally {
    await site.dispose();
  }
});

