/**
 * Accounts fit for payments (issue 22), as a newcomer uses them, in English and in French (a
 * browser context per language, on a phone):
 *  - a new account (created through POST /ll/api/v1/registration/participant from the page's
 *    context, which is then logged in) receives the verification mail in the e2e outbox, in the
 *    page's language; /account shows "Your email is not verified yet"; the mail's link
 *    (/ll[/fr]/verify-email?token=…) verifies it, and the banner is gone;
 *  - the password is changed in the Security section (the current one asked): another browser
 *    logged in to the same account is logged out, this one stays logged in;
 *  - the email is changed: a link goes to the new address and a notice to the old one; the
 *    account keeps its email until the link is followed, then shows the new one, which logs in.
 * The e2e product writes its mail to `.data/e2e/outbox` (E2E_OUTBOX_DIR of e2e/db.ts).
 */
import { expect, test, type Page } from './test';
import { freshPage, waitForHydration } from './fresh';
import { decodeQuotedPrintable, decodeWords, mailHead, outboxMails } from './outbox';

const PASSWORD = 'Racing2026ok';
const NEW_PASSWORD = 'Fresh2026ok';

/** Letters only (names accept no digits): a run's tag. */
const tag = () => (Date.now().toString(36) + Math.random().toString(36).slice(2, 6)).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

interface Mail {
  subject: string;
  to: string;
  body: string;
  link: URL | null;
}

