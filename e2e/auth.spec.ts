/**
 * Login, logout, forgotten password and reset (spec §2 /login, /forgotPassword,
 * /resetPassword; §4 Password reset; §8 Login and reset) as a racer uses them:
 *  - English, on a phone: the login page refuses empty fields under each field (the email
 *    focused), a wrong password with 'The password or email is wrong' (the password cleared and
 *    focused), then logs in and opens `next` with a full page load; /login then says who is
 *    logged in, and logs out; after 5 wrong passwords the 6th attempt is refused with the wait
 *    in minutes even with the right password.
 *  - In English and in French (a browser context per language): forgot password → the reset
 *    email in the e2e outbox, in the page's language → its link → the current password refused
 *    as the new one ('Verify password not the same as new password' on the field) → a new
 *    password → the link is used up → logging in with the new password opens /account.
 *  - Without JavaScript, /resetPassword shows each token message from the server: none,
 *    undecodable, unknown, expired, used (with a link to ask for a new one where the spec
 *    says so), and the form for a valid one.
 * Accounts and reset rows are written straight into the e2e database (e2e/db.ts `withDb`), the
 * way the site stores them (better-auth's scrypt hash; only a token's SHA-256).
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from './test';
import { hashPassword } from '../lib/server/accounts/password-hash';
import { withDb } from './db';
import { waitForHydration } from './fresh';
import { decodeQuotedPrintable, decodeWords, mailHead, outboxMails } from './outbox';

const PASSWORD = 'Racing2026ok';
const HOUR = 3600_000;

/** A run's unique tag. */
const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/** Creates a login with a password (users + credential row), as the site stores it; returns its email. */
async function createLogin(name: string, password = PASSWORD): Promise<{ id: string; email: string }> {
  const id = `e2e-${tag()}`;
  const email = `${id}@example.org`;
  const hash = await hashPassword(password);
  await withDb(async (db) => {
    await db.query('insert into users (id, name, email) values ($1, $2, $3)', [id, name, email]);
    await db.query(`insert into auth_accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [`cred-${id}`, id, hash]);
  });
  return { id, email };
}

/** A reset row for `userId` whose token is returned (created `ageMs` ago; used or not). */
async function createReset(userId: string, ageMs: number, used = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const created = new Date(Date.now() - ageMs);
  await withDb((db) =>
    db.query('insert into password_resets (token_hash, user_id, created_at, expires_at, used_at) values ($1, $2, $3, $4, $5)', [
      createHash('sha256').update(token).digest('hex'),
      userId,
      created,
      new Date(created.getTime() + HOUR),
      used ? new Date() : null,
    ]),
  );
  return token;
}

async function newPage(browser: Browser, baseURL: string | undefined, options: { width?: number; javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: options.width ?? 390, height: 844 }, javaScriptEnabled: options.javaScriptEnabled ?? true });
  return context.newPage();
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The decoded reset email sent to `email` (waits for it in the outbox). */
async function resetMailTo(email: string): Promise<{ raw: string; subject: string; link: URL }> {
  let raw = '';
  await expect
    .poll(
      () => {
        // Searched once decoded: a quoted-printable soft break may fall inside `resetPassword` or the address.
        raw = outboxMails().find((r) => r.includes(email) && decodeQuotedPrintable(r).includes('resetPassword?token=')) ?? '';
        return raw !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const subject = decodeWords(/^Subject: (.*)$/m.exec(mailHead(raw))?.[1] ?? '');
  const body = decodeQuotedPrintable(raw);
  const href = /https?:\/\/\S+?\/resetPassword\?token=[A-Za-z0-9_-]{43}/.exec(body)?.[0];
  expect(href, 'the mail holds a reset link').toBeDefined();
  return { raw: body, subject, link: new URL(href!) };
}

test('login: errors under the fields and in an alert, success opens next with a full load, logout, and the lock after 5 failures', async ({ browser, baseURL }) => {
  // Seven scrypt logins and several full page loads: room for a slow CI machine.
  test.setTimeout(120_000);
  const me = await createLogin('Robin Essai');
  const page = await newPage(browser, baseURL);
  await page.goto('/ll/login?next=/faqs');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Log in to your account' });
  const email = form.getByRole('textbox', { name: 'Email' });
  const password = form.getByLabel('Password', { exact: false }).and(page.locator('input'));
  await expect(email).toHaveAttribute('autocomplete', 'email');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(form.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/ll/forgotPassword');
  await expect(form.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/ll/registration/participant');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await waitForHydration(page, 'form');

  // Empty: each field says what is missing; the first is focused.
  const submit = form.getByRole('button', { name: 'Log in', exact: true });
  await submit.click();
  await expect(form.getByText('Please provide the email')).toBeVisible();
  await expect(form.getByText('Please provide the password')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();

  // Show / hide the password.
  await password.fill('Wrong1234');
  await expect(password).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await form.getByRole('button', { name: 'Hide password' }).click();

  // A wrong password: the spec's text, announced; the password cleared and focused.
  await email.fill(me.email.toUpperCase());
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('The password or email is wrong');
  await expect(password).toHaveValue('');
  await expect(password).toBeFocused();

  // The right one: a full page load of `next`, logged in.
  await password.fill(PASSWORD);
  await Promise.all([page.waitForEvent('load'), submit.click()]);
  await expect(page).toHaveURL(/\/ll\/faqs$/);

  // /login now says who is logged in, links to the account, and logs out.
  await page.goto('/ll/login');
  await expect(page.getByText(`You are logged in as Robin Essai (${me.email}).`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my account' })).toHaveAttribute('href', '/ll/account');
  await waitForHydration(page, 'main button');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Log out' }).click()]);
  await expect(page.getByRole('form', { name: 'Log in to your account' })).toBeVisible();
  expect((await page.request.get('/ll/api/v1/auth/session')).ok()).toBe(true);
  expect(await (await page.request.get('/ll/api/v1/auth/session')).json()).toEqual({ user: null });

  // Five wrong passwords: the sixth attempt is refused before the password is looked at.
  await waitForHydration(page, 'form');
  const again = page.getByRole('form', { name: 'Log in to your account' });
  await again.getByRole('textbox', { name: 'Email' }).fill(me.email);
  const pw = again.getByLabel('Password', { exact: false }).and(page.locator('input'));
  for (let i = 0; i < 5; i++) {
    await pw.fill(`Wrong${i}abcd`);
    const [reply] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login')), again.getByRole('button', { name: 'Log in', exact: true }).click()]);
    expect(reply.status()).toBe(401);
    await expect(again.getByRole('alert')).toHaveText('The password or email is wrong');
  }
  await pw.fill(PASSWORD);
  const [locked] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login')), again.getByRole('button', { name: 'Log in', exact: true }).click()]);
  expect(locked.status()).toBe(429);
  await expect(again.getByRole('alert')).toHaveText('Too many failed attempts. Please wait 15 minutes and try again.');
  await page.context().close();
});

for (const locale of ['en', 'fr'] as const) {
  const T = {
    en: {
      prefix: '',
      forgotTitle: 'Forgot your password?',
      email: 'Email',
      send: 'Send the link',
      sent: 'If an account exists for this address, we sent a link to reset your password. The link is valid for one hour and can be used only once.',
      subject: 'Reset your password',
      validity: 'This link is valid for one hour and can be used only once.',
      save: 'Save the new password',
      same: 'Verify password not the same as new password',
      done: 'Your password has been changed. You can now log in with it.',
      login: 'Log in',
      used: 'This reset your password link has already been used',
      loginForm: 'Log in to your account',
      password: 'Password',
    },
    fr: {
      prefix: '/fr',
      forgotTitle: 'Mot de passe oublié?',
      email: 'Courriel',
      send: 'Envoyer le lien',
      sent: 'Si un compte existe pour cette adresse, nous avons envoyé un lien pour réinitialiser votre mot de passe. Le lien est valide pendant une heure et ne peut servir qu’une seule fois.',
      subject: 'Réinitialisation de votre mot de passe',
      validity: 'Ce lien est valide pendant une heure et ne peut servir qu’une seule fois.',
      save: 'Enregistrer le mot de passe',
      same: 'Le nouveau mot de passe doit être différent de l’ancien',
      done: 'Votre mot de passe a été changé. Vous pouvez maintenant vous connecter avec celui-ci.',
      login: 'Se connecter',
      used: 'Ce lien de réinitialisation du mot de passe a déjà été utilisé',
      loginForm: 'Connectez-vous à votre compte',
      password: 'Mot de passe',
    },
  }[locale];

  test(`forgot password → the email → a new password → login (${locale})`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const me = await createLogin('Camille Essai');
    const page = await newPage(browser, baseURL);
    await page.goto(`/ll${T.prefix}/login`);
    await page.getByRole('link', { name: T.forgotTitle }).click();
    await expect(page).toHaveURL(new RegExp(`/ll${T.prefix}/forgotPassword$`));
    await expect(page.getByRole('heading', { level: 1, name: T.forgotTitle })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await waitForHydration(page, 'form');
    await page.getByRole('textbox', { name: T.email }).fill(me.email);
    await page.getByRole('button', { name: T.send }).click();
    const status = page.getByRole('status').filter({ hasText: T.sent });
    await expect(status).toBeVisible();
    await expect(status).toBeFocused();

    // The email, in the page's language, with the link of the page's language.
    const mail = await resetMailTo(me.email);
    expect(mail.subject).toBe(T.subject);
    expect(mail.raw).toContain(T.validity);
    expect(mail.link.pathname).toBe(`/ll${T.prefix}/resetPassword`);

    await page.goto(`${mail.link.pathname}${mail.link.search}`);
    await waitForHydration(page, 'form');
    const newPassword = page.locator('input[name=password]');
    const confirmation = page.locator('input[name=passwordConfirmation]');
    await expect(newPassword).toHaveAttribute('autocomplete', 'new-password');
    // The current password is refused as the new one, on the field.
    await newPassword.fill(PASSWORD);
    await confirmation.fill(PASSWORD);
    await page.getByRole('button', { name: T.save }).click();
    await expect(page.getByText(T.same)).toBeVisible();
    await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(newPassword).toBeFocused();

    await newPassword.fill('Fresh2026ok');
    await confirmation.fill('Fresh2026ok');
    await page.getByRole('button', { name: T.save }).click();
    await expect(page.getByRole('status').filter({ hasText: T.done })).toBeVisible();

    // The link is used up.
    await page.reload();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(T.used);

    // Log in with the new password: /account.
    await page.goto(`/ll${T.prefix}/login`);
    await waitForHydration(page, 'form');
    const form = page.getByRole('form', { name: T.loginForm });
    await form.getByRole('textbox', { name: T.email }).fill(me.email);
    await form.getByLabel(T.password, { exact: false }).and(page.locator('input')).fill('Fresh2026ok');
    await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: T.login, exact: true }).click()]);
    await expect(page).toHaveURL(new RegExp(`/ll${T.prefix}/account$`));
    await page.context().close();
  });
}

test('without JavaScript, /resetPassword shows each token message from the server', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const me = await createLogin('Noa Essai');
  const expired = await createReset(me.id, HOUR + 60_000);
  const used = await createReset(me.id, 60_000, true);
  const valid = await createReset(me.id, 60_000);
  const page = await newPage(browser, baseURL, { javaScriptEnabled: false });
  const ask = () => page.getByRole('link', { name: 'Ask for a new link' });

  await page.goto('/ll/resetPassword');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid access. You do not have a proper token!');
  await expect(ask()).toHaveAttribute('href', '/ll/forgotPassword');

  await page.goto(`/ll/resetPassword?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid access. You do not have a proper token!');
  await expect(ask()).toHaveAttribute('href', '/ll/forgotPassword');

  await page.goto('/ll/resetPassword?token=not-a-token');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The token provided could not be decoded');
  await expect(ask()).toHaveAttribute('href', '/ll/forgotPassword');

  await page.goto(`/ll/resetPassword?token=${expired}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your opportunity to reset your password has expired. You have one hour');
  await expect(ask()).toHaveAttribute('href', '/ll/forgotPassword');

  await page.goto(`/ll/resetPassword?token=${used}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This reset your password link has already been used');
  await expect(ask()).toHaveAttribute('href', '/ll/forgotPassword');

  await page.goto(`/ll/resetPassword?token=${valid}`);
  await expect(page.locator('input[name=password]')).toBeVisible();
  await expect(page.locator('input[name=passwordConfirmation]')).toBeVisible();
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
  await page.context().close();
});
