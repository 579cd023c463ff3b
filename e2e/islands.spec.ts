/**
 * Forms as islands (issue 23: at most 160 KiB of first-load JavaScript per page;
 * components/ui/island.tsx): a form page's first load carries no form code; the server's form is
 * there at once, and the form's code (react-hook-form, TanStack Query, its widgets) is fetched
 * on the visitor's first interaction with it. On a slow connection the visitor may type, tick,
 * choose and press Enter before that code arrives: nothing of it is lost, and the held submit
 * goes out once the code runs. A form reached by a client-side navigation works too.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './test';
import { waitForHydration } from './fresh';

/** Whether React runs the element `selector` designates (its `__reactProps$` key). */
const hydrated = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
  }, selector);

/**
 * Holds every script the page asks for from now on until `release()` (a slow connection): the
 * island's code among them.
 */
async function holdScripts(page: Page): Promise<{ held: () => number; release: () => void }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.includes('/_next/static/chunks/') && url.pathname.endsWith('.js'),
    async (route) => {
      if (released) return route.continue();
      waiting.push(route);
    },
  );
  return {
    held: () => waiting.length,
    release: () => {
      released = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
  };
}

test('login: what is typed and the Enter pressed before the form code arrives are kept, and the submit goes out once it runs', async ({ page }) => {
  await page.goto('/ll/login');
  await waitForHydration(page, '[data-testid=menu-button]');
  // The shell runs; the form is the server's HTML, not yet React's.
  await expect(page.locator('main form input[name=email]')).toBeVisible();
  expect(await hydrated(page, 'main form input[name=email]')).toBe(false);

  const scripts = await holdScripts(page);
  const email = `island-${Date.now()}@example.org`;
  await page.locator('main form input[name=email]').fill(email);
  await page.locator('main form input[name=password]').fill('Not-the-password-1');
  await page.locator('main form input[name=password]').press('Enter');
  // The form's code was asked for and is held: still the same page, nothing sent, nothing lost.
  await expect.poll(scripts.held).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/ll\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: 'The password or email is wrong' })).toHaveCount(0);

  const answer = page.waitForResponse((r) => r.url().endsWith('/ll/api/v1/auth/login') && r.request().method() === 'POST');
  scripts.release();
  const reply = await answer;
  expect(reply.status()).toBe(401);
  expect(reply.request().postDataJSON()).toMatchObject({ email, password: 'Not-the-password-1' });
  await expect(page.getByRole('alert').filter({ hasText: 'The password or email is wrong' })).toBeVisible();
  await expect(page.locator('main form input[name=email]')).toHaveValue(email);
  // The refusal clears the password and focuses it (the form's own behaviour, now running).
  await expect(page.locator('main form input[name=password]')).toHaveValue('');
  await expect(page.locator('main form input[name=password]')).toBeFocused();
});

test('registration: a box ticked, a radio and a select chosen and a name typed before the code arrives are the form’s state once it runs', async ({ page }) => {
  const YEAR = String(new Date().getFullYear() - 18);
  await page.goto('/ll/registration/participant');
  await waitForHydration(page, '[data-testid=menu-button]');
  const form = page.locator('main form').first();
  await expect(form.locator('input[name=isRegisterMinor]')).toBeVisible();
  // Without the box ticked there is no relationship field (the form shows it once React runs and sees the box).
  await expect(form.locator('select[name=relationship]')).toHaveCount(0);

  const scripts = await holdScripts(page);
  await form.locator('input[name=isRegisterMinor]').check();
  await form.locator('input[name=firstName]').fill('Lea');
  await form.locator('input[name=gender][value=female]').check();
  // A year both the adult's list (as served, box unticked) and the minor's offer (issue 25).
  await form.locator('select[name="birthday.year"]').selectOption(YEAR);
  await expect.poll(scripts.held).toBeGreaterThan(0);
  expect(await hydrated(page, 'main form input[name=firstName]')).toBe(false);

  scripts.release();
  await expect(form.locator('select[name=relationship]')).toBeVisible();
  await expect(form.locator('input[name=isRegisterMinor]')).toBeChecked();
  await expect(form.locator('input[name=firstName]')).toHaveValue('Lea');
  await expect(form.locator('input[name=gender][value=female]')).toBeChecked();
  await expect(form.locator('select[name="birthday.year"]')).toHaveValue(YEAR);
  // React's state holds them: a re-render (the hint under the box changed with it) kept what the DOM shows.
  await form.locator('input[name=lastName]').fill('Martin');
  await expect(form.locator('input[name=firstName]')).toHaveValue('Lea');
  await expect(form.locator('select[name="birthday.year"]')).toHaveValue(YEAR);
});

test('a form reached by a client-side navigation renders and works', async ({ page }) => {
  await page.goto('/ll/login');
  // The login form's link to the forgotten-password page, once React runs it (a router link).
  await waitForHydration(page, 'main form a[href="/ll/forgotPassword"]');
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.locator('main form a[href="/ll/forgotPassword"]').click();
  await expect(page).toHaveURL(/\/ll\/forgotPassword$/);
  const email = page.locator('main form input[name=email]');
  await expect(email).toBeVisible();
  await page.locator('main form button[type=submit]').click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  // No page load happened: the same document all along.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