function parse(raw: string): Mail {
  const head = mailHead(raw);
  const body = decodeQuotedPrintable(raw);
  const href = /https?:\/\/[^\s"<>]+?\/verify-email\?token=[A-Za-z0-9_.%-]+/.exec(body)?.[0];
  return {
    subject: decodeWords(/^Subject: (.*)$/m.exec(head)?.[1] ?? ''),
    to: decodeWords(/^To: (.*)$/m.exec(head)?.[1] ?? ''),
    body,
    link: href ? new URL(href) : null,
  };
}

/** The mail to `address` whose subject is `subject` (waits for it in the outbox). */
async function mailTo(address: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = outboxMails()
          .filter((raw) => raw.includes(address))
          .map(parse)
          .find((m) => m.to.includes(address) && m.subject === subject);
        return !!found;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Creates a participant account from `page`'s context (which is then logged in as them); returns its email. */
async function createAccount(page: Page, locale: 'en' | 'fr'): Promise<{ email: string; lastName: string }> {
  const run = tag();
  const email = `verify.${run}.${locale}@example.org`;
  const lastName = `Verif${run}`;
  const res = await page.request.post('/ll/api/v1/registration/participant', {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
    data: {
      submissionId: crypto.randomUUID(),
      locale,
      information: { firstName: 'Dominique', lastName, gender: 'male', birthday: { year: 1990, month: 8, day: 17 }, phone: '5145550123', isRegisterMinor: false },
      login: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
      address: { address: '123 Rue Principale', country: 'CA', state: 'QC', city: 'Sherbrooke', zip: 'J1H 1A1' },
      emergencyContact: { firstName: 'Sam', lastName, cell: '8195550000' },
      children: [],
      acknowledgeDuplicate: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, lastName };
}

const TEXTS = {
  en: {
    prefix: '',
    verifySubject: 'Confirm your email address',
    validity: 'This link is valid for 24 hours.',
    unverified: 'Your email is not verified yet',
    verified: 'Your email address is verified',
    chipVerified: 'Verified',
    chipUnverified: 'Not verified',
    passwordSubmit: 'Change my password',
    passwordDone: 'Your password has been changed. Every other device has been logged out.',
    wrongPassword: 'The password is wrong',
    emailSubmit: 'Send the link',
    changeSubject: 'Confirm your new email address',
    noticeSubject: 'A change of your email address was requested',
    changed: 'Your email address has been changed',
  },
  fr: {
    prefix: '/fr',
    verifySubject: 'Confirmez votre adresse courriel',
    validity: 'Ce lien est valide pendant 24 heures.',
    unverified: 'Votre courriel n’est pas encore vérifié',
    verified: 'Votre adresse courriel est vérifiée',
    chipVerified: 'Vérifié',
    chipUnverified: 'Non vérifié',
    passwordSubmit: 'Changer mon mot de passe',
    passwordDone: 'Votre mot de passe a été changé. Tous vos autres appareils ont été déconnectés.',
    wrongPassword: 'Le mot de passe est erroné',
    emailSubmit: 'Envoyer le lien',
    changeSubject: 'Confirmez votre nouvelle adresse courriel',
    noticeSubject: 'Une modification de votre adresse courriel a été demandée',
    changed: 'Votre adresse courriel a été modifiée',
  },
} as const;

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const locale of ['en', 'fr'] as const) {
  const T = TEXTS[locale];

  test(`a new account verifies its email, changes its password and its email (${locale})`, async ({ browser, baseURL }) => {
    // Several scrypt checks and full page loads: room for a slow CI machine.
    test.setTimeout(150_000);
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/ll${T.prefix}/`);
    const me = await createAccount(page, locale);

    // The verification mail, in the page's language, with the link of the page's language.
    const mail = await mailTo(me.email, T.verifySubject);
    expect(mail.body).toContain(T.validity);
    expect(mail.link, 'the mail holds a verification link').not.toBeNull();
    expect(mail.link!.pathname).toBe(`/ll${T.prefix}/verify-email`);

    // Unverified: the account page says so (and the account works meanwhile).
    await page.goto(`/ll${T.prefix}/account`);
    await expect(page.getByTestId('email-unverified')).toContainText(T.unverified);
    await expect(page.getByTestId('email-verified-state')).toHaveText(T.chipUnverified);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The link verifies it.
    await page.goto(`${mail.link!.pathname}${mail.link!.search}`);
    await expect(page.getByRole('main').getByRole('status')).toContainText(T.verified);
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
    await page.goto(`/ll${T.prefix}/account`);
    await expect(page.getByTestId('email-unverified')).toHaveCount(0);
    await expect(page.getByTestId('email-verified-state')).toHaveText(T.chipVerified);

    // Another browser logged in to the same account.
    const other = await browser.newContext({ baseURL });
    const otherLogin = await other.request.post('/ll/api/v1/auth/login', {
      headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
      data: { email: me.email, password: PASSWORD },
    });
    expect(otherLogin.status()).toBe(200);
    expect((await (await other.request.get('/ll/api/v1/auth/session')).json()).user).toMatchObject({ email: me.email });

    // Change the password: a wrong current one is refused on its field; the right one ends the other session.
    const passwordForm = page.getByTestId('change-password-form');
    await waitForHydration(page, '[data-testid=change-password-form] input[name=currentPassword]');
    await passwordForm.locator('input[name=currentPassword]').fill('Wrong-password-1');
    await passwordForm.locator('input[name=newPassword]').fill(NEW_PASSWORD);
    await passwordForm.locator('input[name=newPasswordConfirmation]').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: T.passwordSubmit }).click();
    await expect(passwordForm.getByText(T.wrongPassword)).toBeVisible();
    await expect(passwordForm.locator('input[name=currentPassword]')).toHaveAttribute('aria-invalid', 'true');
    await passwordForm.locator('input[name=currentPassword]').fill(PASSWORD);
    await passwordForm.getByRole('button', { name: T.passwordSubmit }).click();
    await expect(passwordForm.getByRole('status')).toHaveText(T.passwordDone);
    expect((await (await other.request.get('/ll/api/v1/auth/session')).json()).user).toBeNull();
    await other.close();
    expect((await (await page.request.get('/ll/api/v1/auth/session')).json()).user).toMatchObject({ email: me.email });

    // Change the email: a link to the new address, a notice to the old one; nothing changes before the link.
    const newEmail = `moved.${tag()}.${locale}@example.org`;
    const emailForm = page.getByTestId('change-email-form');
    await emailForm.locator('input[name=newEmail]').fill(newEmail);
    await emailForm.locator('input[name=password]').fill(NEW_PASSWORD);
    await emailForm.getByRole('button', { name: T.emailSubmit, exact: true }).click();
    await expect(emailForm.getByRole('status')).toContainText(newEmail);
    const link = await mailTo(newEmail, T.changeSubject);
    const notice = await mailTo(me.email, T.noticeSubject);
    expect(notice.body).toContain(newEmail);
    expect(notice.link).toBeNull();
    await page.reload();
    await expect(page.getByTestId('profile-email')).toHaveText(me.email);

    await page.goto(`${link.link!.pathname}${link.link!.search}`);
    await expect(page.getByRole('main').getByRole('status')).toContainText(T.changed);
    await page.goto(`/ll${T.prefix}/account`);
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail);
    await expect(page.getByTestId('email-verified-state')).toHaveText(T.chipVerified);

    // The new email and the new password log in; the old email no longer does.
    const fresh = await browser.newContext({ baseURL });
    const origin = new URL(page.url()).origin;
    const login = (email: string, password: string) =>
      fresh.request.post('/ll/api/v1/auth/login', { headers: { Origin: origin, 'Content-Type': 'application/json' }, data: { email, password } });
    expect((await login(me.email, NEW_PASSWORD)).status()).toBe(401);
    expect((await login(newEmail, NEW_PASSWORD)).status()).toBe(200);
    await fresh.close();
    await context.close();
  });
}

test('an expired or unusable link says so and offers a new one to the logged-in account', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const page = await freshPage(browser, baseURL);
  await page.goto('/ll/');
  const me = await createAccount(page, 'en');
  await mailTo(me.email, TEXTS.en.verifySubject);
  await page.goto('/ll/verify-email?token=not-a-token');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This link cannot be used');
  await waitForHydration(page, '[data-testid=resend-verification]');
  await page.getByTestId('resend-verification').click();
  await expect(page.getByTestId('verification-resent')).toHaveText(`A new link has been sent to ${me.email}. It is valid for 24 hours.`);

  // Logged out, the page sends to the login page instead.
  const stranger = await freshPage(browser, baseURL);
  await stranger.goto('/ll/verify-email');
  await expect(stranger.getByRole('main').getByRole('alert')).toContainText('This link cannot be used');
  await expect(stranger.getByRole('link', { name: 'Log in to get a new link' })).toHaveAttribute('href', /\/ll\/login\?next=/);
  await stranger.context().close();
  await page.context().close();
});
