/**
 * The browser tests' offline pages (issues 27 and 28: sign-on and the gate keep working with no
 * connection): waits until the service worker controls `page`, reloads it so the worker sees the
 * load, and until the worker's cache holds `url` — then a reload with the connection cut opens
 * it from the device.
 */
import type { Page } from '@playwright/test';
import { expect } from './test';

export async function keepForOffline(page: Page, url: string): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(async (u) => !!(await caches.match(new URL(u, location.href).href, { ignoreVary: true })), url), { timeout: 15_000 })
    .toBe(true);
}
